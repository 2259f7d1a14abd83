package leakcheck

import (
	"runtime"
	"strconv"
	"strings"
)

// goroutine is one goroutine of a runtime.Stack dump.
type goroutine struct {
	id    int
	state string   // "chan receive", "select", "IO wait", ...
	funcs []string // the functions on its stack, innermost first
	stack string   // the whole record, for a report
}

// goroutines returns every goroutine's record, the caller's included.
func goroutines() []goroutine {
	var gs []goroutine
	for record := range strings.SplitSeq(dump(true), "\n\n") {
		if g, ok := parse(record); ok {
			gs = append(gs, g)
		}
	}
	return gs
}

// current returns the calling goroutine's id.
func current() int {
	g, _ := parse(dump(false))
	return g.id
}

// dump returns runtime.Stack's text, however long.
func dump(all bool) string {
	for size := 64 << 10; ; size *= 2 {
		buf := make([]byte, size)
		if n := runtime.Stack(buf, all); n < size {
			return string(buf[:n])
		}
	}
}

// parse reads one record: "goroutine 7 [chan receive, 2 minutes]:", then a
// function line and a tab-indented file line per frame, then, for a
// goroutine that another started, "created by ...".
func parse(record string) (goroutine, bool) {
	record = strings.TrimSpace(record)
	header, rest, _ := strings.Cut(record, "\n")
	idText, ok := strings.CutPrefix(header, "goroutine ")
	if !ok {
		return goroutine{}, false
	}
	idText, state, _ := strings.Cut(idText, " [")
	id, err := strconv.Atoi(idText)
	if err != nil {
		return goroutine{}, false
	}
	state, _, _ = strings.Cut(state, "]")
	g := goroutine{id: id, state: state, stack: record}
	for line := range strings.Lines(rest) {
		if strings.HasPrefix(line, "\t") {
			continue
		}
		line = strings.TrimPrefix(strings.TrimSpace(line), "created by ")
		line, _, _ = strings.Cut(line, " in goroutine ")
		if i := strings.LastIndex(line, "("); i > 0 && strings.HasSuffix(line, ")") {
			line = line[:i] // the arguments
		}
		if line != "" {
			g.funcs = append(g.funcs, line)
		}
	}
	return g, true
}

// expected reports whether g is one of the goroutines that run in every
// test binary: the testing package's, waiting for tests to finish, and
// those of os/signal and the runtime.
func (g goroutine) expected() bool {
	if len(g.funcs) == 0 {
		return true
	}
	switch g.funcs[0] {
	case "testing.RunTests", "testing.(*T).Run", "testing.(*T).Parallel", "testing.runFuzzing", "testing.runFuzzTests":
		return strings.HasPrefix(g.state, "chan receive")
	case "os/signal.signal_recv", "os/signal.loop":
		return true
	}
	for _, f := range g.funcs {
		if f == "runtime.ensureSigM" {
			return true
		}
	}
	return strings.HasPrefix(g.state, "syscall") && g.funcs[len(g.funcs)-1] == "runtime.goexit"
}
