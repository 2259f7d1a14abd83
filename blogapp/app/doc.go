// Package app is a small blog (posts, authors, comments, tags) on chi,
// SQLite and html/template, written to break: besides its ordinary pages it
// serves fifteen routes that each fail in one realistic way, described in
// blogapp/fixtures.json. Templates are embedded but parsed on every request,
// as a development server would, so that a broken template is a failing
// request rather than a failed start.
//
// New builds the handler; NewWithExplainer builds it with explainerr's
// middleware installed on the router, so that failures get explained and
// the chi route pattern is known. OpenDB opens (and, when empty, creates and
// seeds) the database.
package app
