// Package ginapp checks, with gin v1.8 (the last release whose writer has
// no Unwrap method), that errors reach explainerr's report through gin's
// writer: a handler.Func mounted with gin.WrapH, and an error a gin
// middleware hands over with handler.Fail.
package ginapp
