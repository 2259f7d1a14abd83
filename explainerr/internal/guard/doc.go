// Package guard decides who may see a failure's report: the developer, on
// this machine or an allowed peer, and nobody else.
//
// The decision is taken in two steps. Admit (or Entered) records the
// request's RemoteAddr and Host as it enters the middleware, before a
// handler can rewrite them; Config.Decide reads the rest only when the
// request fails: the connection's local address, forwarding headers and
// whether a trusted proxy sent them, the Host (DNS rebinding), and where
// the browser says the request came from (Sec-Fetch-Site, Origin,
// Referer). A Config holds what the developer said about who they are
// (allowed hosts and peers, trusted proxies, or a function that decides).
//
// ReportCORS and ExposeReportHeader fit a report response's CORS headers
// to the verdict, and SameOrigin guards the history's requests that change
// something against cross-site request forgery.
package guard
