package offline

import (
	"path/filepath"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A method's receiver is nil when the value it was called on was: often a
// field of another struct (h.repo.Assign(…) in a handler) that the
// struct's constructor never set. The module understanding follows the
// receiver out through the stack (appsource.HeldReceiver); the
// constructor that leaves the field out is the evidence.

// heldReceiver is where a nil receiver was held: the field Field of the
// caller's receiver, of type Owner declared in Dir, read at Call.
type heldReceiver struct {
	Owner, Field, Dir string
	// Expr is the caller's receiver expression (h.repo), Call the line
	// of the call on it, and Via the methods between that passed the
	// same receiver on, innermost first.
	Expr string
	Call sourceLine
	Via  []string
}

// receiverHeld is the module understanding's HeldReceiver, said as the
// explanation cites it.
func (a *analysis) receiverHeld() (heldReceiver, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return heldReceiver{}, false
	}
	h, ok := src.mod.HeldReceiver(a.r)
	if !ok {
		return heldReceiver{}, false
	}
	out := heldReceiver{Owner: h.Owner, Field: h.Field, Dir: filepath.Dir(h.Caller.File.Path), Expr: h.Self + "." + h.Field, Call: originLine(h.Caller, h.Line)}
	for _, v := range h.Via {
		out.Via = append(out.Via, appsource.FuncName(v.Decl))
	}
	return out, true
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
