// Package sessions shows explainerr next to session middleware that
// buffers the response: scs before v2.6 (LoadAndSave) keeps what the
// handler writes and writes it after the handler returns, through a writer
// with no Unwrap. Its tests state where to put explainerr: inside the
// session middleware, so that it sees the handler's own calls.
package sessions
