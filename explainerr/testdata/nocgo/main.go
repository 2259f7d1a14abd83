// Command nocgo starts an Explainer with retrieval asked for, in a build
// that may have no cgo, and prints the notices it logs.
package main

import (
	"log/slog"
	"os"

	"github.com/explainerr/explainerr/explainerr"
)

func main() {
	ex, err := explainerr.New(explainerr.WithLogger(slog.New(slog.NewTextHandler(os.Stdout, nil))))
	if err != nil {
		slog.Error("new", "err", err)
		os.Exit(1)
	}
	ex.Close()
}
