// Command redaction-false-positives measures how often the redactor hides
// text that is no secret. It redacts every .go file of the directories it
// is given, and every other file given, each as one text (as a source
// window or a log excerpt is redacted), counts each hidden span as a false
// positive unless an allow-list entry says it is a real secret, and prints
// the hidden spans per 10,000 lines.
//
// Usage:
//
//	go run ./scripts/redaction-false-positives [-allow file] [-v] name=path...
//
// A path is a directory (its .go files, at any depth, testdata included)
// or a file (a log). Each name=path pair is one corpus; pairs with the
// same name add up, and corpora named "group: name" are also summed by
// group. "secrets" counts the spans the allow-list says are real
// secrets; FP/10k is the other spans per 10,000 lines.
package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/redact"
)

func main() {
	allowPath := flag.String("allow", "scripts/redaction-false-positives/allow.txt", "allow-list: lines of `path-suffix<TAB>text<TAB>reason`")
	verbose := flag.Bool("v", false, "print every false positive")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: redaction-false-positives [-allow file] [-v] name=path...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := report(os.Stdout, flag.Args(), *allowPath, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "redaction-false-positives:", err)
		os.Exit(1)
	}
}

// report measures the corpora of args (name=path) and writes the table.
func report(w io.Writer, args []string, allowPath string, verbose bool) error {
	allow, err := readAllowList(allowPath)
	if err != nil {
		return err
	}
	var order []string
	totals := map[string]*tally{}
	for _, arg := range args {
		name, path, ok := strings.Cut(arg, "=")
		if !ok || name == "" || path == "" {
			return fmt.Errorf("%q is not name=path", arg)
		}
		t := totals[name]
		if t == nil {
			t = &tally{}
			totals[name] = t
			order = append(order, name)
		}
		if err := measure(w, path, allow, t, verbose); err != nil {
			return err
		}
	}
	row := func(name string, t *tally) {
		fmt.Fprintf(w, "%-44s %6d %8d %7d %8d %9.2f\n", name, t.files, t.lines, t.hidden, t.allowed, t.perTenThousand())
	}
	fmt.Fprintf(w, "%-44s %6s %8s %7s %8s %9s\n", "corpus", "files", "lines", "hidden", "secrets", "FP/10k")
	var groups []string
	sums := map[string]*tally{}
	for _, name := range order {
		t := totals[name]
		row(name, t)
		if g, _, ok := strings.Cut(name, ": "); ok {
			if sums[g] == nil {
				sums[g] = &tally{}
				groups = append(groups, g)
			}
			sums[g].add(t)
		}
	}
	for _, g := range groups {
		row("all "+g, sums[g])
	}
	return nil
}

// add adds the counts of u to t.
func (t *tally) add(u *tally) {
	t.files += u.files
	t.lines += u.lines
	t.hidden += u.hidden
	t.allowed += u.allowed
}

// A tally counts the files, lines and hidden spans of a corpus.
type tally struct {
	files, lines, hidden, allowed int
}

// perTenThousand returns the hidden spans no allow-list entry explains,
// per 10,000 lines.
func (t *tally) perTenThousand() float64 {
	if t.lines == 0 {
		return 0
	}
	return float64(t.hidden-t.allowed) * 10000 / float64(t.lines)
}

// An allowEntry says that a span hidden in a line holding text, in a file
// whose path ends with suffix, is a real secret.
type allowEntry struct {
	suffix, text, reason string
}

// readAllowList reads the allow-list: one entry a line, as three fields
// separated by tabs (path suffix, text of the line, reason); "#" starts a
// comment line. An entry without a reason is an error.
func readAllowList(path string) ([]allowEntry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []allowEntry
	for n, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[0] == "" || f[1] == "" || strings.TrimSpace(f[2]) == "" {
			return nil, fmt.Errorf("%s:%d: want path-suffix<TAB>text<TAB>reason, got %q", path, n+1, line)
		}
		out = append(out, allowEntry{suffix: f[0], text: f[1], reason: f[2]})
	}
	return out, nil
}

// measure redacts the file at path, or the .go files under it, into t.
func measure(w io.Writer, path string, allow []allowEntry, t *tally, verbose bool) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return measureFile(w, path, allow, t, verbose)
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, f := range files {
		if err := measureFile(w, f, allow, t, verbose); err != nil {
			return err
		}
	}
	return nil
}

// measureFile redacts one file as one text and counts the spans hidden
// in each of its lines.
func measureFile(w io.Writer, path string, allow []allowEntry, t *tally, verbose bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(data)
	before := strings.Split(text, "\n")
	after := strings.Split(redact.String(text), "\n")
	if len(before) != len(after) {
		return fmt.Errorf("%s: redaction changed the line count from %d to %d", path, len(before), len(after))
	}
	t.files++
	t.lines += len(before)
	if strings.HasSuffix(text, "\n") {
		t.lines-- // the empty piece after the last line break is no line
	}
	for i := range before {
		n := strings.Count(after[i], redact.Mask) - strings.Count(before[i], redact.Mask)
		if n <= 0 {
			continue
		}
		t.hidden += n
		if allowed(allow, path, before[i]) {
			t.allowed += n
			continue
		}
		if verbose {
			fmt.Fprintf(w, "%s:%d: %d hidden\n\t%s\n\t%s\n", path, i+1, n, strings.TrimSpace(before[i]), strings.TrimSpace(after[i]))
		}
	}
	return nil
}

// allowed reports whether an allow-list entry covers line of the file at
// path.
func allowed(allow []allowEntry, path, line string) bool {
	slashed := filepath.ToSlash(path)
	for _, e := range allow {
		if strings.HasSuffix(slashed, e.suffix) && strings.Contains(line, e.text) {
			return true
		}
	}
	return false
}
