//go:build cgo

package main

// The index is an SQLite file read through cgo: a build with cgo links its
// reader, for "explain -rag" and "run -rag".
import _ "github.com/explainerr/explainerr/index/rag"

// indexSupport reports whether this build can build and read the index:
// with cgo, it can.
func indexSupport(string) error { return nil }
