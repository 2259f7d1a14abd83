// Package historyhttp serves the failure history over HTTP, at Path
// ("/_explainerr/"), beside the app: the list of recent failures (HTML,
// JSON or text by Accept, with a button that clears it), each stored
// report's page at ReportsPath + its id (HTML, JSON or Markdown), and the
// follow-up questions asked from that page, posted to its "/ask" and
// answered by the model as a stream of JSON lines, then kept with the
// report.
//
// A Server is made once, from what the middleware knows: the store (package
// internal/history), the guard's configuration, the engine that asks the
// model, and how a report page starts (with the middleware's editor
// links). The middleware hands it every request whose path IsPath; Serve
// answers the developer only, and passes the request back (returns false)
// for any other client, which then learns nothing from these paths. What
// changes something (clearing, asking) must also come from the history's
// own pages (guard.SameOrigin).
package historyhttp
