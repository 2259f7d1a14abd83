package main

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Bounds of the watcher, so that a child flooding its output cannot
// exhaust memory.
const (
	// maxCaptureBytes caps one captured crash dump; the rest of a longer
	// dump still passes through but is not read.
	maxCaptureBytes = 4 << 20
	// maxLineBytes caps one line as the watcher sees it.
	maxLineBytes = 64 << 10
	// maxLeadLines is how many lines may follow a crash header ("panic:")
	// before a goroutine's stack must start; past it, the header was a
	// line of the program's own log.
	maxLeadLines = 200
)

// quietPeriod ends a dump that is still open when the output goes quiet
// without the process exiting (a hot-reload tool whose server crashed).
const quietPeriod = 750 * time.Millisecond

// dumpStart matches the first line of a Go crash dump; the text before
// the match is a log prefix.
var dumpStart = regexp.MustCompile(`panic: |fatal error: |SIGQUIT: quit|^runtime: |goroutine \d+ (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[`)

// dumpStartTexts are the texts one of which every line dumpStart matches
// holds: a line holding none (nearly every line a server logs) is passed
// by a substring search instead of the pattern, which a long line costs
// far more.
var dumpStartTexts = []string{"panic: ", "fatal error: ", "SIGQUIT: quit", "runtime: ", "goroutine "}

// findDumpStart returns where dumpStart matches l, as FindStringIndex does.
func findDumpStart(l string) []int {
	for _, t := range dumpStartTexts {
		if strings.Contains(l, t) {
			return dumpStart.FindStringIndex(l)
		}
	}
	return nil
}

// goroutineHeader matches the header of one goroutine's stack.
var goroutineHeader = regexp.MustCompile(`^goroutine \d+ (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[.*\]:?$`)

// registerLine matches the registers printed with a SIGQUIT dump.
var registerLine = regexp.MustCompile(`^[a-z0-9]{1,6}\s+0x[0-9a-f]+$`)

// callLine matches a function call of a stack ("main.main()",
// "example.com/app.(*T).Do(0xc000010000, {0x1, 0x2})"), or one cut inside
// its arguments ("main.work(0xc0000": the child died mid-line), which the
// dump parser still reads the function of.
var callLine = regexp.MustCompile(`^\S+\((?:.*\)|[^()]*)$`)

// dumpWatcher reads one output stream of the child line by line, passes
// every line to the ring of last lines, and captures each Go crash dump
// it shows. A dump ends at the first line that cannot belong to it, when
// the output goes quiet, or when the stream ends; it is then handed to
// emit if it holds at least one goroutine's stack.
type dumpWatcher struct {
	ring *lineRing
	emit func(text []byte, cut bool)

	mu           sync.Mutex
	partial      []byte // the line being read, up to maxLineBytes
	capturing    bool
	sawGoroutine bool
	lead         int    // lines captured before the first goroutine
	prefix       string // log prefix of the dump's first line
	dump         []byte
	cut          bool // the dump outgrew maxCaptureBytes
	deadline     time.Time
	timer        *time.Timer
	// draining: the last dump was ended by the quiet period while its
	// stacks may go on (a busy machine paused the child mid-dump); the
	// lines that continue it, with drainPrefix, are not a new dump.
	draining    bool
	drainPrefix string
	// restOfCut: the quiet period took an unfinished line as the dump's
	// last; the next line read is its rest, not a line of its own.
	restOfCut bool
}

func newDumpWatcher(ring *lineRing, emit func([]byte, bool)) *dumpWatcher {
	return &dumpWatcher{ring: ring, emit: emit}
}

// Write reads output of the child; it never fails.
func (w *dumpWatcher) Write(p []byte) (int, error) {
	n := len(p)
	w.mu.Lock()
	defer w.mu.Unlock()
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.appendPartial(p)
			break
		}
		w.appendPartial(p[:i])
		w.line(string(w.partial))
		w.partial = w.partial[:0]
		p = p[i+1:]
	}
	if w.capturing {
		w.deadline = time.Now().Add(quietPeriod)
		if w.timer == nil {
			w.timer = time.AfterFunc(quietPeriod, w.quiet)
		} else {
			w.timer.Reset(quietPeriod)
		}
	}
	return n, nil
}

func (w *dumpWatcher) appendPartial(p []byte) {
	if room := maxLineBytes - len(w.partial); len(p) > room {
		p = p[:max(room, 0)]
	}
	w.partial = append(w.partial, p...)
}

// line handles one complete line.
func (w *dumpWatcher) line(l string) {
	l = strings.TrimSuffix(l, "\r")
	w.ring.add(l)
	loc := findDumpStart(l)
	if w.restOfCut {
		w.restOfCut = false
		if w.draining {
			return
		}
	}
	if w.draining {
		if w.continuesDrained(l, loc) {
			return
		}
		w.draining = false
	}
	if w.capturing && w.sawGoroutine {
		if inDump(w.stripPrefix(l)) {
			w.add(l)
			return
		}
		w.flush()
	}
	if w.capturing {
		// Before the first goroutine, a new header behind a log prefix of
		// another length (and not an indented continuation of a panic)
		// starts over: the first was a line of the program's own log.
		if loc != nil && loc[0] != len(w.prefix) && !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, " ") {
			w.reset()
		} else {
			w.add(l)
			if loc != nil && goroutineHeader.MatchString(l[loc[0]:]) {
				// The goroutine header shows the dump's true log prefix.
				w.sawGoroutine, w.prefix = true, l[:loc[0]]
			} else if w.lead++; w.lead > maxLeadLines {
				w.reset()
			}
			return
		}
	}
	if loc == nil {
		return
	}
	w.capturing = true
	w.prefix = l[:loc[0]]
	w.sawGoroutine = goroutineHeader.MatchString(l[loc[0]:])
	w.add(l)
}

// stripPrefix removes a log prefix as long as the dump's first line's.
func (w *dumpWatcher) stripPrefix(l string) string {
	if w.prefix != "" && len(l) >= len(w.prefix) {
		return l[len(w.prefix):]
	}
	return l
}

// inDump reports whether a line (without log prefix) can be part of a
// crash dump after its first goroutine.
func inDump(l string) bool {
	if l == "" || l[0] == '\t' || l[0] == ' ' {
		return true
	}
	for _, p := range []string{"goroutine ", "created by ", "...", "panic", "fatal error", "[", "runtime", "PC=", "SIGQUIT", "signal ", "sigcode", "exit status"} {
		if strings.HasPrefix(l, p) {
			// "exit status N" (go run) is the last line of a dump.
			return p != "exit status"
		}
	}
	return registerLine.MatchString(l) || callLine.MatchString(l)
}

func (w *dumpWatcher) add(l string) {
	if len(w.dump)+len(l)+1 > maxCaptureBytes {
		w.cut = true
		return
	}
	w.dump = append(w.dump, l...)
	w.dump = append(w.dump, '\n')
}

// flush hands the captured dump on, when it is one, and starts over.
func (w *dumpWatcher) flush() {
	if w.capturing && w.sawGoroutine {
		w.emit(bytes.Clone(w.dump), w.cut)
	}
	w.reset()
}

func (w *dumpWatcher) reset() {
	w.capturing, w.sawGoroutine, w.cut = false, false, false
	w.lead, w.prefix = 0, ""
	w.dump = w.dump[:0]
	if cap(w.dump) > 64<<10 {
		w.dump = nil
	}
}

// quiet ends a dump when no output came for quietPeriod.
func (w *dumpWatcher) quiet() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.capturing {
		return
	}
	if left := time.Until(w.deadline); left > 0 {
		w.timer.Reset(left)
		return
	}
	cutLine := w.takePartial()
	prefix, dump := w.prefix, w.capturing && w.sawGoroutine
	w.flush()
	w.draining, w.drainPrefix, w.restOfCut = dump, prefix, cutLine
}

// continuesDrained reports whether l, a line after a dump the quiet period
// ended, goes on with that dump's stacks: a line of a stack under the
// dump's log prefix that is not a new crash header (a bare goroutine
// header continues it).
func (w *dumpWatcher) continuesDrained(l string, loc []int) bool {
	rest, ok := strings.CutPrefix(l, w.drainPrefix)
	if !ok || !inDump(rest) {
		return false
	}
	return loc == nil || goroutineHeader.MatchString(l[loc[0]:])
}

// takePartial treats an unfinished last line as a line of its own and
// reports whether there was one.
func (w *dumpWatcher) takePartial() bool {
	if len(w.partial) == 0 {
		return false
	}
	w.line(string(w.partial))
	w.partial = w.partial[:0]
	return true
}

// finish ends the stream: an unfinished dump is handed on as it is.
func (w *dumpWatcher) finish() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.takePartial()
	w.flush()
	if w.timer != nil {
		w.timer.Stop()
	}
}

// lineRing keeps the last lines the child printed, on either stream.
type lineRing struct {
	mu    sync.Mutex
	lines []ringLine
	next  int
	full  bool
}

type ringLine struct {
	time time.Time
	text string
}

// ringLines is how many lines the ring keeps; maxRingLine caps each.
const (
	ringLines   = 50
	maxRingLine = 1000
)

func newLineRing() *lineRing { return &lineRing{lines: make([]ringLine, ringLines)} }

func (r *lineRing) add(l string) {
	if len(l) > maxRingLine {
		l = l[:maxRingLine] + "…"
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines[r.next] = ringLine{time.Now(), l}
	r.next++
	if r.next == len(r.lines) {
		r.next, r.full = 0, true
	}
}

// last returns the kept lines, oldest first, and whether older lines were
// dropped.
func (r *lineRing) last() ([]ringLine, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.full {
		return append([]ringLine(nil), r.lines[:r.next]...), false
	}
	out := append([]ringLine(nil), r.lines[r.next:]...)
	return append(out, r.lines[:r.next]...), true
}

// reset forgets the kept lines: a new run of the command starts.
func (r *lineRing) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	clear(r.lines)
	r.next, r.full = 0, false
}

// texts returns the kept lines' text, oldest first.
func (r *lineRing) texts() []string {
	lines, _ := r.last()
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.text
	}
	return out
}
