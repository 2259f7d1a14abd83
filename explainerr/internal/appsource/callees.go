package appsource

import (
	"go/ast"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// Callees returns the module functions that fd (declared in f) calls
// directly, closures inside it included, resolved by name: a function of
// the same package, pkg.F of another package of the module, and x.M where
// the type of x can be told from the syntax (the receiver, a parameter, a
// field, a composite literal, a module function's result) or, when it
// cannot, where the package declares exactly one method M. Calls on line
// come first, then those on earlier lines, nearest first (code that ran
// before the failing line and returned), then later ones. A function is
// listed once; fd itself is not listed, nor functions started by a go
// statement.
func (m *Module) Callees(f *File, fd *ast.FuncDecl, line int) []FuncRef {
	return m.calleesIn(f, fd, nil, line)
}

// CalleesOnLine returns those of Callees that fd calls on line: the
// calls a frame at that line was making.
func (m *Module) CalleesOnLine(f *File, fd *ast.FuncDecl, line int) []FuncRef {
	var out []FuncRef
	for _, ref := range m.Callees(f, fd, line) {
		if calledOn(m, fd, ref, line) {
			out = append(out, ref)
		}
	}
	return out
}

// calleesIn lists the callees of fd's body, or, when lit is not nil, of
// the body of lit, one of fd's function literals (a frame named like
// "routes.func3", a chi handler written inline in its routes function):
// then only the literal's calls are listed, not those of fd and of the
// literals beside it.
func (m *Module) calleesIn(f *File, fd *ast.FuncDecl, lit *ast.FuncLit, line int) []FuncRef {
	r := newResolver(m, f, fd)
	type call struct {
		line int
		ref  FuncRef
	}
	var calls []call
	// A function started by a go statement runs in another goroutine: it
	// is not part of the failing one's story.
	started := map[*ast.CallExpr]bool{}
	var body ast.Node = fd.Body
	if lit != nil {
		body = lit.Body
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			started[g.Call] = true
		}
		ce, ok := n.(*ast.CallExpr)
		if !ok || started[ce] {
			return true
		}
		at := m.Fset.Position(ce.Pos()).Line
		for _, ref := range r.resolve(ce.Fun) {
			if ref.Decl != fd {
				calls = append(calls, call{at, ref})
			}
		}
		// A module function handed over as a value (a condition, a
		// callback: readWith(id, publishedUpTo)) runs inside the callee.
		for _, arg := range ce.Args {
			if !r.namesFuncValue(arg) {
				continue
			}
			for _, ref := range r.resolve(arg) {
				if ref.Decl != fd {
					calls = append(calls, call{at, ref})
				}
			}
		}
		return true
	})
	rank := func(l int) int {
		switch {
		case l == line:
			return 0
		case l < line:
			return line - l
		}
		return 1<<20 + l
	}
	sort.SliceStable(calls, func(i, j int) bool { return rank(calls[i].line) < rank(calls[j].line) })
	var out []FuncRef
	seen := map[*ast.FuncDecl]bool{}
	for _, c := range calls {
		if !seen[c.ref.Decl] {
			seen[c.ref.Decl] = true
			out = append(out, c.ref)
		}
	}
	return out
}

// namesFuncValue reports whether e names a function as a value: a name
// that is no local of the function, or a package's member
// (pkg.Func), not called.
func (r *resolver) namesFuncValue(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		_, local := r.locals[x.Name]
		return !local
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		return ok && r.isPackage(id.Name)
	}
	return false
}

// resolver resolves the calls of one function by name.
type resolver struct {
	m   *Module
	f   *File
	fd  *ast.FuncDecl
	dir string
	// imports maps the names f imports packages by to their directory,
	// "" for packages outside the module.
	imports map[string]string
	// locals maps the names of the function's parameters (its closures'
	// too) and of the variables it declares to what is known of them.
	locals map[string]local
}

// local is what is known of a local name: its declared type, or the
// expression that gave its value (nil when nothing is known).
type local struct {
	expr   ast.Expr
	isType bool
}

// typeKey names a type of the module: its package directory and name.
type typeKey struct{ dir, name string }

func newResolver(m *Module, f *File, fd *ast.FuncDecl) *resolver {
	r := &resolver{m: m, f: f, fd: fd, dir: filepath.Dir(f.Path), imports: map[string]string{}, locals: map[string]local{}}
	for _, im := range f.Syntax().Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := p[strings.LastIndexByte(p, '/')+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		dir, _ := m.importDir(p)
		r.imports[name] = dir
	}
	r.collectLocals()
	return r
}

// collectLocals records the parameters of the function and its closures
// and the variables declared by "x := e", "var x T" and "var x = e" (the
// first one of each name wins). An error variable is known not to be of a
// module type.
func (r *resolver) collectLocals() {
	add := func(name string, e ast.Expr, isType bool) {
		if _, ok := r.locals[name]; ok || name == "_" {
			return
		}
		if name == "err" {
			e, isType = ast.NewIdent("error"), true
		}
		r.locals[name] = local{e, isType}
	}
	params := func(ft *ast.FuncType) {
		if ft.Params == nil {
			return
		}
		for _, p := range ft.Params.List {
			for _, n := range p.Names {
				add(n.Name, p.Type, true)
			}
		}
	}
	params(r.fd.Type)
	ast.Inspect(r.fd.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			params(s.Type)
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				switch {
				case len(s.Lhs) == len(s.Rhs):
					add(id.Name, s.Rhs[i], false)
				case i == 0 && len(s.Rhs) == 1:
					// x, err := f(): x is f's first result.
					add(id.Name, s.Rhs[0], false)
				default:
					add(id.Name, nil, false)
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{s.Key, s.Value} {
				if id, ok := e.(*ast.Ident); ok {
					add(id.Name, nil, false)
				}
			}
		case *ast.ValueSpec:
			for i, n := range s.Names {
				switch {
				case s.Type != nil:
					add(n.Name, s.Type, true)
				case i < len(s.Values):
					add(n.Name, s.Values[i], false)
				default:
					add(n.Name, nil, false)
				}
			}
		}
		return true
	})
}

// resolve returns the module functions a call's function expression names.
func (r *resolver) resolve(fun ast.Expr) []FuncRef { return r.resolveAt(fun, 0) }

// resolveAt is resolve reached depth steps into typeOf: a value that is
// the result of a call on itself (b = b.With(x)) is followed no further
// than maxTypeDepth.
func (r *resolver) resolveAt(fun ast.Expr, depth int) []FuncRef {
	switch x := fun.(type) {
	case *ast.ParenExpr:
		return r.resolveAt(x.X, depth)
	case *ast.IndexExpr: // a generic function instantiated explicitly
		return r.resolveAt(x.X, depth)
	case *ast.IndexListExpr:
		return r.resolveAt(x.X, depth)
	case *ast.Ident:
		if _, local := r.locals[x.Name]; local {
			return nil
		}
		return r.m.Func(r.dir, x.Name)
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && r.isPackage(id.Name) {
			if dir := r.imports[id.Name]; dir != "" {
				return r.m.Func(dir, x.Sel.Name)
			}
			return nil // the standard library or a dependency
		}
		methods := r.m.Methods(x.Sel.Name)
		if t, known := r.typeOf(x.X, depth); known {
			var out []FuncRef
			for _, ref := range methods {
				if t.name != "" && astutil.ReceiverName(ref.Decl) == t.name && filepath.Dir(ref.File.Path) == t.dir {
					out = append(out, ref)
				}
			}
			if len(out) == 0 && t.name != "" {
				// An interface of the module: the methods of the types
				// that implement it.
				out = r.m.implementations(t, x.Sel.Name)
			}
			if len(out) == 0 && t.name != "" {
				// A method an embedded field promotes (a router that
				// embeds *Server calls Server's methods).
				out = r.m.promotedMethods(t, x.Sel.Name, 0)
			}
			return out
		}
		// The type is unknown: a method only this package declares.
		var out []FuncRef
		for _, ref := range methods {
			if filepath.Dir(ref.File.Path) == r.dir {
				out = append(out, ref)
			}
		}
		if len(out) == 1 {
			return out
		}
	}
	return nil
}

// isPackage reports whether name is an imported package's name here,
// rather than a local variable or the receiver.
func (r *resolver) isPackage(name string) bool {
	if _, ok := r.imports[name]; !ok {
		return false
	}
	_, local := r.locals[name]
	return !local && name != r.recvName()
}

// recvName returns the name of the function's receiver, "" when none.
func (r *resolver) recvName() string {
	if r.fd.Recv == nil || len(r.fd.Recv.List) == 0 || len(r.fd.Recv.List[0].Names) == 0 {
		return ""
	}
	return r.fd.Recv.List[0].Names[0].Name
}

// maxTypeDepth bounds how far typeOf follows values.
const maxTypeDepth = 6

// typeOf returns the module type of e as far as the syntax tells (a zero
// typeKey when it is not a type of the module) and whether the syntax
// told: a parameter of type *sql.DB is known and not the module's.
func (r *resolver) typeOf(e ast.Expr, depth int) (t typeKey, known bool) {
	if depth > maxTypeDepth {
		return typeKey{}, false
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return r.typeOf(x.X, depth+1)
	case *ast.StarExpr:
		return r.typeOf(x.X, depth+1)
	case *ast.UnaryExpr:
		return r.typeOf(x.X, depth+1)
	case *ast.CompositeLit:
		return r.moduleType(x.Type, r.dir), true
	case *ast.Ident:
		if x.Name != "" && x.Name == r.recvName() {
			return r.moduleType(r.fd.Recv.List[0].Type, r.dir), true
		}
		if v, ok := r.locals[x.Name]; ok && v.expr != nil && v.expr != e {
			if v.isType {
				return r.moduleType(v.expr, r.dir), true
			}
			return r.typeOf(v.expr, depth+1)
		}
		if _, local := r.locals[x.Name]; !local && !r.isPackage(x.Name) {
			return r.packageVarType(r.dir, x.Name)
		}
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && r.isPackage(pkg.Name) {
			if dir := r.imports[pkg.Name]; dir != "" {
				return r.packageVarType(dir, x.Sel.Name)
			}
			return typeKey{}, false
		}
		if owner, _ := r.typeOf(x.X, depth+1); owner.name != "" {
			if t, ok := r.m.promotedFieldType(owner, x.Sel.Name, 0); ok {
				return t, true
			}
		}
	case *ast.CallExpr:
		for _, ref := range r.resolveAt(x.Fun, depth+1) {
			if res := ref.Decl.Type.Results; res != nil && len(res.List) > 0 {
				// The result's type is written in the file that declares
				// the function, with that file's imports.
				dir := filepath.Dir(ref.File.Path)
				decl := &resolver{m: r.m, f: ref.File, dir: dir, imports: importDirs(r.m, ref.File)}
				return decl.moduleType(res.List[0].Type, dir), true
			}
		}
	}
	return typeKey{}, false
}

// packageVarType returns the module type of the package variable name of
// the package in dir, as its declaration writes it, and whether the
// declaration tells.
func (r *resolver) packageVarType(dir, name string) (typeKey, bool) {
	pv, ok := r.m.PackageVar(dir, name)
	if !ok || pv.Type == nil {
		return typeKey{}, false
	}
	decl := &resolver{m: r.m, f: pv.File, dir: filepath.Dir(pv.File.Path), imports: importDirs(r.m, pv.File)}
	return decl.moduleType(pv.Type, decl.dir), true
}

// moduleType returns the module type a type expression written in the
// package in dir names, a zero typeKey when it is not one of the
// module's. Only the syntax is read: pkg.T is looked up in the package
// imported as pkg, when it is the module's.
func (r *resolver) moduleType(t ast.Expr, dir string) typeKey {
	switch x := t.(type) {
	case *ast.StarExpr:
		return r.moduleType(x.X, dir)
	case *ast.ParenExpr:
		return r.moduleType(x.X, dir)
	case *ast.IndexExpr:
		return r.moduleType(x.X, dir)
	case *ast.IndexListExpr:
		return r.moduleType(x.X, dir)
	case *ast.Ident:
		if _, ok := r.m.typeDecl(dir, x.Name); ok {
			return typeKey{filepath.Clean(dir), x.Name}
		}
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && dir == r.dir {
			if d := r.imports[pkg.Name]; d != "" {
				if _, ok := r.m.typeDecl(d, x.Sel.Name); ok {
					return typeKey{filepath.Clean(d), x.Sel.Name}
				}
			}
		}
	}
	return typeKey{}
}

// FuncLitAt returns the innermost function literal of fd whose body holds
// line, or nil when line is in fd's own code.
func (m *Module) FuncLitAt(fd *ast.FuncDecl, line int) *ast.FuncLit {
	if fd.Body == nil {
		return nil
	}
	var found *ast.FuncLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		if m.Fset.Position(lit.Body.Lbrace).Line <= line && line <= m.Fset.Position(lit.Body.Rbrace).Line {
			found = lit // keep looking inside for a nested one
			return true
		}
		return false
	})
	return found
}

// maxEmbedDepth bounds how many embedded fields deep a promoted field or
// method is looked for.
const maxEmbedDepth = 3

// promotedFieldType returns the module type of the field name of owner,
// declared in owner's struct or promoted from a struct it embeds (a
// router that embeds *Server reads Server's userUsecases), as the
// declaring file writes it.
func (m *Module) promotedFieldType(owner typeKey, name string, depth int) (typeKey, bool) {
	tr, ok := m.Type(owner.dir, owner.name)
	if !ok || depth > maxEmbedDepth {
		return typeKey{}, false
	}
	// The field's type is written in the file that declares the owner,
	// with that file's imports.
	decl := &resolver{m: m, f: tr.File, dir: owner.dir, imports: importDirs(m, tr.File)}
	if ft := fieldType(tr, name); ft != nil {
		return decl.moduleType(ft, owner.dir), true
	}
	for _, emb := range embeddedTypes(tr) {
		if t := decl.moduleType(emb, owner.dir); t.name != "" {
			if ft, ok := m.promotedFieldType(t, name, depth+1); ok {
				return ft, true
			}
		}
	}
	return typeKey{}, false
}

// promotedMethods returns the module methods name that owner's embedded
// fields promote: the embedded type's own, or an interface's
// implementations, the nearest embedding first.
func (m *Module) promotedMethods(owner typeKey, name string, depth int) []FuncRef {
	tr, ok := m.Type(owner.dir, owner.name)
	if !ok || depth > maxEmbedDepth {
		return nil
	}
	decl := &resolver{m: m, f: tr.File, dir: owner.dir, imports: importDirs(m, tr.File)}
	for _, emb := range embeddedTypes(tr) {
		t := decl.moduleType(emb, owner.dir)
		if t.name == "" {
			continue
		}
		var out []FuncRef
		for _, ref := range m.Methods(name) {
			if astutil.ReceiverName(ref.Decl) == t.name && filepath.Dir(ref.File.Path) == t.dir {
				out = append(out, ref)
			}
		}
		if len(out) == 0 {
			out = m.implementations(t, name)
		}
		if len(out) == 0 {
			out = m.promotedMethods(t, name, depth+1)
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// embeddedTypes returns the types of a struct's embedded fields, as
// written.
func embeddedTypes(t TypeRef) []ast.Expr {
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	var out []ast.Expr
	for _, fl := range st.Fields.List {
		if len(fl.Names) == 0 {
			out = append(out, fl.Type)
		}
	}
	return out
}
