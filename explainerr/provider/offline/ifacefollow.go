package offline

import (
	"go/ast"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A nil value often comes from a method called through an interface
// ("snippet, err := app.store.Get(id)" where store is an interface field):
// the function that returned nil is then the module's implementation of
// that method. The parsed source tells which types of the module have all
// the interface's methods; when exactly one does, the call runs its
// method, and otherwise every one is named.

// callOrigin is where a local variable got its value from a call, and
// what that call runs.
type callOrigin struct {
	Line sourceLine
	// Results is how many variables the assignment sets.
	Results int
	// Call is the call as written ("app.snippetStore.Get(id)").
	Call string
	// Method is the called name ("Get").
	Method string
	// Iface is the interface type the call goes through, "" when the call
	// is not through one of the module's interfaces.
	Iface string
	// Recv is the called value's expression ("app.snippetStore").
	Recv string
	// Impls are the module functions the call can run.
	Impls []appsource.FuncRef
}

// originOf finds, in the failing function's parsed source, the last
// assignment above the failing line that sets name from a call, and
// resolves that call.
func (a *analysis) originOf(name string) (callOrigin, bool) {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return callOrigin{}, false
	}
	f, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return callOrigin{}, false
	}
	var found *ast.AssignStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || src.fset.Position(as.Pos()).Line >= a.s.Line {
			return true
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == name {
			if _, ok := as.Rhs[0].(*ast.CallExpr); ok {
				found = as
			}
		}
		return true
	})
	if found == nil {
		return callOrigin{}, false
	}
	call := found.Rhs[0].(*ast.CallExpr)
	fn := funcName(fd)
	o := callOrigin{Line: src.lineOfPos(found.Pos(), fn), Results: len(found.Lhs), Call: exprString(src, call)}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		if id, ok := call.Fun.(*ast.Ident); ok {
			o.Method = id.Name
			o.Impls = src.mod.Func(filepath.Dir(f.Path), id.Name)
		}
		return o, true
	}
	o.Method, o.Recv = sel.Sel.Name, exprString(src, sel.X)
	t, dir := src.typeOfExpr(f, fd, sel.X, 0)
	if t == "" {
		return o, true
	}
	tr, ok := src.mod.Type(dir, t)
	if !ok {
		return o, true
	}
	tdir := filepath.Dir(tr.File.Path)
	if it, ok := tr.Spec.Type.(*ast.InterfaceType); ok {
		o.Iface = t
		o.Impls = a.loggedFirst(src.implementations(it, sel.Sel.Name))
		return o, true
	}
	for _, ref := range src.mod.Methods(sel.Sel.Name) {
		if receiverName(ref.Decl) == t && filepath.Dir(ref.File.Path) == tdir {
			o.Impls = append(o.Impls, ref)
		}
	}
	return o, true
}

// loggedFirst orders implementations so that those the request's log
// lines name (a logger that adds its caller's file and line) come first:
// of an interface's several implementations, the one the log shows ran.
func (a *analysis) loggedFirst(impls []appsource.FuncRef) []appsource.FuncRef {
	return loggedFirstBy(a, impls, func(r appsource.FuncRef) *ast.FuncDecl { return r.Decl })
}

// exprString returns the source text of e.
func exprString(src *appSource, e ast.Node) string {
	p, q := src.fset.Position(e.Pos()), src.fset.Position(e.End())
	if f := src.mod.FileAt(p.Filename); f != nil && p.Line == q.Line && p.Line >= 1 && p.Line <= len(f.Lines()) {
		line := f.Lines()[p.Line-1]
		if p.Column-1 >= 0 && q.Column-1 <= len(line) {
			return line[p.Column-1 : q.Column-1]
		}
	}
	return ""
}

// typeOfExpr returns the module type name of e and the directory of the
// package whose scope names it, as far as the syntax of fd tells: the
// receiver, a parameter, and fields of those; "" when unknown.
func (s *appSource) typeOfExpr(f *appsource.File, fd *ast.FuncDecl, e ast.Expr, depth int) (string, string) {
	if depth > 4 {
		return "", ""
	}
	dir := filepath.Dir(f.Path)
	switch x := e.(type) {
	case *ast.ParenExpr:
		return s.typeOfExpr(f, fd, x.X, depth+1)
	case *ast.Ident:
		for _, list := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
			if list == nil {
				continue
			}
			for _, fl := range list.List {
				for _, n := range fl.Names {
					if n.Name == x.Name {
						return s.namedIn(fl.Type, dir)
					}
				}
			}
		}
	case *ast.SelectorExpr:
		owner, odir := s.typeOfExpr(f, fd, x.X, depth+1)
		if owner == "" {
			return "", ""
		}
		tr, ok := s.mod.Type(odir, owner)
		if !ok {
			return "", ""
		}
		st, ok := tr.Spec.Type.(*ast.StructType)
		if !ok {
			return "", ""
		}
		for _, fl := range st.Fields.List {
			for _, n := range fl.Names {
				if n.Name == x.Sel.Name {
					return s.namedIn(fl.Type, filepath.Dir(tr.File.Path))
				}
			}
		}
	}
	return "", ""
}

// namedIn returns the module type a type expression written in the
// package in dir names, and that type's package directory; "" when it is
// not one of the module's.
func (s *appSource) namedIn(t ast.Expr, dir string) (string, string) {
	switch x := t.(type) {
	case *ast.StarExpr:
		return s.namedIn(x.X, dir)
	case *ast.Ident:
		if _, ok := s.mod.Type(dir, x.Name); ok {
			return x.Name, dir
		}
	case *ast.SelectorExpr:
		// pkg.T: a type of another package of the module, found by its
		// package's name.
		pkg, ok := x.X.(*ast.Ident)
		if !ok {
			return "", ""
		}
		for _, f := range s.files {
			if f.pkg() == pkg.Name {
				if _, ok := s.mod.Type(filepath.Dir(f.path), x.Sel.Name); ok {
					return x.Sel.Name, filepath.Dir(f.path)
				}
			}
		}
	}
	return "", ""
}

// implementations returns the module's methods called name of the types
// that declare every method the interface it lists.
func (s *appSource) implementations(it *ast.InterfaceType, name string) []appsource.FuncRef {
	var want []string
	for _, m := range it.Methods.List {
		if _, ok := m.Type.(*ast.FuncType); ok {
			for _, n := range m.Names {
				want = append(want, n.Name)
			}
		}
	}
	type recvKey struct{ dir, name string }
	has := func(k recvKey, method string) bool {
		for _, ref := range s.mod.Methods(method) {
			if receiverName(ref.Decl) == k.name && filepath.Dir(ref.File.Path) == k.dir {
				return true
			}
		}
		return false
	}
	var out []appsource.FuncRef
	for _, ref := range s.mod.Methods(name) {
		k := recvKey{filepath.Dir(ref.File.Path), receiverName(ref.Decl)}
		all := true
		for _, m := range want {
			if !has(k, m) {
				all = false
				break
			}
		}
		if all {
			out = append(out, ref)
		}
	}
	return out
}

// nilNilReturns returns the return statements of refs whose results are
// all nil.
func (s *appSource) nilNilReturns(refs []appsource.FuncRef) []sourceLine {
	var out []sourceLine
	for _, ref := range refs {
		fn := funcName(ref.Decl)
		for _, pos := range allNilReturns(ref.Decl.Body) {
			out = append(out, s.lineOfPos(pos, fn))
		}
	}
	return out
}

// implNames returns the short names of refs ("(*SnippetStore).Get").
func implNames(refs []appsource.FuncRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, funcName(r.Decl))
	}
	return out
}

// implPlaces names each of refs with where it is declared, relative to
// the module root ("`(*Store).Find` (`memory/store.go:12`)"), so that
// methods of the same name in different packages stay apart, and makes
// the names citable.
func (a *analysis) implPlaces(refs []appsource.FuncRef) string {
	src := a.app()
	var out []string
	for _, r := range refs {
		name := funcName(r.Decl)
		rel := src.mod.Rel(r.File.Path)
		a.g.Add(name, rel)
		out = append(out, code(name)+" ("+code(loc(rel, src.fset.Position(r.Decl.Pos()).Line))+")")
	}
	return strings.Join(out, ", ")
}

// explainCallOrigin writes where a nil local value came from, found in
// the parsed source: the assignment, the interface the call goes through
// and its implementations, and a nil, nil return among them. It reports
// whether it said anything.
func (a *analysis) explainCallOrigin(name string) bool {
	o, ok := a.originOf(name)
	if !ok {
		return false
	}
	src := a.app()
	a.why(code(name) + " comes from " + a.cite(o.Line) + ".")
	names := implNames(o.Impls)
	a.g.Add(names...)
	a.g.Add(o.Iface, o.Method, o.Recv)
	if o.Iface != "" {
		switch len(o.Impls) {
		case 0:
			a.why(code(o.Recv) + " is the interface " + code(o.Iface) + ", and no type of the module has all its methods, so the value behind it is not the module's.")
		case 1:
			a.why(code(o.Recv) + " is the interface " + code(o.Iface) + "; the only type of the module with all its methods has " + code(names[0]) + ", so that is what the call runs.")
		default:
			a.why(code(o.Recv) + " is the interface " + code(o.Iface) + "; the module's types with all its methods have " + codeList(names) + ": the call runs whichever the value behind it is.")
		}
	}
	nils := src.nilNilReturns(o.Impls)
	if len(nils) == 0 {
		return true
	}
	callee := code(nils[0].Func)
	if o.Results > 1 {
		checked := ""
		if a.errCheckedBetween(o.Line.Path, o.Line.Line, a.s.Line) {
			checked = ": the caller's error check passes and the " + code("nil") + " value is used"
		}
		a.why(callee + " returns " + code("nil") + " with a " + code("nil") + " error at " + a.cite(nils[0]) + checked + ".")
		a.fix("Handle a " + code("nil") + " " + code(name) + " before using it, or make " + callee + " return an error (for example a not-found error) instead of " + code("nil, nil") + " at " + code(a.fileLoc(nils[0].Path, nils[0].Line)) + " and check for it here" + a.notFoundAnswer() + ".")
	} else {
		a.why(callee + " returns " + code("nil") + " at " + a.cite(nils[0]) + ".")
		a.explainNilForLoggedError(nils[0])
		a.fix("Handle the " + code("nil") + " that " + callee + " can return before using " + code(name) + ".")
	}
	return true
}

// nilFromCall reports whether name's value comes, in the parsed source,
// from a call that can return nil with a nil error.
func (a *analysis) nilFromCall(name string) bool {
	o, ok := a.originOf(name)
	return ok && len(a.app().nilNilReturns(o.Impls)) > 0
}

// errCheckedBetween reports whether a line of the file at path after
// line from and before line to tests err != nil.
func (a *analysis) errCheckedBetween(path string, from, to int) bool {
	re := compiled(`err\s*!=\s*nil`)
	for n := from + 1; n < to; n++ {
		if re.MatchString(a.appLineText(path, n)) {
			return true
		}
	}
	return false
}
