package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/report"
)

// recoveredPass explains a panic the app's own recoverer took.
var recoveredPass = &pass{
	name:    "recovered-site",
	doc:     "A panic the app's own recoverer took before explainerr saw its value: what on the panic-site line can panic. Other unrecognised errors are restated.",
	classes: []Class{ClassUnknown},
	needs:   []need{needModule},
	explain: (*analysis).recoveredUnknown,
}

// An app's own recoverer inside explainerr takes the panic value and
// answers the request itself: the report then knows where the panic
// happened (the frame at the panic site) but not what it said. The
// failing line still shows what can panic there.

// recoveredUnknown explains a panic whose value a recoverer took: the
// operations on the panic-site line that can panic, as candidates. It
// reports whether it applies.
func (a *analysis) recoveredUnknown() bool {
	e := a.r.Error
	if e.Recoverer == "" || a.f.Class != ClassUnknown || a.s.Frame == nil || a.s.Text == "" {
		return false
	}
	rec := shortFunction(e.Recoverer)
	a.g.Add(e.Recoverer, rec)
	a.f.Class = ClassRecovered
	a.headline("A panic at "+code(loc(a.s.File, a.s.Line))+", recovered by "+code(rec)+": its value is unknown",
		"A panic at "+code(loc(a.s.File, a.s.Line))+": its value is unknown",
		"A recovered panic: its value is unknown")
	a.why("The app's recoverer " + code(rec) + " recovered the panic and answered the request itself, so the panic value (the runtime's message) is unknown: the recoverer took it. The panic site is known, so what follows is what on that line can panic, not a diagnosis.")
	cands, nils := a.panicCandidates()
	if len(cands) == 0 {
		a.why("The line has no operation the offline analyzer knows to panic; the panic was probably raised inside a function it calls.")
	} else {
		a.why("What can panic on " + code(loc(a.s.File, a.s.Line)) + ":\n\n- " + strings.Join(cands, "\n- "))
	}
	a.runtimeRaiser()
	// If it was a nil dereference: each candidate weighed as a nil
	// pointer's are (read through before, left out where its owner is
	// built), and where a local one came from.
	for i, c := range a.weighNilCandidates(nils) {
		if i == 0 {
			a.why("\n\nIf it was a nil dereference:")
		}
		a.explainCandidate(c, "")
		if c.NotNil == "" && isIdent(c.Expr) {
			a.nilOrigin(c.Expr, false)
		}
	}
	a.fix("Let the panic reach explainerr while developing: take the app's recoverer out of the chain (or put explainerr inside it), or have it log the value, so the report says which of these failed.")
	return true
}

// runtimeRaiser says which operation of the line raised the panic when the
// trace shows a runtime function between the panic site and the panic: a
// map assignment panics when the map is nil.
func (a *analysis) runtimeRaiser() {
	var fn string
	for _, f := range a.r.Frames {
		if f.Kind == report.FrameApp {
			break
		}
		if strings.HasPrefix(f.Function, "runtime.mapassign") {
			fn = f.Function
		}
	}
	if fn == "" {
		return
	}
	var writes []string
	for _, ix := range a.s.Facts.Indexes {
		if ix.Assign && a.indexKind(ix.X) != "sequence" {
			writes = append(writes, ix.X)
		}
	}
	if len(writes) != 1 {
		return
	}
	a.why("\n\nThe trace shows " + code(fn) + " above the line: the panic was raised while writing to the map " + code(writes[0]) + ", which panics when the map is " + code("nil") + ".")
	a.fix("Make " + code(writes[0]) + " (with " + code("make") + ") before the first write to it, where its value is built.")
}

// panicCandidates lists the operations of the failing line that can panic
// (out) and the values it dereferences that may be nil (nils): nil
// dereferences, index and slice expressions, one-result type assertions, map
// writes, divisions and calls of panic.
func (a *analysis) panicCandidates() (out, nils []string) {
	facts := a.s.Facts
	seen := map[string]bool{}
	for _, sel := range facts.Selectors {
		b := sel.Base
		if b == "" || seen[b] || a.isPackageName(linefacts.RootIdent(b)) {
			continue
		}
		seen[b] = true
		nils = append(nils, b)
	}
	for _, d := range facts.Derefs {
		if !seen[d] {
			seen[d] = true
			nils = append(nils, d)
		}
	}
	// The panic may be no nil dereference: values of value types are no
	// candidates, even when none is left.
	nils = a.mayBeNil(nils)
	if len(nils) > 0 {
		var quoted []string
		for _, n := range nils {
			quoted = append(quoted, code(n))
		}
		out = append(out, "a nil pointer dereference, if "+strings.Join(quoted, " or ")+" is "+code("nil"))
	}
	for _, c := range a.funcValueCalls() {
		out = append(out, "a call of a nil func value, if "+code(c.Fun)+" is "+code("nil"))
	}
	for _, ix := range facts.Indexes {
		expr := code(ix.X + "[" + ix.Index + "]")
		kind := a.indexKind(ix.X)
		if ix.Assign && kind != "sequence" {
			out = append(out, "a write to a nil map in "+expr+", if "+code(ix.X)+" was never made")
		}
		if kind != "map" {
			// Reading a missing map key gives the zero value: only slices,
			// arrays and strings have a range.
			out = append(out, "an index out of range in "+expr)
		}
	}
	for _, sl := range facts.Slices {
		e := sl.X + "[" + sl.Low + ":" + sl.High
		if sl.Max != "" {
			e += ":" + sl.Max
		}
		out = append(out, "slice bounds out of range in "+code(e+"]"))
	}
	for _, as := range facts.Asserts {
		commaOK := false
		for _, asg := range facts.Assigned {
			if len(asg.LHS) == 2 && strings.HasSuffix(asg.RHS, as.X+".("+as.Type+")") {
				commaOK = true
			}
		}
		if !commaOK {
			out = append(out, "a failed type assertion "+code(as.X+".("+as.Type+")"))
		}
	}
	for _, d := range facts.Divisions {
		out = append(out, "an integer divide by zero in "+code(d.X+" "+d.Op+" "+d.Y)+", if "+code(d.Y)+" is 0")
	}
	for _, c := range facts.Calls {
		if c.Name == "panic" && c.Receiver == "" {
			out = append(out, "the call of "+code("panic")+" itself")
		}
	}
	return out, nils
}
