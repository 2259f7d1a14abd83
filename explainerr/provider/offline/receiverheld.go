package offline

import (
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A method's receiver is nil when the value it was called on was: often a
// field of another struct (h.repo.Assign(…) in a handler) that the
// struct's constructor never set. The methods between may pass the same
// receiver on (r.check(…) inside r.Assign): the frames are read outward
// until a call on a field of the caller's own receiver.

// heldReceiver is where a nil receiver was held: the field Field of the
// caller's receiver, of type Owner declared in Dir, read at Call.
type heldReceiver struct {
	Owner, Field, Dir string
	// Expr is the caller's receiver expression (h.repo), Call the line
	// of the call on it, and Via the methods between that passed the
	// same receiver on, outermost last.
	Expr string
	Call sourceLine
	Via  []string
}

// receiverHeld follows the failing method's receiver out through the
// frames: while a caller, a method of the same type, calls the method on
// its own receiver, one frame further; the first caller that calls it on
// a field of its own receiver gives where it was held.
func (a *analysis) receiverHeld() (heldReceiver, bool) {
	src := a.app()
	if src == nil || a.s.Frame == nil {
		return heldReceiver{}, false
	}
	name, recv := a.siteDecl()
	i := frameIndex(a.r.Frames, a.s.Frame)
	var via []string
	for i >= 0 {
		j := nextAppFrame(a.r.Frames, i)
		if j < 0 {
			break
		}
		fr := &a.r.Frames[j]
		if fr.Source == nil {
			break
		}
		callerFn := enclosingFunc(shortFunction(fr.Function))
		callerName, callerRecv := lastSelector(callerFn), receiverType(callerFn)
		if callerRecv == "" {
			break
		}
		self := src.receiverOf(callerName, callerRecv)
		var on string
		for _, call := range linefacts.Analyze(fr.Source).Calls {
			if call.Name == name && call.Receiver != "" {
				on = strings.TrimSpace(call.Receiver)
				break
			}
		}
		switch {
		case on == "" || self == "":
			return heldReceiver{}, false
		case on == self && callerRecv == recv:
			via = append(via, shortFunction(fr.Function))
			name, i = callerName, j
			continue
		case strings.Count(on, ".") == 1 && linefacts.RootIdent(on) == self:
			return heldReceiver{
				Owner: callerRecv, Field: lastSelector(on), Dir: filepath.Dir(fr.File), Expr: on,
				Call: sourceLine{Path: fr.File, Line: fr.Line, Text: strings.TrimSpace(fr.Source.LineText()), Func: shortFunction(fr.Function)},
				Via:  via,
			}, true
		}
		return heldReceiver{}, false
	}
	return heldReceiver{}, false
}

// nextAppFrame returns the index of the first app frame after frames[i],
// -1 when there is none.
func nextAppFrame(frames []report.Frame, i int) int {
	for j := i + 1; j < len(frames); j++ {
		if frames[j].Kind == report.FrameApp {
			return j
		}
	}
	return -1
}

// weighHeldReceiver gives the receiver candidate c the evidence of the
// field that held it (receiverHeld): the places its owner is built
// without setting it.
func (a *analysis) weighHeldReceiver(src *appSource, c *nilCandidate) {
	h, ok := a.receiverHeld()
	if !ok {
		return
	}
	held := nilCandidate{Expr: h.Expr}
	a.weighFieldIn(src, &held, h.Owner, h.Dir, nil)
	if len(held.Unset) == 0 || held.NotNil != "" {
		return
	}
	c.Owner, c.Field, c.Unset, c.SetLater = held.Owner, held.Field, held.Unset, held.SetLater
	c.Held = &h
}
