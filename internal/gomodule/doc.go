// Package gomodule finds the Go module a directory or file belongs to on
// this machine: the nearest go.mod above it, the module path it declares,
// the running program's main module, and a file's path relative to its
// module's root. The middleware's frame classifier, the prompt, the page,
// the module understanding, the index and the CLI all ask it; it reads
// files only, links nothing of the go command, and imports no other
// package of this module.
package gomodule
