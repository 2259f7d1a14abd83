// Package serialcheck makes golang.org/x/tools/go/packages type-check one
// package at a time in the programs that import it.
//
// go/packages type-checks the packages of a Load concurrently, up to the
// GOMAXPROCS it finds when it is initialized, and go/types races on the
// types those checkers share through export data (golang/go#81122): the
// race detector flags it, and without it a type can come out malformed.
// This package's initialization sets GOMAXPROCS to 1, and Go initializes
// packages in the order of their import paths among those whose imports
// are ready, so this one (github.com/...) comes before
// golang.org/x/tools/go/packages, which then sizes its limit to one.
// Restore gives the program its processors back; the package that loads
// the module (evals/internal/source) calls it from its own init, which
// runs after go/packages has been initialized.
package serialcheck

import "runtime"

// procs is GOMAXPROCS as it was before this package was initialized.
var procs = runtime.GOMAXPROCS(1)

// Restore sets GOMAXPROCS back to what it was before this package was
// initialized.
func Restore() { runtime.GOMAXPROCS(procs) }
