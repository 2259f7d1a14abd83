// Package linefacts says what one line of Go source does: the index,
// slice, selector, dereference, type assertion, division, send, close,
// call and assignment expressions of the failing line of a source window,
// each as the exact text of its operands, in source order (outermost
// expression first).
//
// Analyze parses the line alone, or joined with as many neighbouring
// lines of the window as its statement spans (up to six either side),
// with go/parser; it never fails: a line that does not parse gives Facts
// with Parsed false. Nothing is type-checked and nothing outside the
// window is read, so the facts name operands, never their types or
// values. Results are cached by window and shared: callers only read
// them. Analyze is safe for concurrent use.
package linefacts
