// Command explainerr builds and queries the source index that grounds
// explanations, and explains Go crash dumps.
//
// Usage:
//
//	explainerr index   [-db FILE] [-embedder hash|openai] [-model NAME] [-tests] [-rebuild] [PATTERN ...]
//	explainerr search  [-db FILE] [-k N] [-text] QUERY
//	explainerr explain [-db FILE] [-rag] [-module PATH] [-print-prompt] [-budget N] [FILE|-]
//	explainerr run     [-restart] [-db FILE] [-rag] [-module PATH] [-budget N] -- CMD [ARGS...]
//
// Each subcommand's -h lists its flags.
//
// The index is an SQLite file written and read through cgo. A build
// without cgo (CGO_ENABLED=0, or no C compiler) runs "explain" and "run";
// "index", "search" and -rag then fail, saying that they need cgo and a C
// compiler and how to rebuild.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the process exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "index":
		return runIndex(args[1:], stdout, stderr)
	case "search":
		return runSearch(args[1:], stdout, stderr)
	case "explain":
		return runExplain(args[1:], stdin, stdout, stderr)
	case "run":
		return runRun(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	default:
		fmt.Fprintf(stderr, "explainerr: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  explainerr index   [-db FILE] [-embedder hash|openai] [-model NAME] [-tests] [-rebuild] [PATTERN ...]
        build or update the source index (default ./...)
  explainerr search  [-db FILE] [-k N] [-text] QUERY
        show the chunks a query retrieves
  explainerr explain [-db FILE] [-rag] [-module PATH] [-print-prompt] [-budget N] [FILE|-]
        explain a Go crash dump from a file or stdin
  explainerr run     [-restart] [-db FILE] [-rag] [-module PATH] [-budget N] -- CMD [ARGS...]
        run a command and explain every Go crash dump it prints

Run "explainerr COMMAND -h" for a command's flags.
`)
}
