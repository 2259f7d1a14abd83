// Package failureclass names the kinds of failure the offline analyzer
// recognises and recognises them from an error's messages and database
// code. It is a leaf: the analyzer and the index both read it, and it
// imports neither.
package failureclass
