//go:build cgo

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/explainerr/explainerr/index"
)

func runSearch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explainerr search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "", "index file (default .explainerr/index.db at the module root)")
	k := fs.Int("k", 8, "number of chunks to show")
	showText := fs.Bool("text", false, "print each chunk's source too")
	exact := fs.Bool("exact", false, "compute the vector part of the ranking by an exact scan instead of the shortlist (for comparison)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: explainerr search [-db FILE] [-k N] [-text] [-exact] QUERY")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	query := strings.TrimSpace(strings.Join(fs.Args(), " "))
	if query == "" {
		fmt.Fprintln(stderr, "explainerr search: a QUERY is required")
		fs.Usage()
		return 2
	}
	if *k <= 0 {
		fmt.Fprintf(stderr, "explainerr search: -k must be positive, not %d\n", *k)
		return 2
	}
	path := *dbPath
	if path == "" {
		wd, err := os.Getwd()
		if err == nil {
			path, err = index.DefaultPath(wd)
		}
		if err != nil {
			fmt.Fprintf(stderr, "explainerr search: %v\n", err)
			return 1
		}
	}
	r, err := index.OpenRetriever(path, index.RetrieverOptions{ExactVectors: *exact})
	if err != nil {
		fmt.Fprintf(stderr, "explainerr search: %v\n", err)
		return 1
	}
	defer r.Close()
	chunks, err := r.Search(context.Background(), query, *k)
	if err != nil {
		fmt.Fprintf(stderr, "explainerr search: %v\n", err)
		return 1
	}
	for i, c := range chunks {
		fmt.Fprintf(stdout, "%2d. %s:%d-%d %s %.3f\n", i+1, c.File, c.StartLine, c.EndLine, c.Symbol, c.Score)
		if *showText {
			for _, line := range strings.Split(c.Text, "\n") {
				fmt.Fprintf(stdout, "      %s\n", line)
			}
		}
	}
	return 0
}
