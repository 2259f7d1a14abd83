package offline

import (
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// cgoSignalPass explains a signal raised in C code called through cgo.
var cgoSignalPass = &pass{
	name:    "cgo-signal",
	doc:     "A signal raised while the goroutine ran C code called through cgo; other unexpected signals are restated.",
	classes: []Class{ClassUnexpectedSignal},
	explain: (*analysis).cgoSignal,
}

// cgoCall returns the frame of the failing stack that entered C code
// through cgo: the generated wrapper "pkg._Cfunc_name", or the runtime's
// runtime.cgocall when the wrapper is not shown; nil when the stack shows
// no cgo call.
func cgoCall(frames []report.Frame) *report.Frame {
	var entry *report.Frame
	for i := range frames {
		f := &frames[i]
		if strings.Contains(f.Function, "._Cfunc_") {
			return f
		}
		if f.Function == "runtime.cgocall" && entry == nil {
			entry = f
		}
	}
	return entry
}

// cgoSignal explains "unexpected signal during runtime execution" raised
// while the goroutine was in C code called through cgo, and reports
// whether it was (otherwise nothing is written).
func (a *analysis) cgoSignal() bool {
	entry := cgoCall(a.r.Frames)
	if entry == nil {
		return false
	}
	a.headline("Crash in C code called through cgo")
	signal, addr := a.f.Captures["signal"], a.f.Captures["addr"]
	signal, _, _ = strings.Cut(signal, ":") // "SIGSEGV: segmentation violation"
	got := "a signal"
	if signal != "" {
		got = "signal " + signal
		if addr != "" {
			got += " (address " + addr + ")"
		}
	}
	in := "C code"
	if _, name, ok := strings.Cut(entry.Function, "._Cfunc_"); ok && name != "" {
		a.g.Add(name)
		in = "the C function " + code(name)
	}
	caller := a.s.Raiser
	if caller == entry {
		caller = nil
	}
	by := ""
	if caller != nil {
		by = ", called by " + code(qualifiedShort(caller.Function))
	}
	a.why("The program got " + got + " while this goroutine was running " + in + " through cgo" + by + ". A crash in C code is not a Go panic: it cannot be recovered, and the Go stack stops where C code starts, so the dump does not show the C line that failed.")
	if n, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(addr), "0x"), 16, 64); err == nil && addr != "" && n < 4096 {
		a.why("The faulting address " + addr + " is close to 0, which usually means the C code followed a NULL pointer.")
	}
	if s := a.s; s.Frame != nil {
		call := "the call into C"
		if caller != nil {
			call = code(qualifiedShort(caller.Function))
		}
		a.fix("Start from the app's call at " + code(loc(s.File, s.Line)) + " in " + code(s.Function) + ", which led to " + call + ": check the values it passes, and that the C library it uses is installed in a version the Go package supports.")
	} else {
		a.fix("Check the values passed to the C code, and that the C library is installed in a version the Go package calling it supports.")
	}
	a.fix("To see the C frames of the crash, run the program under a C debugger such as gdb, or run it with GOTRACEBACK=crash and core dumps enabled, and open the core dump in the debugger.")
	return true
}
