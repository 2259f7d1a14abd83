// Package explainerr is development middleware that turns a failing request
// into a rich local error page with an explanation of what went wrong.
//
// Wrap a router with an Explainer's Middleware:
//
//	import (
//		"github.com/explainerr/explainerr/explainerr"
//		_ "github.com/explainerr/explainerr/explainerr/provider/openai" // the model client (optional)
//		_ "github.com/explainerr/explainerr/index/rag"                  // retrieval (optional; cgo)
//	)
//
//	ex, err := explainerr.New()
//	if err != nil { log.Fatal(err) }
//	r := chi.NewRouter()
//	r.Use(ex.Middleware)
//
// Three kinds of failure are caught: a panic in a handler, an error returned
// by a handler written as a HandlerFunc, and a 5xx status the app writes
// itself (as http.Error does). One failure goes one way, through these
// stages, each taking a value and returning one, none running another
// again:
//
//  1. Catch (middleware.go). The handler's panic, returned error or 5xx
//     status ends the request: the response writer (package
//     internal/respcapture) holds a 5xx back and takes a returned error,
//     and is closed when the handler returns; finish builds the first
//     report from what it recorded (capture.go): the error, its chain, and
//     the stack with the app's own frames always kept.
//  2. Decide (package internal/guard). Who gets what: reports go only to
//     the developer, a client that reached the server from this machine as
//     the connection saw it (or from a peer or through a proxy the
//     developer named), with a Host that names this machine and from no
//     other site's page. Everyone else gets the app's own response, or a
//     plain 500, and causes no model call (refused.go).
//  3. Complete (respond.go, handleFailure). The request (method, URL, route,
//     headers, fields and the body the handler read: requestcapture.go),
//     what the request wrote to the log package and log/slog while it ran
//     (package internal/logcapture), and the request's own secrets
//     (requestSecrets); then the source windows of app frames, the build
//     and the configuration's notices (Explainer.Seal).
//  4. Seal (redact.Seal). The report is redacted once, every text of it,
//     and becomes a redact.Sealed: the only value the later stages and the
//     sinks accept. What is added later (the prompt, the retrieved source,
//     the explanation, a notice) enters through redact.Sealed.Amend, which
//     redacts it on the way in.
//  5. Prepare (Explainer.Prepare). The app's source the context mode asks
//     for, then the prompt and the fingerprint; no redaction inside.
//  6. Explain (Explainer.Explain, internal/engine). A provider explains the
//     prepared report: an OpenAI-compatible model when one is configured,
//     or the offline analyzer; cached by fingerprint, throttled, with the
//     offline analysis as fallback. Explain does not prepare: a report with
//     no prompt is ErrNotPrepared.
//  7. Deliver. The sealed, explained report goes to the sinks: the client
//     (an HTML page whose trace shows at once while the explanation streams
//     in; the JSON report for "Accept: application/json"; Markdown
//     otherwise, the explanation first as on the page), one log record
//     (log.go), and the history (history.go), whose pages and follow-up
//     questions (package internal/historyhttp) read it back. A client that gets no page (one
//     refused, or a response already started) has stages 4 to 7 run off
//     the request (explainLater, refused.go).
//
// With retrieval on, the model also sees the app's own source, retrieved
// from the index that "explainerr index" builds.
//
// This package is the core: capturing failures, the page and the offline
// analysis, in pure Go. The model client and retrieval are linked only by
// their blank imports, which register them (as database/sql drivers
// register); a setting that asks for one that is not linked gets the
// offline analysis and a notice, on the page and in the log, naming the
// import to add (ModelClientImport, RetrievalImport). HandlerFunc is
// handler.Func, from a package that needs only the standard library, so
// that a production build can leave this package out entirely.
//
// The prompt carries the app's own source in one of three context modes
// (EXPLAINERR_CONTEXT, WithContext): plain (the trace and the request
// only), static (also the app frames' functions and the module functions
// they call directly, read from the app's files with go/parser: no index,
// no cgo) and rag (also the source retrieved from the index, which needs
// retrieval linked). Without a mode set, an explanation uses the index when
// one can be opened and the static context otherwise; EXPLAINERR_RAG=on is
// an alias of rag.
//
// Settings come from the environment (OPENAI_API_KEY, OPENAI_BASE_URL,
// EXPLAINERR_MODEL, EXPLAINERR_PROVIDER, EXPLAINERR_CONTEXT, EXPLAINERR_RAG,
// EXPLAINERR_INDEX, EXPLAINERR_LOGS) and are overridden by Options.
package explainerr
