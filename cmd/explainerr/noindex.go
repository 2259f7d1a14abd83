//go:build !cgo

package main

import (
	"errors"
	"fmt"
	"io"
)

// errNoCgo says what a build without cgo lacks and how to rebuild.
var errNoCgo = errors.New("this explainerr was built without cgo (CGO_ENABLED=0, or no C compiler was found), " +
	"and the source index is an SQLite file that only a build with cgo can write and read; " +
	"install a C compiler (gcc or clang) and rebuild with cgo: " +
	"CGO_ENABLED=1 go tool explainerr ... (the go command builds the tool again), " +
	"or CGO_ENABLED=1 go install github.com/explainerr/explainerr/cmd/explainerr. " +
	"\"explainerr run\" and \"explainerr explain\" without -rag need no index and work in this build")

// indexSupport returns why what, a command or flag that needs the source
// index, cannot run in this build.
func indexSupport(what string) error {
	return fmt.Errorf("%s needs cgo and a C compiler: %w", what, errNoCgo)
}

// runIndex implements "explainerr index" in a build without cgo: it says
// what the command needs.
func runIndex(_ []string, _, stderr io.Writer) int {
	fmt.Fprintf(stderr, "explainerr index: %v\n", indexSupport("explainerr index"))
	return 1
}

// runSearch implements "explainerr search" in a build without cgo: it says
// what the command needs.
func runSearch(_ []string, _, stderr io.Writer) int {
	fmt.Fprintf(stderr, "explainerr search: %v\n", indexSupport("explainerr search"))
	return 1
}
