// Package pattern keeps the regular expressions the analyzer builds at
// run time from names found in a report (a field, a receiver, a table).
//
// Compiling a pattern costs far more than running it on a window of
// source, and a failing page tends to fail again with the same names, so
// Compiled keeps what it compiled, shared, up to a bound (past it the
// cache starts again empty, so that a long-running server that sees many
// different failures does not grow without limit). It is safe for
// concurrent use.
package pattern
