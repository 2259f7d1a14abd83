//go:build cgo

package main

// Retrieval reads a SQLite index, which needs cgo: it is linked only when
// cgo is on, and EXPLAINERR_RAG=on without it says what is missing.
import _ "github.com/explainerr/explainerr/index/rag"
