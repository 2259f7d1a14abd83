package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/explainerr/explainerr/internal/gomodule"

	"golang.org/x/term"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// promptSeparator is printed between the system and the user message by
// "explain -print-prompt".
const promptSeparator = "-------- user message --------"

// explainFlags are the options of "explainerr explain".
type explainFlags struct {
	db          string
	rag         bool
	module      string
	printPrompt bool
	budget      int
}

// runExplain implements "explainerr explain": it reads a Go crash dump
// from a file or stdin, finds the goroutine that failed, and explains the
// failure (or, with -print-prompt, prints the prompt and stops).
func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var fl explainFlags
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&fl.db, "db", "", "index `file` (default .explainerr/index.db at the module root)")
	fs.BoolVar(&fl.rag, "rag", false, "ground the explanation in the app's source retrieved from the index")
	fs.StringVar(&fl.module, "module", "", "the app's module `path`, or several separated by commas (default: the module of the current directory)")
	fs.BoolVar(&fl.printPrompt, "print-prompt", false, "print the prompt that would be sent and make no model call")
	fs.IntVar(&fl.budget, "budget", prompt.DefaultTraceBudget, "character budget of the trace in the prompt")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: explainerr explain [-db FILE] [-rag] [-module PATH] [-print-prompt] [-budget N] [FILE|-]")
		fmt.Fprintln(stderr, "Explains a Go crash dump (a panic, a fatal error, a \"go test\" panic, a goroutine dump) read from FILE or stdin.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "explainerr explain: one crash dump at a time, got %d arguments\n", fs.NArg())
		fs.Usage()
		return 2
	}
	if fl.budget <= 0 {
		fmt.Fprintf(stderr, "explainerr explain: -budget must be positive, got %d\n", fl.budget)
		return 2
	}
	if fl.rag {
		if err := indexSupport("-rag"); err != nil {
			fmt.Fprintf(stderr, "explainerr explain: %v\n", err)
			return 1
		}
	}
	name := "-"
	if fs.NArg() == 1 {
		name = fs.Arg(0)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := explainDump(ctx, fl, name, stdin, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "explainerr explain: %v\n", err)
		return 1
	}
	return 0
}

// explainDump does the work of runExplain once its flags are parsed.
func explainDump(ctx context.Context, fl explainFlags, name string, stdin io.Reader, stdout, stderr io.Writer) error {
	in, closeIn, err := openDump(name, stdin, stderr)
	if err != nil {
		return err
	}
	defer closeIn()

	modules, root := appModules(fl.module)
	if len(modules) == 0 {
		fmt.Fprintln(stderr, "explainerr explain: warning: no -module given and no go.mod in the current directory, so only the crashed program's main package counts as the app's")
	}
	dump, r, err := parseCrash(in, modules, root)
	if err != nil {
		if name != "-" {
			return fmt.Errorf("%s: %w", name, err)
		}
		return err
	}
	fmt.Fprintln(stderr, dumpSummary(dump, r))

	opts := crashExplainerOptions(fl, modules)
	if fl.printPrompt {
		// No model is called, so no model needs to be configured.
		opts = append(opts, explainerr.WithProviderName("offline"))
	}
	ex, err := explainerr.New(opts...)
	if err != nil {
		return err
	}
	defer ex.Close()

	// The report is sealed (redacted) once, then prepared. The app's
	// source and the dump may hold control characters; neither the model
	// nor the terminal gets them.
	s := ex.Prepare(ctx, ex.Seal(r)).Amend(func(r *report.Report) {
		r.Prompt.System = stack.StripControl(r.Prompt.System)
		r.Prompt.User = stack.StripControl(r.Prompt.User)
	})
	printNotices(stderr, s.Report())
	if fl.printPrompt {
		p := s.Prompt()
		_, err := fmt.Fprintf(stdout, "%s\n%s\n%s", p.System, promptSeparator, p.User)
		return err
	}

	streamed := false
	s, err = ex.Explain(ctx, s, func(delta string) {
		streamed = true
		io.WriteString(stdout, stack.StripControl(delta))
	})
	if err != nil {
		return err
	}
	r = s.Report()
	e := r.Explanation
	if !streamed && e.Text != "" {
		io.WriteString(stdout, stack.StripControl(e.Text))
	}
	if e.Text != "" && !strings.HasSuffix(e.Text, "\n") {
		io.WriteString(stdout, "\n")
	}
	fmt.Fprintf(stdout, "\n-- %s\n", stack.StripControl(footer(r)))
	if e.Error != "" {
		return fmt.Errorf("no complete explanation: %s", e.Error)
	}
	return nil
}

// openDump opens the named dump, or stdin for "-".
func openDump(name string, stdin io.Reader, stderr io.Writer) (io.Reader, func(), error) {
	if name == "-" {
		// A terminal, not any character device: /dev/null is one too.
		if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			fmt.Fprintln(stderr, "explainerr explain: reading a crash dump from the terminal; end it with Ctrl-D (or pass a FILE)")
		}
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("%s is a directory, not a crash dump", name)
	}
	return f, func() { f.Close() }, nil
}

// appModules returns the app's module prefixes, from -module or else from
// the go.mod of the current directory, and the local root of the first
// one when it is the module of the current directory.
func appModules(flagValue string) (modules []string, root string) {
	for _, m := range strings.Split(flagValue, ",") {
		if m = strings.TrimSpace(m); m != "" {
			modules = append(modules, m)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return modules, ""
	}
	here, hereRoot := gomodule.At(wd)
	if len(modules) == 0 && here != "" {
		modules = []string{here}
	}
	if len(modules) > 0 && here == modules[0] {
		root = hereRoot
	}
	return modules, root
}

// dumpReport builds the report of a parsed dump. App frames whose files
// exist on this machine (below root, wherever the dump was made) point at
// the local copies, so that their source can be shown.
func dumpReport(d *stack.Dump, modules []string, root string) *report.Report {
	msg := d.Message
	if msg == "" {
		msg = fmt.Sprintf("%s; goroutine %d [%s], one of %d, was taken as the failing one", stack.NoFailureDump, d.Goroutine, d.State, d.Goroutines)
	}
	r := &report.Report{
		Error:  report.Error{Kind: report.KindCrash, Type: d.Type, Message: msg},
		Frames: d.Frames,
		Time:   time.Now(),
		// The program that crashed, not this one: its module, and no Go
		// version, which a dump does not record.
		Build: report.Build{GoVersion: "not in the dump", Module: firstOr(modules, "unknown")},
	}
	localize := func(frames []report.Frame) {
		for i := range frames {
			if frames[i].Kind == report.FrameApp {
				frames[i].File = localFile(frames[i].File, modules, root)
			}
		}
	}
	localize(r.Frames)
	localCopy := func(f *report.Frame) *report.Frame {
		if f == nil {
			return nil
		}
		c := []report.Frame{*f}
		localize(c)
		return &c[0]
	}
	r.CreatedBy = localCopy(d.Creator)
	for _, g := range d.Blocked {
		g.Frames = append([]report.Frame(nil), g.Frames...)
		localize(g.Frames)
		g.CreatedBy = localCopy(g.CreatedBy)
		r.Goroutines = append(r.Goroutines, g)
	}
	if d.Ambiguous {
		r.Notices = append(r.Notices, fmt.Sprintf("The dump does not say which goroutine failed: %s (goroutine %d, one of %d).", d.Reason, d.Goroutine, d.Goroutines))
	}
	r.Notices = append(r.Notices, d.Notes...)
	if d.Elided {
		r.Notices = append(r.Notices, "The Go runtime left some frames of the failing goroutine out of the dump (deep recursion).")
	}
	return r
}

// firstOr returns the first of list, or def when list is empty.
func firstOr(list []string, def string) string {
	if len(list) == 0 {
		return def
	}
	return list[0]
}

// localFile maps a file named in a dump to the same file on this machine,
// below root: the path as it is, relative to root, after the module path
// ("…/src/example.com/app/x/y.go" or a -trimpath "example.com/app/x/y.go"),
// or its longest tail that exists below root. It returns file unchanged when
// no local copy is found; a candidate that climbs out of root ("..") is
// never taken.
func localFile(file string, modules []string, root string) string {
	if root == "" || file == "" {
		return file
	}
	if filepath.IsAbs(file) && isFile(file) {
		return file
	}
	isFile := func(path string) bool { return within(root, path) && isFile(path) }
	slash := filepath.ToSlash(file)
	if !strings.HasPrefix(slash, "/") && isFile(filepath.Join(root, file)) {
		return filepath.Join(root, file)
	}
	if len(modules) > 0 {
		m := modules[0]
		rest, ok := strings.CutPrefix(slash, m+"/")
		if !ok {
			if i := strings.Index(slash, "/"+m+"/"); i >= 0 {
				rest, ok = slash[i+len(m)+2:], true
			}
		}
		if ok && isFile(filepath.Join(root, filepath.FromSlash(rest))) {
			return filepath.Join(root, filepath.FromSlash(rest))
		}
	}
	parts := strings.Split(strings.TrimPrefix(slash, "/"), "/")
	for i := 1; i < len(parts); i++ {
		cand := filepath.Join(root, filepath.FromSlash(strings.Join(parts[i:], "/")))
		if isFile(cand) {
			return cand
		}
	}
	return file
}

// within reports whether path, once cleaned, lies below dir.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// dumpSummary is the one line said on stderr about a parsed dump.
func dumpSummary(d *stack.Dump, r *report.Report) string {
	apps := len(r.AppFrames())
	s := fmt.Sprintf("explainerr explain: goroutine %d [%s] failed (%d goroutines in the dump); %d frames, %d of them the app's",
		d.Goroutine, d.State, d.Goroutines, len(d.Frames), apps)
	if d.LinePrefix != "" {
		s += fmt.Sprintf("; log prefix %q stripped", d.LinePrefix)
	}
	for _, w := range d.Warnings {
		s += "\nexplainerr explain: warning: " + w
	}
	return s
}

func printNotices(w io.Writer, r *report.Report) {
	for _, n := range r.Notices {
		fmt.Fprintf(w, "explainerr explain: %s\n", stack.StripControl(n))
	}
}

// footer describes who explained the failure and at what cost.
func footer(r *report.Report) string {
	e := r.Explanation
	who := e.Provider
	if e.Model != "" {
		who += "/" + e.Model
	}
	parts := []string{"explained by " + who, "mode " + r.Mode}
	if e.Cached {
		parts = append(parts, "cached")
	}
	if e.Throttled {
		parts = append(parts, "throttled")
	}
	if e.Truncated {
		parts = append(parts, "cut off at the token limit")
	}
	if e.Usage != nil {
		parts = append(parts, fmt.Sprintf("%d+%d tokens", e.Usage.PromptTokens, e.Usage.CompletionTokens))
	}
	switch {
	case e.CostUSD >= 0.00005:
		parts = append(parts, fmt.Sprintf("$%.4f", e.CostUSD))
	case e.CostUSD > 0:
		parts = append(parts, "< $0.0001")
	}
	if e.DurationMS > 0 {
		parts = append(parts, fmt.Sprintf("%.1fs", float64(e.DurationMS)/1000))
	}
	return strings.Join(parts, " · ")
}
