package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// Whether the value a failing method runs on is shared between requests
// decides whether a map it writes needs a lock. A server's handler that
// makes the value itself (stats := NewStats(), c := &Cart{}) and hands it
// to nothing that outlives the call, before the failing write, is the
// only one that writes it: the value is made afresh for every request, so
// advising a lock there would be wrong. Anything the analyzer cannot see
// through (a value from a field, a parameter, a package variable, a
// constructor that may hand out a kept value) is not judged fresh.

// freshReceiver is where the failing method's receiver was made, when the
// calling function makes it itself for each call.
type freshReceiver struct {
	// Name is the caller's variable holding the receiver ("stats").
	Name string
	// Made is the line that makes it.
	Made sourceLine
}

// receiverMadePerCall reports the caller's variable that holds the failing
// method's receiver when the caller makes that value itself — with a
// composite literal, new, or a module function whose every return makes a
// new value — and, before the failing call (or anywhere in a loop around
// it), hands it to no other function, field, variable, channel, goroutine
// or closure.
func (a *analysis) receiverMadePerCall() (freshReceiver, bool) {
	src := a.app()
	caller := a.s.Caller
	if src == nil || caller == nil || a.s.Frame == nil {
		return freshReceiver{}, false
	}
	method, recv := a.siteDecl()
	if recv == "" {
		return freshReceiver{}, false
	}
	m := src.mod
	f := m.FileAt(caller.File)
	if f == nil {
		return freshReceiver{}, false
	}
	fd := enclosingDecl(m, f, caller.Line)
	if fd == nil {
		return freshReceiver{}, false
	}
	var body *ast.BlockStmt = fd.Body
	fnName := funcName(fd)
	if lit := m.FuncLitAt(fd, caller.Line); lit != nil {
		body = lit.Body
	}
	line := func(n ast.Node) int { return m.Fset.Position(n.Pos()).Line }
	// The call on the caller's line: name.method(…).
	var call *ast.CallExpr
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || call != nil || line(c) > caller.Line || m.Fset.Position(c.End()).Line < caller.Line {
			return call == nil
		}
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == method {
			if id, ok := sel.X.(*ast.Ident); ok {
				call, name = c, id.Name
			} else if _, ok := sel.X.(*ast.CallExpr); ok {
				call = c
			}
		}
		return call == nil
	})
	if call == nil {
		return freshReceiver{}, false
	}
	if name == "" {
		// A chain on a constructor's result, New(w, r).WithStatus(…).
		// WithHeader(…): the value is made in the expression and held by
		// no variable.
		head := chainHead(call)
		if head == nil || !calledAsFunction(f, head) || !a.makesNewValue(m, f, head, 0) {
			return freshReceiver{}, false
		}
		return freshReceiver{Name: astutil.ExprString(head), Made: src.lineAt(a.fileOf(f), head.Pos(), fnName)}, true
	}
	made, value, ok := singleDefinition(body, name)
	if !ok || line(made) > caller.Line || !a.makesNewValue(m, f, value, 0) {
		return freshReceiver{}, false
	}
	if handedOn(m, body, name, made, call, caller.Line) {
		return freshReceiver{}, false
	}
	return freshReceiver{Name: name, Made: src.lineAt(a.fileOf(f), made.Pos(), fnName)}, true
}

// fileOf returns the analyzer's view of a module file.
func (a *analysis) fileOf(f *appsource.File) *appFile { return a.app().viewOf(f) }

// enclosingDecl returns the function declaration of f holding line.
func enclosingDecl(m *appsource.Module, f *appsource.File, line int) *ast.FuncDecl {
	for _, d := range f.Syntax().Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Body != nil && m.Fset.Position(fd.Pos()).Line <= line && line <= m.Fset.Position(fd.End()).Line {
			return fd
		}
	}
	return nil
}

// singleDefinition returns the one statement of body that gives name a
// value (name := v, var name = v) and that value; false when name is
// assigned more than once, or not defined in body itself.
func singleDefinition(body *ast.BlockStmt, name string) (stmt ast.Node, value ast.Expr, ok bool) {
	count := 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, isID := l.(*ast.Ident); isID && id.Name == name {
					count++
					if n.Tok == token.DEFINE && len(n.Rhs) == len(n.Lhs) {
						stmt, value = n, n.Rhs[i]
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == name {
					count++
					if len(n.Values) == len(n.Names) {
						stmt, value = n, n.Values[i]
					}
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, isID := e.(*ast.Ident); isID && id.Name == name {
					count++
				}
			}
		}
		return true
	})
	return stmt, value, count == 1 && stmt != nil
}

// makesNewValue reports whether e, an expression of file f, makes a new
// value each time it runs: a composite literal, its address, new(T), or a
// call of a module function whose every return does so.
func (a *analysis) makesNewValue(m *appsource.Module, f *appsource.File, e ast.Expr, depth int) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && lit
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "new" && len(e.Args) == 1 {
			return true
		}
		if depth > 0 {
			return false // one constructor deep, no further
		}
		var refs []appsource.FuncRef
		switch fun := e.Fun.(type) {
		case *ast.Ident:
			refs = m.Func(filepath.Dir(f.Path), fun.Name)
		case *ast.SelectorExpr:
			if pkg, ok := fun.X.(*ast.Ident); ok {
				if dir, ok := m.PackageDir(f, pkg.Name); ok {
					refs = m.Func(dir, fun.Sel.Name)
				}
			}
		}
		if len(refs) != 1 || refs[0].Decl.Body == nil {
			return false
		}
		return a.returnsNewValues(m, refs[0])
	}
	return false
}

// returnsNewValues reports whether every return statement of the function
// gives, as its first result, a new value (see makesNewValue), or a local
// variable defined once by one.
func (a *analysis) returnsNewValues(m *appsource.Module, ref appsource.FuncRef) bool {
	returns := 0
	fresh := true
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		r, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		returns++
		if len(r.Results) == 0 {
			fresh = false
			return false
		}
		res := r.Results[0]
		if id, ok := res.(*ast.Ident); ok {
			_, v, defined := singleDefinition(ref.Decl.Body, id.Name)
			fresh = fresh && defined && a.makesNewValue(m, ref.File, v, 1)
			return false
		}
		fresh = fresh && a.makesNewValue(m, ref.File, res, 1)
		return false
	})
	return returns > 0 && fresh
}

// handedOn reports whether body lets the value of name reach anything
// else before the failing call on line — or anywhere in a loop that holds
// that line, since a later statement there runs before the next pass —
// other than calls of its own methods and reads of its fields: as an
// argument, an assigned value, a composite literal's element, a returned
// or sent value, or in a go statement or closure.
func handedOn(m *appsource.Module, body *ast.BlockStmt, name string, made ast.Node, failing *ast.CallExpr, line int) bool {
	pos := func(n ast.Node) int { return m.Fset.Position(n.Pos()).Line }
	end := func(n ast.Node) int { return m.Fset.Position(n.End()).Line }
	var loops []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if pos(n) <= line && line <= end(n) {
				loops = append(loops, n)
			}
		}
		return true
	})
	before := func(n ast.Node) bool {
		if pos(n) <= line {
			return true
		}
		for _, l := range loops {
			if pos(l) <= pos(n) && end(n) <= end(l) {
				return true
			}
		}
		return false
	}
	escapes := false
	ast.Inspect(body, func(n ast.Node) bool {
		if escapes || n == nil {
			return false
		}
		if n == made {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit:
			if before(n) && astutil.Mentions(n, name) {
				escapes = true
			}
			return false
		case *ast.CallExpr:
			if n == failing || !before(n) {
				return true
			}
			for _, arg := range n.Args {
				if uses(arg, name) {
					escapes = true
				}
			}
		case *ast.AssignStmt:
			if before(n) {
				for _, r := range n.Rhs {
					if uses(r, name) {
						escapes = true
					}
				}
			}
		case *ast.CompositeLit:
			if before(n) {
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						el = kv.Value
					}
					if uses(el, name) {
						escapes = true
					}
				}
			}
		case *ast.ReturnStmt:
			if before(n) {
				for _, r := range n.Results {
					if uses(r, name) {
						escapes = true
					}
				}
			}
		case *ast.SendStmt:
			if before(n) && uses(n.Value, name) {
				escapes = true
			}
		}
		return true
	})
	return escapes
}

// uses reports whether e is the value of name itself, or its address,
// rather than a read of a field or a call of a method of it.
func uses(e ast.Expr, name string) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == name
	case *ast.UnaryExpr:
		return uses(e.X, name)
	case *ast.StarExpr:
		return uses(e.X, name)
	}
	return false
}

// chainHead returns the call at the head of a method chain on a call's
// result (New(w, r) of New(w, r).A().B()), nil when the chain starts at
// a value instead.
func chainHead(c *ast.CallExpr) *ast.CallExpr {
	for {
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return c
		}
		inner, ok := sel.X.(*ast.CallExpr)
		if !ok {
			if _, isPkg := sel.X.(*ast.Ident); isPkg && c != nil {
				return c // pkg.New(…): the head itself
			}
			return nil
		}
		c = inner
	}
}

// calledAsFunction reports whether c calls a function (New(…) or
// pkg.New(…), pkg imported by f), not a method of a value.
func calledAsFunction(f *appsource.File, c *ast.CallExpr) bool {
	switch fun := c.Fun.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		x, ok := fun.X.(*ast.Ident)
		if !ok {
			return false
		}
		for _, im := range f.Syntax().Imports {
			name := strings.Trim(im.Path.Value, `"`)
			name = name[strings.LastIndexByte(name, '/')+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			if name == x.Name {
				return true
			}
		}
	}
	return false
}

// receiverPassedThrough reports whether the caller's frame calls the
// failing method on its own receiver, of the same type ((*DBFS).List
// calling f.getNavigator): the value came from further up the stack, and
// the caller's frame says nothing of whether other requests share it.
func (a *analysis) receiverPassedThrough() bool {
	src := a.app()
	caller := a.s.Caller
	if src == nil || caller == nil || a.s.Frame == nil {
		return false
	}
	method, recv := a.siteDecl()
	m := src.mod
	f := m.FileAt(caller.File)
	if recv == "" || f == nil {
		return false
	}
	fd := enclosingDecl(m, f, caller.Line)
	if fd == nil || receiverName(fd) != recv || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
		return false
	}
	self := fd.Recv.List[0].Names[0].Name
	through := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || through || m.Fset.Position(c.Pos()).Line > caller.Line || m.Fset.Position(c.End()).Line < caller.Line {
			return !through
		}
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == method {
			id, isIdent := sel.X.(*ast.Ident)
			through = isIdent && id.Name == self
		}
		return !through
	})
	return through
}
