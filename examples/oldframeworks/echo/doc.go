// Package echoapp checks, with echo v4.10 (the last release whose Response
// has no Unwrap method), that the errors echo handlers return reach
// explainerr's report through echo's error handler and handler.Fail, as
// they do with current echo (../../frameworks/echo), also under echo's
// middleware that wraps the response writer.
package echoapp
