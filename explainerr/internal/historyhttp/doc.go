// Package historyhttp serves the failure history over HTTP, at Path
// ("/_explainerr/"), beside the app: the list of recent failures (HTML,
// JSON or text by Accept, with a button that clears it), each stored
// report's page at ReportsPath + its id (HTML, JSON or Markdown), and the
// actions on a report at ReportsPath + id + "/" + action (the follow-up
// question), which the middleware supplies.
//
// A Server is made once, from what the middleware knows: the store (package
// internal/history), the guard's configuration, and the pieces of a report
// page that depend on the middleware's own settings (editor links, whether
// a model can answer follow-up questions). The middleware hands it every
// request whose path IsPath; Serve answers the developer only, and passes
// the request back (returns false) for any other client, which then learns
// nothing from these paths.
package historyhttp
