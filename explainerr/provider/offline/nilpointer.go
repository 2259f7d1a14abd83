package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// nilPointerPass explains a nil pointer dereference.
var nilPointerPass = &pass{
	name:    "nil-pointer",
	doc:     "A nil pointer dereference: names the nil operand of the failing line and follows it back to where it was made (a constructor that left a field unset, a function returning nil, nil, a parameter passed nil).",
	classes: []Class{ClassNilPointer},
	needs:   []need{needModule},
	explain: always((*analysis).nilPointer),
}

// nilPointer explains "invalid memory address or nil pointer dereference".
func (a *analysis) nilPointer() {
	if a.explainNilInLibrary() {
		return
	}
	s, facts := a.s, a.s.Facts
	var candidates []string
	add := func(expr string) {
		if expr == "" || a.isPackageName(linefacts.RootIdent(expr)) || expr == linefacts.RootIdent(expr) && (a.isPackageName(expr) || a.serverParam(expr)) {
			return
		}
		for _, c := range candidates {
			if c == expr {
				return
			}
		}
		candidates = append(candidates, expr)
	}
	if s.Raiser != nil {
		// The value the library function was called on, then the values
		// passed to it.
		name := lastName(s.Raiser.Function)
		for _, c := range facts.Calls {
			if c.Name == name && c.Receiver != "" {
				add(c.Receiver)
			}
		}
		// An argument counts only on evidence that it can be nil (an
		// error ignored where it was assigned): a library function
		// usually fails on the value it was called on.
		for _, c := range facts.Calls {
			if c.Name != name {
				continue
			}
			for _, arg := range c.Args {
				if arg = strings.TrimSpace(arg); isIdent(arg) && a.weighNilCandidates([]string{arg})[0].evidence() {
					add(arg)
				}
			}
		}
	}
	funcs := map[string]linefacts.CallOp{}
	if s.Raiser == nil {
		for _, c := range a.funcValueCalls() {
			add(c.Fun)
			funcs[c.Fun] = c
		}
	}
	for _, sel := range facts.Selectors {
		add(sel.Base)
	}
	for _, d := range facts.Derefs {
		add(d)
	}
	if s.Raiser != nil {
		// The raiser's own result is not used yet.
		name := "." + lastName(s.Raiser.Function) + "("
		kept := candidates[:0]
		for _, c := range candidates {
			if !strings.Contains(c, name) {
				kept = append(kept, c)
			}
		}
		candidates = kept
	}
	candidates = a.dropValueTyped(candidates)
	if a.promotedNilInlined() {
		return
	}

	if len(candidates) == 0 {
		if a.raisedByPackageFunc() || a.promotedNil() {
			return
		}
		if s.Raiser != nil {
			// The value called on may be another package's variable,
			// which the candidates leave out with the package names.
			name := lastName(s.Raiser.Function)
			for _, c := range facts.Calls {
				if c.Name == name && c.Receiver != "" && a.isPackageName(linefacts.RootIdent(c.Receiver)) && a.explainImportedNil(c.Receiver, name) {
					return
				}
			}
		}
		a.headline("Nil pointer dereference")
		if s.Raiser != nil {
			a.why("A nil pointer was dereferenced inside " + code(qualifiedShort(s.Raiser.Function)) + ": one of the values this line passed to it, or the value it was called on, is " + code("nil") + ".")
		} else {
			a.why("The program read or wrote through a pointer (or called a method through an interface) that was " + code("nil") + ". The offline analyzer could not tell from the line which value it was.")
		}
		a.fix("Find which value on the failing line can be " + code("nil") + " and check it before use, returning an error instead of continuing.")
		return
	}
	if s.Raiser != nil {
		a.raisedNil(candidates)
		return
	}
	if a.shadowedNil(candidates) {
		return
	}
	cands := a.weighNilCandidates(candidates)
	a.weighFuncCandidates(cands, funcs)
	if chosen, _ := pickNilCandidate(cands); chosen != "" {
		if c, ok := funcs[chosen]; ok {
			a.nilFunc(c)
			return
		}
	}
	via := "The line reads through"
	if len(funcs) > 0 {
		via = "The line reads through or calls"
	}
	x := a.explainNilCandidates(cands, via)
	a.culprit = x
	if x == "" {
		for _, c := range cands {
			if c.NotNil == "" && isIdent(c.Expr) {
				a.nilOrigin(c.Expr, false)
			}
			if f, ok := funcs[c.Expr]; ok && c.NotNil == "" {
				a.explainFuncCandidate(f)
			}
		}
		a.fix("Check each of them for " + code("nil") + " before this line (or log them) to see which one it is, then fix where that value is made.")
		return
	}
	for _, c := range cands {
		if c.Expr == x && c.Held != nil && len(c.Unset) > 0 {
			// The receiver came from a caller's field its constructor
			// never sets: the fix is there, not a check in this method.
			return
		}
	}
	if a.nilExplainedByItsSetting(cands, x) || a.fieldFromDroppedError(x) || a.neverSetField(x) || a.embeddedLeftOut(x) {
		return
	}
	if owner := a.ownerType(x); owner != "" && strings.Count(x, ".") == 1 && a.explainCopiedBeforeSet(owner, lastSelector(x)) {
		return
	}
	if isIdent(x) || a.s.HasAssignment(linefacts.RootIdent(x)) && !fieldEvidence(cands, x) {
		_, live := pickNilCandidate(cands)
		a.nilOrigin(x, len(live) == 1)
	}
	if a.fixedAtOrigin {
		return
	}
	a.selfFieldOrigin(x)
	a.fix(a.nilGuard(x),
		"Check "+code(x+" == nil")+" before this line and handle the missing value"+a.missingValueHint()+".")
	if owner := a.ownerType(x); owner != "" && len(a.d.Fixes) == 1 {
		if ctor, _, ok := a.constructorFor(owner, lastSelector(x)); ok {
			a.fix("Make sure "+code(lastSelector(x))+" is always set where the "+code(owner)+" is built, at "+quoteLine(ctor)+".",
				"Make sure it is always set where the value is built.")
		}
	}
}

// promotedNil explains a nil dereference in the wrapper the compiler
// writes for a method a struct promotes from a field it embeds: that
// field is the nil value, left out where the struct is built. It reports
// whether it did.
func (a *analysis) promotedNil() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	p, ok := src.mod.PromotedNil(a.r)
	if !ok {
		return false
	}
	a.culprit = p.Field
	a.g.Add(p.Type, p.Field, p.Method)
	a.headline("Nil pointer dereference: the embedded " + code(p.Field) + " of " + aCode(p.Type) + " is nil")
	by := "the compiler's wrapper (" + code("<autogenerated>") + ") calls " + code(p.Method) + " on that field"
	if p.Inlined {
		by = "the call of " + code(p.Method) + " on the failing line runs on that field"
	}
	if p.FieldRead {
		a.why(code(p.Type) + " has no field " + code(p.Method) + " of its own: it embeds a pointer to " + code(p.Field) + ", which declares it, and the line reads " + code(p.On+"."+p.Method) + " through that pointer. The " + code(p.Type) + " is not " + code("nil") + "; its embedded " + code("*"+p.Field) + " is.")
	} else {
		a.why(code(p.Type) + " has no method " + code(p.Method) + " of its own: it embeds " + code(p.Field) + " and " + by + ". The " + code(p.Type) + " is not " + code("nil") + "; its embedded " + code(p.Field) + " is.")
	}
	if !a.fieldOriginSays(p.Dir, p.Type, p.Field) {
		a.fix("Set the embedded " + code(p.Field) + " wherever " + aCode(p.Type) + " is built.")
	}
	return true
}

// promotedNilInlined is promotedNil for a call the compiler inlined, so
// that no wrapper frame shows it: the failing line calls a method its
// value's struct promotes from an embedded field, and that value was read
// through before (readThroughBefore), so it is not the nil one. It
// reports whether it explained the failure.
func (a *analysis) promotedNilInlined() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	p, ok := src.mod.PromotedNil(a.r)
	if !ok || !p.Inlined {
		return false
	}
	read, ok := a.readThroughBefore(p.On)
	if !ok {
		return false
	}
	if !a.promotedNil() {
		return false
	}
	a.why(code(p.On) + " was read through at " + code(a.fileLoc(read.Path, read.Line)) + " before this line, without failing: it is not the " + code("nil") + " value.")
	return true
}
