// Package respcapture wraps a handler's http.ResponseWriter for one request
// and records what went wrong with the response, so that the middleware can
// replace a failing response by its report, or tell why it may not.
//
// A Writer lets everything through to the client's writer, except a 5xx
// status, which it holds back together with the body that follows (up to
// 64 KiB), with the stack at the WriteHeader call: the middleware may then
// answer with the report instead. Once the app flushes, hijacks
// the connection, writes another status or a longer body, the response
// has started and is never replaced; a 5xx written after that is recorded
// as a late status. The Writer also takes the error a handler.Func
// returns (it is a handler.ErrorTaker), and records the calls net/http
// would have logged ("superfluous response.WriteHeader call") so that
// they are logged naming the app's call site, not the wrapper.
//
// The cost of a request that does not fail is the Writer alone (32 bytes):
// until the first sign of trouble it points at the Owner's shared mark,
// which nothing changes; the first call that records something makes the
// request's own Failure.
//
// Each Writer has a gate (gate.go) that makes the end of the handler
// exact. Every call enters and leaves it; the middleware calls Close when
// the handler returns or panics, which waits for the calls in progress.
// After that, calls from goroutines the handler left running are dropped
// (and logged once, naming their call site) and what the Failure holds is
// the middleware's alone to read. Enter and Leave let the middleware
// record the request body its handler reads under the same gate.
//
// Messages (Failure.Message, Late.Message) turn a held body into the
// failure's text: decompressed when a compressor inside the middleware
// encoded it, and an HTML error page reduced to what a reader sees. Frames
// turns a status's stack into report frames, with the pass-through writers
// it went through (an access log's statusWriter) counted as machinery.
package respcapture
