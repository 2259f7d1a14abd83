package stack

import (
	"fmt"
	"path"
	"strings"

	pp "github.com/maruel/panicparse/v2/stack"
)

// A paste often starts at "goroutine N [running]:" and loses the
// "panic: ..." line above it. The failing goroutine's stack still shows
// the runtime's panic call ("panic(0x79a9c0, 0xa17540)"): the dump is a
// panic whose message is unknown, not a goroutine dump taken on request.

// panicCall returns the outermost panic call of g's stack, nil when it
// has none.
func panicCall(g *pp.Goroutine) *pp.Call {
	var found *pp.Call
	for i := range g.Stack.Calls {
		if isPanicCall(g.Stack.Calls[i].Func.Complete) {
			found = &g.Stack.Calls[i]
		}
	}
	return found
}

// UnpastedPanic opens the message of a dump whose panic line is missing
// (headerlessPanic): it stands in for the header the paste lacks.
const UnpastedPanic = "a panic whose message was not pasted"

// NoFailureDump opens the message given to a goroutine dump that holds no
// panic or fatal error (a dump taken on request, or a paste that lost
// the failure).
const NoFailureDump = "goroutine dump with no panic or fatal error"

// headerlessPanic returns the first goroutine of snaps (not g0) whose
// stack shows a panic call, for a dump without a crash header, and
// describes the panic in d; nil when no goroutine panicked.
func (d *Dump) headerlessPanic(snaps []snapshot) *pp.Goroutine {
	for i, s := range snaps {
		for _, g := range s.goroutines {
			call := (*pp.Call)(nil)
			if g.ID != 0 {
				call = panicCall(g)
			}
			if call == nil {
				continue
			}
			d.Reason = "the dump has no panic or fatal error header, so the goroutine whose stack shows the runtime's panic call was chosen"
			at := ""
			if call.RemoteSrcPath != "" {
				at = fmt.Sprintf(" (%s:%d)", path.Base(call.RemoteSrcPath), call.Line)
			}
			d.Message = fmt.Sprintf("%s: goroutine %d called %s%s, but the \"panic: ...\" line is not in the paste", UnpastedPanic, g.ID, panicText(call), at)
			if later := laterServePanic(snaps[i+1:]); later != "" {
				// Evidence, not this panic's message: net/http logs a
				// panic's line before its stack.
				d.Message += "; the paste goes on with another panic, of another request, whose stack it does not show: " + later
			}
			d.Notes = append(d.Notes, fmt.Sprintf("The paste has no \"panic: ...\" line, but goroutine %d called panic: its message is unknown.", g.ID))
			return g
		}
	}
	return nil
}

// panicText returns a panic call as the dump prints it, with its
// arguments ("panic(0x79a9c0, 0xa17540)").
func panicText(call *pp.Call) string {
	return call.Func.Complete + "(" + call.Args.String() + ")"
}

// laterServePanic returns the first "http: panic serving ..." line that
// net/http logged after the failing goroutine, in the text after its
// dump (snaps): another handler's panic, whose stack follows that line.
func laterServePanic(snaps []snapshot) string {
	for _, s := range snaps {
		for _, l := range strings.Split(s.junk, "\n") {
			l = strings.TrimSpace(l)
			if m := reServePanic.FindStringSubmatchIndex(l); m != nil {
				return strings.TrimSpace(l[m[0]:])
			}
		}
	}
	return ""
}
