// Package fakeopenai is an in-process, OpenAI-compatible chat completions
// server for tests and offline evaluation runs. No real model is involved:
// every answer is scripted.
//
// The server records every request it receives (method, path, headers, the
// raw body bytes, and the decoded model, messages and stream flag) so that a
// test can assert on exactly what a client sent, and plays back a script of
// answers, one per call:
//
//	srv := fakeopenai.New()
//	defer srv.Close()
//	srv.Enqueue(
//		fakeopenai.Status(429, "slow down"),            // first call
//		fakeopenai.Reply("It failed because..."),       // second call
//	)
//	// point the client at srv.URL (it ends in /v1) and use srv.Client()
//
// Answers are plain JSON chat completions, or server-sent event streams when
// the request asked for "stream": true. The Answer type and its helpers
// script the awkward cases a client has to survive: an HTTP error status
// ([Status]), a reply slower than the client's timeout ([Answer.WithDelay]),
// a stream that stalls until the client goes away ([Stall]), a stream cut
// off midway ([Cut]), malformed JSON ([Malformed]), an enormous reply
// ([Huge]), a reply stopped at the token limit ([Answer.WithFinishReason]
// "length"), and a served model that differs from the one asked for
// ([Answer.WithModel]).
//
// For answers that depend on the request (an evaluation that scripts both a
// generator and a judge on the same server, say) set a [HandlerFunc] with
// [Server.Handle]: it is called for every request the queue does not
// answer.
//
// Close ends every handler, including stalled ones, and waits for them, so a
// test that closes the server leaves no goroutine of the server behind.
package fakeopenai
