package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/explainerr/explainerr/evals/internal/humanreview"
	"github.com/explainerr/explainerr/evals/internal/pipeline"
)

// humanReview reads a filled human-review sheet and reports how often
// the judge's verdicts were the reviewer's.
func humanReview(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("evals humanreview", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return pipeline.ExitError
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: go run ./evals humanreview SHEET.csv (the human-review.csv of a -judged run, human_verdict filled in)")
		return pipeline.ExitError
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "evals humanreview:", err)
		return pipeline.ExitError
	}
	defer f.Close()
	items, err := humanreview.Read(f)
	if err != nil {
		fmt.Fprintf(stderr, "evals humanreview: %s: %v\n", fs.Arg(0), err)
		return pipeline.ExitError
	}
	humanreview.Compare(items).Write(stdout)
	return pipeline.ExitOK
}
