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
// itself (as http.Error does). For each, the middleware builds a report (see
// package report): the error, the stack with the app's own frames always
// kept, the source around them, the request with secrets hidden, and build
// information. It then asks a provider for an explanation: an
// OpenAI-compatible model when one is configured, or the offline analyzer.
// With retrieval on, the model also sees the app's own source, retrieved from
// the index that "explainerr index" builds.
//
// Browsers get an HTML page whose trace shows at once while the explanation
// streams in; "Accept: application/json" gets the JSON report; anything else
// gets Markdown, the explanation first as on the page. Reports go only to the developer: a client that reached the
// server from this machine as the connection saw it (or from a peer or
// through a proxy the developer named), with a Host that names this machine
// and from no other site's page. Everyone else gets the app's own response,
// or a plain 500, and causes no model call.
//
// What the failing request wrote to the log package and to log/slog while
// it ran, and the body its handler read, are part of the report, redacted
// like everything else.
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
