package stack

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	pp "github.com/maruel/panicparse/v2/stack"

	"github.com/explainerr/explainerr/explainerr/report"
)

// MaxDumpBytes is the largest crash dump ParseDumpWith reads by default.
const MaxDumpBytes = 64 << 20

// maxSnapshots bounds how many separate goroutine dumps are read from one
// input (a log holding many crashes); the first crash is almost always in
// the first few.
const maxSnapshots = 1000

// Dump is what a Go crash dump says about the failure.
type Dump struct {
	// Header holds the crash's header lines as printed ("panic: ...",
	// "[signal SIGSEGV ...]", "fatal error: ...") without log prefixes; a
	// panic repeated by "go test" appears once. Empty when the dump has no
	// header (a goroutine dump taken on request).
	Header []string
	// Message is the error message: the header lines, the main one first,
	// joined by newlines. For a dump without a header whose failing
	// goroutine called panic, it says that the panic's message was not
	// pasted; else "" when there is no header.
	Message string
	// Type is a guess at the Go type of the panic value, such as
	// "runtime.boundsError" or "*runtime.TypeAssertionError"; "fatal error"
	// for a runtime fatal error, "data race" for a race report, "" when the
	// dump does not tell.
	Type string
	// Goroutine is the failing goroutine's ID and State its state
	// ("running", "chan receive").
	Goroutine int
	State     string
	// Frames is the failing goroutine's stack, innermost first, classified.
	// The code that recovered a panic (the frames above the panic call) and
	// the runtime's panic machinery are left out.
	Frames []report.Frame
	// CreatedBy is the function that started the failing goroutine ("" for
	// the main goroutine or when unknown).
	CreatedBy string
	// Creator is the same "created by" call with its file and line,
	// classified; nil when CreatedBy is "".
	Creator *report.Frame
	// Blocked are the other goroutines running app code in a dump of a
	// hang (a deadlock, a test that timed out, a dump on a signal or on
	// request): the call each waits in and its app frames. Goroutines with
	// the same state, frames and creator are merged (Count).
	Blocked []report.Goroutine
	// Elided is true when the runtime left frames out of the failing
	// goroutine's stack (deep recursion).
	Elided bool
	// Goroutines counts the goroutines in the dump.
	Goroutines int
	// Ambiguous is true when the dump does not say which goroutine failed
	// (no crash header, a deadlock, a dump on SIGQUIT); the goroutine was
	// then chosen by Reason.
	Ambiguous bool
	// Reason says how the failing goroutine was chosen.
	Reason string
	// LinePrefix is the log prefix stripped from the dump's lines, as
	// written before the first goroutine header; "" when there was none.
	LinePrefix string
	// Warnings are parse problems that did not stop the parse, such as a
	// malformed goroutine that was read only in part.
	Warnings []string

	// Notes are remarks on the failure for the reader, such as the data
	// races the race detector reported before the panic.
	Notes []string

	// hang is true when the dump shows a program that stopped making
	// progress rather than one goroutine's failure.
	hang bool
	// races are the data race reports of the dump, in order.
	races []snapshot
}

// DumpOptions tune ParseDumpWith; the zero value is the default.
type DumpOptions struct {
	// ModuleRoots are local directories holding the app's modules. A frame
	// of a main package whose file lies below one is an app frame (a main
	// package has no import path to match the app's).
	ModuleRoots []string
	// MaxBytes caps the input's size; 0 means MaxDumpBytes.
	MaxBytes int64
}

// ParseDumpWith reads a Go crash dump (a panic, a "fatal error:", a "go
// test" panic, a goroutine dump; from a terminal, a log file with a prefix
// on every line, or a web page) and returns the failing goroutine's frames,
// classified by c, and what the header says about the error. The zero
// DumpOptions read up to MaxDumpBytes and find the app's main packages by
// import path alone.
func ParseDumpWith(r io.Reader, c *Classifier, opts DumpOptions) (*Dump, error) {
	limit := opts.MaxBytes
	if limit <= 0 {
		limit = MaxDumpBytes
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading the crash dump: %w", err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("the crash dump is larger than %d bytes: pass only the part with the panic and the goroutine that failed", limit)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("the crash dump is empty")
	}
	mainModule := ""
	if c != nil && len(c.AppPrefixes) > 0 {
		mainModule = c.AppPrefixes[0]
	}
	n := normalizeDump(data, mainModule)
	snaps, err := scanSnapshots(n.text)
	if err != nil {
		return nil, err
	}
	total, withFrames := 0, 0
	for _, s := range snaps {
		total += len(s.goroutines)
		for _, g := range s.goroutines {
			if len(g.Stack.Calls) > 0 {
				withFrames++
			}
		}
	}
	if withFrames == 0 {
		msg := "no goroutine stack found in the input: expected Go crash output with lines such as \"goroutine 1 [running]:\" followed by frames"
		if len(snaps) > 0 && snaps[0].err != "" {
			msg += " (" + snaps[0].err + ")"
		}
		return nil, errors.New(msg)
	}
	if c == nil {
		c = NewClassifier("")
	}
	d := &Dump{Goroutines: total, LinePrefix: n.prefix}
	for _, s := range snaps {
		if s.err != "" {
			d.Warnings = append(d.Warnings, "part of the dump could not be parsed: "+s.err)
		}
	}
	if n.headerless {
		d.Warnings = append(d.Warnings, headerlessWarning)
	}
	if n.foreign > 0 {
		d.Warnings = append(d.Warnings, fmt.Sprintf("%d foreign lines without the log prefix %q were skipped inside a goroutine's trace", n.foreign, n.prefix))
	}
	damaged := len(d.Warnings)
	d.Warnings = append(d.Warnings, n.damage...)
	// A main package's file below the tree of the dump's other app
	// frames is the app's too.
	roots := appRoots{local: opts.ModuleRoots, tree: appTreeRoots(snaps, c)}
	g := d.pickGoroutine(snaps, c, roots)
	d.Goroutine, d.State, d.Elided = g.ID, g.State, g.Stack.Elided
	unnameFailing(d.Warnings[damaged:], g.ID)
	d.Creator = creator(g, c, roots)
	if d.Creator != nil {
		d.CreatedBy = d.Creator.Function
	}
	d.Frames = dumpFrames(g, c, roots)
	if d.hang {
		d.Blocked = blockedGoroutines(snapshotOf(snaps, g), g, c, roots)
	}
	d.addRaceContext(g, c, roots)
	d.addRecoveryContext(g, c, roots)
	return d, nil
}

// creator returns the "created by" call of g as a classified frame, nil
// when the dump does not name one.
func creator(g *pp.Goroutine, c *Classifier, roots appRoots) *report.Frame {
	if len(g.CreatedBy.Calls) == 0 {
		return nil
	}
	call := g.CreatedBy.Calls[0]
	fn := strings.TrimSpace(reInGoroutine.ReplaceAllString(call.Func.Complete, ""))
	if fn == "" {
		return nil
	}
	return &report.Frame{Function: fn, File: call.RemoteSrcPath, Line: call.Line, Kind: dumpKind(c, fn, call.RemoteSrcPath, roots)}
}

// snapshotOf returns the goroutines of the snapshot that holds g.
func snapshotOf(snaps []snapshot, g *pp.Goroutine) []*pp.Goroutine {
	for _, s := range snaps {
		for _, x := range s.goroutines {
			if x == g {
				return s.goroutines
			}
		}
	}
	return nil
}

var reInGoroutine = regexp.MustCompile(` in goroutine \d+$`)

// snapshot is one goroutine dump in the input and the text before it.
type snapshot struct {
	goroutines []*pp.Goroutine
	junk       string // the text between the previous dump and this one
	err        string // why the parser stopped early, if it did
}

// scanSnapshots reads every goroutine dump of text with panicparse, which
// stops at the first line that is not part of a dump; the rest is scanned
// again, so that a log holding several dumps, or a dump with a malformed
// goroutine, is read to the end.
func scanSnapshots(text []byte) (snaps []snapshot, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the crash dump could not be parsed: %v", v)
		}
	}()
	// No path guessing, no source parsing: the dump's files are usually
	// not on this machine, and the disk is not to be scanned.
	opts := &pp.Opts{}
	for pos := 0; pos < len(text) && len(snaps) < maxSnapshots; {
		in := bytes.NewReader(text[pos:])
		var junk bytes.Buffer
		snap, suffix, scanErr := pp.ScanSnapshot(in, &junk, opts)
		s := snapshot{junk: junk.String()}
		if scanErr != nil && scanErr != io.EOF {
			s.err = scanErr.Error()
		}
		if snap != nil {
			s.goroutines = snap.Goroutines
			unmarkGoroutines(s.goroutines)
		}
		if snap != nil || s.err != "" || strings.TrimSpace(s.junk) != "" && len(snaps) > 0 {
			// The text after the last dump is kept too: it may log
			// another panic whose stack the paste does not show.
			snaps = append(snaps, s)
		}
		if snap == nil || scanErr == io.EOF {
			break
		}
		next := len(text) - len(suffix) - in.Len()
		if snap.IsRace() && len(suffix) == 0 {
			// The parser keeps what it read past a race report's
			// closing line to itself.
			next = raceEnd(text, pos)
		}
		if next <= pos {
			break
		}
		pos = next
	}
	return snaps, nil
}

// unmarkGoroutines undoes what normalizeDump did for the parser: the
// marks on foreign file names, the stand-in frame of a goroutine with none.
func unmarkGoroutines(gs []*pp.Goroutine) {
	for _, g := range gs {
		calls := g.Stack.Calls[:0]
		for _, c := range g.Stack.Calls {
			if c.Func.Complete == noFramesFunc {
				continue
			}
			unmarkCall(&c)
			calls = append(calls, c)
		}
		g.Stack.Calls = calls
		for i := range g.CreatedBy.Calls {
			unmarkCall(&g.CreatedBy.Calls[i])
		}
	}
}

func unmarkCall(c *pp.Call) {
	for _, p := range []*string{&c.RemoteSrcPath, &c.LocalSrcPath, &c.SrcName, &c.DirSrc, &c.RelSrcPath} {
		*p = unmarkFile(*p)
	}
}

// pickGoroutine chooses the failing goroutine: the first one printed
// after the crash header; when the dump does not say (no header, a
// deadlock, a dump on request), a running goroutine that is not the one
// printing the dump, else the first with an app frame, else the first.
func (d *Dump) pickGoroutine(snaps []snapshot, c *Classifier, roots appRoots) *pp.Goroutine {
	guess := func(gs []*pp.Goroutine, why string) *pp.Goroutine { return d.guess(gs, why, c, roots) }
	for _, s := range snaps {
		if len(s.goroutines) == 0 {
			continue
		}
		if isRace(s) {
			// A panic after the races is what stopped the program.
			d.races = append(d.races, s)
			continue
		}
		header := crashHeader(s.junk)
		if len(header) == 0 {
			continue
		}
		d.Header = header
		d.Message = strings.Join(header, "\n")
		d.Type = guessType(header[0])
		first := header[0]
		switch {
		case strings.Contains(first, "all goroutines are asleep"):
			d.Ambiguous, d.hang = true, true
			return guess(s.goroutines, "a deadlock: every goroutine waits, ")
		case strings.HasPrefix(first, "SIG"):
			d.Ambiguous, d.hang = true, true
			return guess(s.goroutines, "a dump on a signal names no failing goroutine, ")
		case strings.HasPrefix(first, "panic: test timed out"):
			d.hang = true
			if g := testGoroutine(s.junk, s.goroutines); g != nil {
				d.Reason = "the goroutine running the test that timed out"
				return g
			}
			if g := appTestGoroutine(s.goroutines, c, roots); g != nil {
				// Go before 1.20 does not name the running tests.
				d.Reason = "the goroutine running one of the app's tests"
				return g
			}
		}
		d.Reason = "the goroutine printed right after the crash header"
		return firstNotG0(s.goroutines)
	}
	if len(d.races) > 0 {
		return d.pickRace()
	}
	if g := d.headerlessPanic(snaps); g != nil {
		return g
	}
	d.Ambiguous, d.hang = true, true
	var all []*pp.Goroutine
	for _, s := range snaps {
		all = append(all, s.goroutines...)
	}
	return guess(all, "the dump has no panic or fatal error header, ")
}

// guess picks a goroutine when the dump does not name the failing one. It
// never picks goroutine 0, the scheduler's own stack (g0) that a dump on a
// signal shows first, unless the dump has nothing else.
func (d *Dump) guess(gs []*pp.Goroutine, why string, c *Classifier, roots appRoots) *pp.Goroutine {
	for _, g := range gs {
		if g.ID != 0 && g.State == "running" && !printsDump(g) && len(g.Stack.Calls) > 0 {
			d.Reason = why + "so the first running goroutine was chosen"
			return g
		}
	}
	for _, g := range gs {
		if g.ID == 0 || printsDump(g) {
			continue
		}
		for _, call := range g.Stack.Calls {
			if dumpKind(c, call.Func.Complete, call.RemoteSrcPath, roots) == report.FrameApp {
				d.Reason = why + "so the first goroutine running app code was chosen"
				return g
			}
		}
	}
	for _, g := range gs {
		if isUserGoroutine(g) {
			d.Reason = why + "so the first goroutine running more than the runtime was chosen"
			return g
		}
	}
	d.Reason = why + "so the first goroutine was chosen"
	return firstNotG0(gs)
}

// firstNotG0 returns the first goroutine of gs with frames that is not
// goroutine 0 (the scheduler's g0), else the first one.
func firstNotG0(gs []*pp.Goroutine) *pp.Goroutine {
	for _, g := range gs {
		if g.ID != 0 && len(g.Stack.Calls) > 0 {
			return g
		}
	}
	return gs[0]
}

// isUserGoroutine reports whether g runs code other than the runtime's:
// not g0, not a runtime worker (the garbage collector's, the finalizers'),
// not the goroutine printing the dump.
func isUserGoroutine(g *pp.Goroutine) bool {
	if g.ID == 0 || printsDump(g) {
		return false
	}
	for _, call := range g.Stack.Calls {
		pkg := PackageOf(call.Func.Complete)
		if pkg != "runtime" && !strings.HasPrefix(pkg, "runtime/") && !strings.HasPrefix(pkg, "internal/") {
			return true
		}
	}
	return false
}

// printsDump reports whether g is the goroutine that wrote the dump
// (runtime.Stack, runtime/debug.Stack, the pprof goroutine profile).
func printsDump(g *pp.Goroutine) bool {
	for _, call := range g.Stack.Calls {
		f := call.Func.Complete
		if f == "runtime.Stack" || strings.HasPrefix(f, "runtime/pprof.") || strings.HasPrefix(f, "runtime/debug.Stack") {
			return true
		}
	}
	return false
}

// reRunningTest matches a test named under "running tests:" in a "go
// test" timeout panic.
var reRunningTest = regexp.MustCompile(`(?m)^\s+(Test\w+|Benchmark\w+|Fuzz\w+|Example\w+)(?:/\S*)? \(`)

// testGoroutine finds the goroutine running a test named in a timeout panic.
func testGoroutine(junk string, gs []*pp.Goroutine) *pp.Goroutine {
	for _, m := range reRunningTest.FindAllStringSubmatch(junk, -1) {
		for _, g := range gs {
			for _, call := range g.Stack.Calls {
				if strings.HasSuffix(call.Func.Complete, "."+m[1]) {
					return g
				}
			}
		}
	}
	return nil
}

// reTestFunc matches the name of a test, benchmark or fuzz function
// ("example.com/app.TestSync"); TestMain is none.
var reTestFunc = regexp.MustCompile(`\.(?:Test|Benchmark|Fuzz)(?:[A-Z0-9_]\w*)?$`)

// appTestGoroutine returns the first goroutine running a test of the app:
// the testing package's tRunner calls an app function, or (a paste cut
// before tRunner) an app frame is a test function.
func appTestGoroutine(gs []*pp.Goroutine, c *Classifier, roots appRoots) *pp.Goroutine {
	for _, g := range gs {
		calls := g.Stack.Calls
		for i, call := range calls {
			fn := call.Func.Complete
			if dumpKind(c, fn, call.RemoteSrcPath, roots) != report.FrameApp {
				continue
			}
			byRunner := i+1 < len(calls) && calls[i+1].Func.Complete == "testing.tRunner"
			if byRunner || reTestFunc.MatchString(fn) && !strings.HasSuffix(fn, ".TestMain") {
				return g
			}
		}
	}
	return nil
}

// reRecovered matches the note Go adds to a panic that was recovered and
// raised again.
var reRecovered = regexp.MustCompile(` \[recovered(?:, repanicked)?\]$`)

// reServePanic matches the line net/http's server logs for a handler
// that panicked ("http: panic serving 127.0.0.1:5555: <value>"), after any
// log prefix such as a timestamp. Group 1 is the panic value.
var reServePanic = regexp.MustCompile(`(?:^|\s)http2?: panic serving \S+: (.+)$`)

// crashHeader returns the crash's header lines found in junk, the main
// one (the first "panic:" or "fatal error:" line) first. A panic value
// printed over several lines is kept whole (up to a limit); a value that
// "go test" repeats after "[recovered]" appears once.
func crashHeader(junk string) []string {
	lines := strings.Split(junk, "\n")
	var main, extra []string
	seen := map[string]bool{}
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if m := reServePanic.FindStringSubmatch(l); m != nil && main == nil {
			// net/http logs a handler's panic on one line, after the
			// logger's own prefix, instead of the runtime's "panic:".
			l = "panic: " + m[1]
		}
		if main == nil {
			l = headerLine(l)
		}
		if strings.HasPrefix(l, "runtime error: ") && main == nil {
			// The runtime prints its errors only after "panic: ",
			// which a paste may have lost.
			l = "panic: " + l
		}
		switch {
		case strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || l == "panic:" || isSignalHeader(l):
			value := reRecovered.ReplaceAllString(l, "")
			if seen[value] {
				continue
			}
			seen[value] = true
			// A panic value may span lines, up to the next blank line.
			block := []string{l}
			for i+1 < len(lines) && len(block) < 20 {
				next := strings.TrimSpace(lines[i+1])
				if next == "" || isHeaderLine(next) || reGoroutineHeaderAnywhere.MatchString(next) || isShellLine(next) || next == "runtime stack:" {
					break
				}
				block = append(block, strings.TrimRight(lines[i+1], " \t"))
				i++
			}
			if main == nil {
				main = block
			} else {
				extra = append(extra, block...)
			}
		case strings.HasPrefix(l, "[signal ") || strings.HasPrefix(l, "unexpected fault address"):
			extra = append(extra, l)
		case strings.HasPrefix(l, "runtime: ") && !strings.Contains(l, "=0x"):
			extra = append(extra, l)
		}
	}
	if main == nil {
		return nil
	}
	return append(main, extra...)
}

func isHeaderLine(l string) bool {
	return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") ||
		strings.HasPrefix(l, "[signal ") || strings.HasPrefix(l, "runtime: ") || isSignalHeader(l)
}

// reSignalHeader matches the first line of a dump on a signal such as
// "SIGQUIT: quit" or "SIGABRT: abort".
var reSignalHeader = regexp.MustCompile(`^SIG[A-Z]+: [a-z][a-z ]*$`)

func isSignalHeader(l string) bool { return reSignalHeader.MatchString(l) }

// reCustomValue matches how the runtime prints a panic value of a named
// non-error type: "(main.T) 0xc000012345" or "main.Code(42)".
var (
	reCustomValue = regexp.MustCompile(`^\(([^()\s]+)\) 0x[0-9a-f]+$`)
	reNamedScalar = regexp.MustCompile(`^((?:\*)?[\w./-]+\.[A-Za-z_]\w*)\(.*\)$`)
)

// guessType guesses the Go type of a panic value from the main header
// line. The runtime's own errors print distinctive messages; other values
// print only their text, and then the type is unknown ("").
func guessType(line string) string {
	if strings.HasPrefix(line, "fatal error: ") {
		return "fatal error"
	}
	if isSignalHeader(line) {
		return "signal"
	}
	v := reRecovered.ReplaceAllString(strings.TrimPrefix(line, "panic: "), "")
	switch {
	case strings.HasPrefix(v, "interface conversion"):
		return "*runtime.TypeAssertionError"
	case strings.HasPrefix(v, "runtime error: index out of range"),
		strings.HasPrefix(v, "runtime error: slice bounds out of range"):
		return "runtime.boundsError"
	case strings.HasPrefix(v, "runtime error: invalid memory address"),
		strings.HasPrefix(v, "runtime error: integer divide by zero"),
		strings.HasPrefix(v, "runtime error: negative shift amount"),
		strings.HasPrefix(v, "runtime error: makeslice"),
		strings.HasPrefix(v, "runtime error: makechan"),
		strings.HasPrefix(v, "runtime error: hash of unhashable type"),
		strings.HasPrefix(v, "runtime error: comparing uncomparable type"):
		return "runtime.errorString"
	case strings.HasPrefix(v, "runtime error: "):
		return "runtime.Error"
	case strings.HasPrefix(v, "assignment to entry in nil map"),
		strings.HasPrefix(v, "close of closed channel"),
		strings.HasPrefix(v, "close of nil channel"),
		strings.HasPrefix(v, "send on closed channel"),
		strings.HasPrefix(v, "all goroutines are asleep"):
		return "runtime.plainError"
	}
	if m := reCustomValue.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	if m := reNamedScalar.FindStringSubmatch(v); m != nil && !strings.Contains(m[1], " ") {
		return m[1]
	}
	return ""
}

// dumpFrames converts g's stack to classified frames, innermost first,
// without the recovering code above the outermost panic call and without
// the panic machinery.
func dumpFrames(g *pp.Goroutine, c *Classifier, roots appRoots) []report.Frame {
	calls := g.Stack.Calls
	for i, call := range calls {
		if isPanicCall(call.Func.Complete) {
			calls = g.Stack.Calls[i+1:]
		}
	}
	frames := make([]report.Frame, 0, len(calls))
	for _, call := range calls {
		fn, file := call.Func.Complete, call.RemoteSrcPath
		if fn == "" {
			continue
		}
		kind := dumpKind(c, fn, file, roots)
		if kind == report.FrameRuntime {
			continue
		}
		frames = append(frames, report.Frame{Function: fn, File: file, Line: call.Line, Kind: kind})
	}
	return frames
}
