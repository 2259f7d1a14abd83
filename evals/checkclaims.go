package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/checker"
	"github.com/explainerr/explainerr/evals/internal/pipeline"
	"github.com/explainerr/explainerr/evals/internal/source"
)

// checkClaims is "go run ./evals checkclaims -dir DIR -claims FILE": it runs
// the mechanical claim checker over the module rooted at DIR on a labelled
// claims file (the format of evals/claims.json), prints one line per
// sentence and, last, the checker's precision and recall at finding
// fabrications. With -text FILE instead of -claims, it checks the claims
// of one explanation (Markdown, as a report's explanation.text) and
// prints each the module's source contradicts, then a count. It exits 0
// whenever it ran, whatever it found.
func checkClaims(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("evals checkclaims", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "root `DIR` of the Go module the claims are about (the directory of its go.mod)")
	claimsPath := fs.String("claims", "", "labelled claims `FILE` in the format of evals/claims.json")
	textPath := fs.String("text", "", "an explanation's text `FILE`, whose claims are checked unlabelled")
	if err := fs.Parse(args); err != nil {
		return pipeline.ExitError
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "evals checkclaims: "+format+"\n", a...)
		return pipeline.ExitError
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q (usage: go run ./evals checkclaims -dir DIR -claims FILE)", fs.Arg(0))
	case *dir == "" || (*claimsPath == "") == (*textPath == ""):
		return fail("-dir and one of -claims or -text are required (usage: go run ./evals checkclaims -dir DIR -claims FILE | -text FILE)")
	}
	if st, err := os.Stat(*dir); err != nil {
		return fail("module directory: %v", err)
	} else if !st.IsDir() {
		return fail("module directory: %s is not a directory", *dir)
	}
	if _, err := os.Stat(filepath.Join(*dir, "go.mod")); err != nil {
		return fail("%s is not the root of a Go module: no go.mod in it", *dir)
	}
	if *textPath != "" {
		text, err := os.ReadFile(*textPath)
		if err != nil {
			return fail("text file: %v", err)
		}
		m, err := source.Load(*dir, "./...")
		if err != nil {
			return fail("%v", err)
		}
		results := checker.New(m).CheckText(string(text))
		wrong := 0
		for _, r := range results {
			if r.Fabricated() {
				wrong++
				fmt.Fprintf(stdout, "contradicted\t%s\t%s\n", oneLine(r.Text), oneLine(r.Reason))
			}
		}
		fmt.Fprintf(stdout, "%d of %d claims contradicted\n", wrong, len(results))
		return pipeline.ExitOK
	}
	set, err := checker.ReadLabelled(*claimsPath)
	if err != nil {
		return fail("claims file %s: %v", *claimsPath, err)
	}
	m, err := source.Load(*dir, "./...")
	if err != nil {
		return fail("%v", err)
	}
	score := checker.New(m).ScoreSet(set)
	for _, o := range score.Outcomes {
		fmt.Fprintln(stdout, outcomeLine(o))
	}
	fmt.Fprintf(stdout, "precision %.2f recall %.2f over %d claims\n", score.Precision(), score.Recall(), len(score.Outcomes))
	return pipeline.ExitOK
}

// outcomeLine is one sentence's result: its id, label, whether it was
// flagged (and so TP, FP, FN or TN), the sentence, and what the checker
// found wrong in it.
func outcomeLine(o checker.Outcome) string {
	label, verdict := "true", "clear"
	if o.Fabricated {
		label = "fabricated"
	}
	if o.Flagged {
		verdict = "flagged"
	}
	var why []string
	for _, r := range o.Results {
		if r.Fabricated() {
			why = append(why, fmt.Sprintf("%s: %s (%s)", r.Text, r.Verdict, r.Reason))
		}
	}
	detail := fmt.Sprintf("%d claim(s) checked", len(o.Results))
	if len(why) > 0 {
		detail = strings.Join(why, "; ")
	}
	return fmt.Sprintf("%s %s %-10s %-7s %q: %s", o.Label(), o.ID, label, verdict, o.Text, detail)
}

// oneLine writes s on one line, its tabs and newlines as spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
