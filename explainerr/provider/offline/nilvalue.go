package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A nil pointer panic says that some pointer on the failing line was nil,
// not which. The analyzer names one value only when the line and the data
// flow show it (a single nil-able operand; a constructor that never sets
// the field; a caller that passes a value that can be nil while the other
// candidates are shown not to be); otherwise it names every candidate.

// nilCandidate is one operand of the failing line that may be the nil one.
type nilCandidate struct {
	Expr string
	// Owner and Field are set for a field of the failing method's
	// receiver ("Server", "cfg" for s.cfg).
	Owner, Field string
	// Unset are the places the owner is built without setting Field,
	// when nothing else in the module sets it.
	Unset []builder
	// SetAt are the places the module sets Field after all, when the
	// owner is built without it somewhere.
	SetAt []sourceLine
	// SetLater are the places that set Field in functions the request
	// did not run, when those are all there are (Unset is then set).
	SetLater []sourceLine
	// Discarded is true for a local variable assigned above the failing
	// line from a call whose error is discarded (x, _ := f()).
	Discarded bool
	// GoesOn is the check of the error assigned with a local variable
	// (x, err := f()) when that check does not leave: when f fails, x is
	// nil and the code goes on.
	GoesOn *errBranch
	// NilFrom are lines that make the value nil one step back: a
	// function the caller got it from returns nil.
	NilFrom []sourceLine
	// Arg is the caller's argument for a parameter candidate.
	Arg string
	// NotNil says why the value cannot be nil ("" when it can).
	NotNil string
	// Local is true for a local variable whose value, per the parsed
	// source, comes from a call that can return nil, nil; nilOrigin says
	// where.
	Local bool
	// Func is true for a func value the line calls.
	Func bool
	// Built is the constructor literal (in the corpus) that builds Owner
	// without setting Field; nil when none is known.
	Built *corpus.Line
	// Held is, for the failing method's receiver, the field of a caller's
	// receiver it was called on (Owner and Field are then that field's).
	Held *heldReceiver
}

// evidence reports whether something beyond the line points at c.
func (c nilCandidate) evidence() bool {
	return len(c.Unset) > 0 || len(c.NilFrom) > 0 || c.Local || c.Discarded || c.GoesOn != nil || c.Built != nil
}

// app returns the app's parsed source, nil when it cannot be read. It is
// kept out of line for the reason given at why.
//
//go:noinline
func (a *analysis) app() *appSource {
	if !a.srcLoaded {
		a.srcLoaded = true
		a.src = loadAppSource(a.r)
	}
	return a.src
}

// reached returns the module functions the request may have run
// (appsource.Module.RequestReach), computed once per analysis; nil when
// the module cannot be read.
func (a *analysis) reached() []appsource.FuncRef {
	if !a.reachDone {
		a.reachDone = true
		if src := a.app(); src != nil && src.mod != nil {
			a.reach = src.mod.RequestReach(a.r)
		}
	}
	return a.reach
}

// cite quotes a line of the app's source, making its words citable.
func (a *analysis) cite(l sourceLine) string {
	a.g.Add(l.Text, l.Func, baseName(l.Path))
	where := code(a.fileLoc(l.Path, l.Line))
	switch {
	case l.Func != "":
		where = code(l.Func) + " (" + where + ")"
	case l.RunBy != "":
		a.g.Add(l.RunBy)
		where += " (a constant that " + code(l.RunBy) + " runs)"
	}
	return where + ": " + code(l.Text)
}

// siteDecl returns the failing function's declared name and receiver type
// without type arguments ("title", "Server" for (*Server).title.func1).
func (a *analysis) siteDecl() (name, recv string) {
	fn := strings.ReplaceAll(enclosingFunc(a.s.Function), "[...]", "")
	return lastSelector(fn), receiverType(fn)
}

// weighNilCandidates looks one step back for each candidate: whether its
// type can be nil at all, whether the owner's constructors set it, and,
// for a parameter, what the caller passed.
func (a *analysis) weighNilCandidates(exprs []string) []nilCandidate {
	out := make([]nilCandidate, 0, len(exprs))
	src := a.app()
	name, recv := a.siteDecl()
	recvVar := ""
	var params []string
	if src != nil {
		if recv != "" {
			recvVar = src.receiverOf(name, recv)
		}
		params, _ = src.params(name, recv)
		if _, fd := a.failingFunc(); fd != nil && fd.Name.Name == name && (recv == "" || receiverName(fd) == recv) {
			// The declaration at the failing frame, not another
			// package's of the same names (an HTTP and a gRPC handler).
			recvVar, params = "", paramNames(fd.Type)
			if fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 {
				// A value receiver's method is named T.m, which reads as
				// a package's function: its type is the declaration's.
				recvVar, recv = fd.Recv.List[0].Names[0].Name, receiverName(fd)
			}
		}
	}
	for _, e := range exprs {
		c := nilCandidate{Expr: e}
		if g, ok := a.nilGuardAround(e); ok {
			// The line runs only when the value is not nil.
			c.NotNil = "the line runs only when it is not " + code("nil") + " (" + a.cite(g) + ")"
			out = append(out, c)
			continue
		}
		if g := a.nilTestedInline(e); g != "" {
			a.g.Add(g)
			c.NotNil = "the line tests it against " + code("nil") + " before it reads through it (" + code(g) + ")"
			out = append(out, c)
			continue
		}
		if isIdent(e) {
			if read, ok := a.readThroughBefore(e); ok {
				// A field was read through it on the way here.
				c.NotNil = code(e) + " was read through at " + code(a.fileLoc(read.Path, read.Line)) + " before, without failing"
				out = append(out, c)
				continue
			}
		}
		if src != nil && strings.Count(e, ".") == 1 {
			if recvVar != "" && linefacts.RootIdent(e) == recvVar {
				a.weighField(src, &c, recv, nil)
			} else if owner, ret, ok := a.madeBy(src, linefacts.RootIdent(e)); ok {
				a.weighField(src, &c, owner, &ret)
			} else if owner := a.failingParamType(src, name, recv, linefacts.RootIdent(e)); owner != "" && contains(params, linefacts.RootIdent(e)) {
				// A field of a parameter of a module struct type: the
				// places that build that type are where it is set. The
				// type's package, when the parameter names it
				// (tag *entity.Tag), says which of the types so named.
				dir := a.typeDir(owner)
				if d, ok := a.paramTypeDir(linefacts.RootIdent(e)); ok {
					dir = d
				}
				if _, _, isStruct := src.structFieldIn(dir, owner, lastSelector(e)); isStruct {
					a.weighFieldIn(src, &c, owner, dir, nil)
				}
			}
		}
		if src != nil && recvVar != "" && e == recvVar {
			a.weighHeldReceiver(src, &c)
		}
		if isIdent(e) {
			a.weighAssignment(&c)
		} else if a.zeroValueField(e) {
			// item.Location of item, _ := f(): when f fails, item is the
			// zero struct and its pointer field is nil.
			c.Discarded = true
		}
		if src != nil && isIdent(e) && contains(params, e) {
			a.weighArgument(&c, name, params)
		} else if src != nil && isIdent(e) && !a.s.HasAssignment(e) && a.nilFromCall(e) {
			c.Local = true
		}
		out = append(out, c)
	}
	return out
}

// zeroValueField reports whether e is a field (root.Field) of a local
// variable assigned from a call whose error is discarded and whose result
// is a struct value: when the call fails, the zero value's field is what
// is nil.
func (a *analysis) zeroValueField(e string) bool {
	root := linefacts.RootIdent(e)
	if root == e || strings.Count(e, ".") != 1 {
		return false
	}
	_, op, ok := a.s.AssignmentOf(root)
	if !ok || len(op.LHS) < 2 || op.LHS[len(op.LHS)-1] != "_" {
		return false
	}
	return a.discardedValueType(root, op.LHS, op.RHS) != ""
}

// weighField looks at the field c of a value of the struct type owner:
// whether its type can be nil at all, and whether the module ever sets it.
// When the value is known to come from one literal (at), only that one
// counts as where it is built.
func (a *analysis) weighField(src *appSource, c *nilCandidate, owner string, at *sourceLine) {
	a.weighFieldIn(src, c, owner, a.typeDir(owner), at)
}

// weighFieldIn is weighField for an owner type declared in the directory
// typeDir ("" when not known).
func (a *analysis) weighFieldIn(src *appSource, c *nilCandidate, owner, typeDir string, at *sourceLine) {
	c.Owner, c.Field = owner, lastSelector(c.Expr)
	if i := strings.IndexByte(c.Field, '('); i > 0 {
		// A field of a func type, called (s.clock()): the field is clock.
		c.Field = c.Field[:i]
	}
	_, typ, direct := src.structFieldIn(typeDir, owner, c.Field)
	if direct && !src.nilable(typ) {
		c.NotNil = "its type cannot be nil"
		return
	}
	if !direct && src.embedsAny(typeDir, owner) {
		// A field promoted from an embedded value (a.Logger of an
		// embedded bundle): a literal that sets the embedded value sets
		// it, so no literal can be said to leave it out.
		return
	}
	dir := ""
	if at == nil {
		dir = typeDir
	}
	unset, ok := src.leftUnset(owner, c.Field, dir)
	if at != nil {
		var from []builder
		for _, b := range unset {
			if b.Line.Path == at.Path && b.Line.Line == at.Line {
				from = append(from, b)
			}
		}
		unset = from
	}
	if ok && len(unset) > 0 {
		c.SetAt = src.fieldSetsIn(typeDir, c.Owner, c.Field)
		if len(c.SetAt) == 0 {
			c.Unset = unset
		} else if a.setOnlyLater(src, c.Owner, c.Field, c.SetAt) {
			// Set only by functions this request did not run (a lazy
			// start: "if w.pending == nil { w.pending = new(int32) }"
			// in another method): until one runs, the field is nil.
			c.Unset, c.SetLater, c.SetAt = unset, c.SetAt, nil
		}
	}
}

// setOnlyLater reports whether every line of sets assigns field on the
// receiver of a method of owner (w.pending = … in a method of Worker: a
// set known to be of that type), and none is in a function the request
// may have run (reached) or in the failing function.
func (a *analysis) setOnlyLater(src *appSource, owner, field string, sets []sourceLine) bool {
	reach := a.reached()
	if reach == nil {
		return false // the module could not be read: nothing is known
	}
	ran := map[*ast.FuncDecl]bool{}
	for _, ref := range reach {
		ran[ref.Decl] = true
	}
	if a.s.Frame != nil {
		if _, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line); fd != nil {
			ran[fd] = true
		}
	}
	for _, l := range sets {
		_, fd := src.mod.FuncAt(l.Path, l.Line)
		if fd == nil || ran[fd] || receiverName(fd) != owner || len(fd.Recv.List[0].Names) == 0 {
			return false
		}
		if self := fd.Recv.List[0].Names[0].Name; !strings.Contains(l.Text, self+"."+field) {
			return false
		}
	}
	return true
}

// madeBy returns the struct type of the value the variable name of the
// failing function holds when it is assigned from a module function that
// always returns a value it makes (name := loadAccount(n)), with the
// return statement that makes it.
func (a *analysis) madeBy(src *appSource, name string) (string, sourceLine, bool) {
	_, op, ok := a.s.AssignmentOf(name)
	fn := callName(op.RHS)
	if !ok || len(op.LHS) != 1 || fn == "" {
		return "", sourceLine{}, false
	}
	ret, t, ok := src.alwaysNewType(fn)
	if star, isPtr := t.(*ast.StarExpr); isPtr {
		t = star.X
	}
	if !ok || t == nil {
		return "", sourceLine{}, false
	}
	typ := typeName(t)
	if _, isStruct := src.typeDecl(typ).(*ast.StructType); !isStruct {
		return "", sourceLine{}, false
	}
	return typ, ret, true
}

// weighAssignment looks at the assignment of the local variable c above
// the failing line: a call whose error is discarded or only handled
// without leaving can leave it nil; a module function that always returns
// a new value cannot.
func (a *analysis) weighAssignment(c *nilCandidate) {
	src := a.app()
	line, results, fn := 0, 0, ""
	if w, op, ok := a.s.AssignmentOf(c.Expr); ok {
		line, results, fn = w.Number, len(op.LHS), callName(op.RHS)
		if results > 1 && op.LHS[results-1] == "_" && fn != "" {
			if t := a.discardedValueType(c.Expr, op.LHS, op.RHS); t != "" {
				// The failed call gave the zero value of a struct: the
				// variable is never nil, a pointer field of it may be.
				c.NotNil = "its type, " + code(t) + ", cannot be nil"
				return
			}
			c.Discarded = true
			return
		}
	} else if o, ok := a.originOf(c.Expr); ok {
		// Assigned above the source window.
		line, results, fn = o.Line.Line, o.Results, o.Method
	}
	if src == nil || a.s.Frame == nil || fn == "" {
		return
	}
	if results > 1 {
		if br, ok := src.errBranchAfter(a.s.Frame.File, line); ok && !br.Leaves {
			c.GoesOn = &br
		}
		return
	}
	if ret, ok := src.alwaysNew(fn); ok {
		c.NotNil = code(fn) + " never returns " + code("nil") + ": it returns a value it makes, at " + a.cite(ret)
	}
}

// weighArgument looks at what the caller passed for the parameter c.
func (a *analysis) weighArgument(c *nilCandidate, name string, params []string) {
	caller := a.s.Caller
	if caller == nil || caller.Source == nil {
		return
	}
	i := -1
	for j, p := range params {
		if p == c.Expr {
			i = j
		}
	}
	for _, call := range linefacts.Analyze(caller.Source).Calls {
		if call.Name != name || i < 0 || i >= len(call.Args) {
			continue
		}
		arg := strings.TrimSpace(call.Args[i])
		c.Arg = arg
		switch {
		case strings.HasPrefix(arg, "&") && strings.HasSuffix(arg, "}"), strings.HasPrefix(arg, "new("):
			c.NotNil = "the caller passes " + code(arg) + ", which is never nil"
		case callName(arg) != "" && strings.HasSuffix(arg, ")"):
			c.NilFrom = a.app().nilReturns(callName(arg))
		}
		return
	}
}

// pickNilCandidate returns the one candidate the evidence points at (""
// when it points at none or several) and the candidates that may be nil.
func pickNilCandidate(cands []nilCandidate) (string, []nilCandidate) {
	var live, strong []nilCandidate
	for _, c := range cands {
		if c.NotNil != "" {
			continue
		}
		live = append(live, c)
		if c.evidence() {
			strong = append(strong, c)
		}
	}
	if len(live) == 0 {
		live = cands // the evidence contradicts itself: keep every candidate
	}
	switch {
	case len(strong) == 1:
		return strong[0].Expr, live
	case len(live) == 1:
		return live[0].Expr, live
	}
	return "", live
}

// explainNilCandidates writes the headline and the why of a nil pointer
// dereference on a line with several candidates, and returns the one
// value the evidence points at ("" when it points at none or several).
func (a *analysis) explainNilCandidates(cands []nilCandidate, via string) string {
	chosen, live := pickNilCandidate(cands)
	switch {
	case chosen != "":
		a.headline("Nil pointer dereference: "+code(chosen)+" is nil", "Nil pointer dereference")
		a.why(via + " " + code(chosen) + ", which is " + code("nil") + ": following a nil pointer (or calling a method on a nil interface) panics.")
	default:
		var quoted []string
		for _, c := range live {
			quoted = append(quoted, code(c.Expr))
		}
		list := strings.Join(quoted, ", ")
		a.headline("Nil pointer dereference: one of "+list+" is nil", "Nil pointer dereference")
		a.why(via + " " + list + ". One of them is " + code("nil") + "; the trace does not say which, so check each.")
	}
	for _, c := range cands {
		a.explainCandidate(c, chosen)
	}
	return chosen
}

// explainCandidate adds what is known about one candidate.
func (a *analysis) explainCandidate(c nilCandidate, chosen string) {
	switch {
	case c.Local, c.Discarded, c.GoesOn != nil:
		// nilOrigin says where it came from.
	case len(c.SetAt) > 0:
		a.why(code(c.Field) + " is left out where the " + code(c.Owner) + " is built, but the module sets it afterwards, at " + a.cite(c.SetAt[0]) + ", so nothing shows that " + code(c.Expr) + " is " + code("nil") + ".")
	case c.Built != nil:
		a.why(code(c.Owner) + " is built at " + quoteLine(*c.Built) + " without setting " + code(c.Field) + ", so " + code(c.Expr) + " stays " + code("nil") + " there.")
	case c.NotNil != "":
		a.why(code(c.Expr) + " is not it: " + c.NotNil + ".")
	case len(c.Unset) > 0:
		if h := c.Held; h != nil {
			a.g.Add(h.Expr, h.Call.Text)
			between := ""
			if len(h.Via) > 0 {
				a.g.Add(h.Via...)
				between = ", called on the same receiver by " + code(strings.Join(h.Via, "`, `")) + ","
			}
			a.why(code(c.Expr) + " is the receiver of " + code(a.s.Function) + between + " which " + a.cite(h.Call) + " calls on " + code(h.Expr) + ".")
			c.Expr = h.Expr
		}
		var at []string
		for _, b := range c.Unset {
			at = append(at, a.cite(b.Line))
		}
		if len(c.SetLater) > 0 {
			a.why(code(c.Owner) + " is built without setting " + code(c.Field) + " at " + strings.Join(at, "; ") + "; only " + a.cite(c.SetLater[0]) + " sets it, in a function this request did not run, so " + code(c.Expr) + " is still " + code("nil") + " here.")
		} else {
			a.why(code(c.Owner) + " is built without setting " + code(c.Field) + " at " + strings.Join(at, "; ") + ", so " + code(c.Expr) + " stays " + code("nil") + ".")
		}
		a.fix("Set " + code(c.Field) + " where the " + code(c.Owner) + " is built, at " + a.cite(c.Unset[0].Line) + ".")
	case len(c.NilFrom) > 0:
		a.why(code(c.Expr) + " is " + code(c.Arg) + " in the caller, and " + code(callName(c.Arg)) + " returns " + code("nil") + " at " + a.cite(c.NilFrom[0]) + ".")
		a.fix("Handle the " + code("nil") + " that " + code(callName(c.Arg)) + " can return before passing it on, or make it return an error instead.")
	case c.Arg != "" && c.Expr != chosen && c.Arg != c.Expr:
		a.why("The caller passes " + code(c.Arg) + " as " + code(c.Expr) + ".")
	}
}

// paramTypeDir returns the directory of the module package whose type the
// failing function's parameter param has, when it names that package
// (tag *entity.Tag: entity's directory).
func (a *analysis) paramTypeDir(param string) (string, bool) {
	src := a.app()
	f, fd := a.failingFunc()
	if f == nil || fd == nil || fd.Type.Params == nil {
		return "", false
	}
	for _, fl := range fd.Type.Params.List {
		for _, n := range fl.Names {
			if n.Name != param {
				continue
			}
			t := fl.Type
			if st, ok := t.(*ast.StarExpr); ok {
				t = st.X
			}
			if sel, ok := t.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok {
					return src.mod.PackageDir(f.src, pkg.Name)
				}
			}
		}
	}
	return "", false
}

// failingParamType is the type name of the parameter param of the
// declaration at the failing frame, or else of the function recv.name
// (appSource.paramType).
func (a *analysis) failingParamType(src *appSource, name, recv, param string) string {
	if _, fd := a.failingFunc(); fd != nil && fd.Name.Name == name && fd.Type.Params != nil {
		for _, fl := range fd.Type.Params.List {
			for _, n := range fl.Names {
				if n.Name == param {
					return typeName(fl.Type)
				}
			}
		}
	}
	return src.paramType(name, recv, param)
}
