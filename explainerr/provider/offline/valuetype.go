package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A value of a struct, array or basic type cannot be nil, so it is never a
// nil dereference candidate, even when it is read through a selector on
// the failing line ("task.Due.Format(...)" with Due a time.Time).

// stdValueTypes are standard library types that are not pointers, maps,
// slices, channels, funcs or interfaces: their values cannot be nil.
var stdValueTypes = map[string]bool{
	"time.Time": true, "time.Duration": true, "time.Month": true, "time.Weekday": true,
	"sync.Mutex": true, "sync.RWMutex": true, "sync.WaitGroup": true, "sync.Once": true,
	"strings.Builder": true, "strings.Reader": true, "bytes.Buffer": true, "bytes.Reader": true,
	"big.Int": true, "big.Float": true, "big.Rat": true, "url.URL": true,
	"netip.Addr": true, "netip.Prefix": true, "sql.NullString": true, "sql.NullInt64": true,
	"sql.NullTime": true, "sql.NullBool": true, "sql.NullFloat64": true, "json.Number": true,
	"atomic.Int64": true, "atomic.Int32": true, "atomic.Bool": true, "atomic.Value": true,
	"uuid.UUID": true, "http.Cookie": true,
}

// dropValueTyped returns the candidates that may be nil: those whose
// declared type the app's source shows to be a value type are left out.
// All of them are kept when every one would be left out.
func (a *analysis) dropValueTyped(candidates []string) []string {
	if out := a.mayBeNil(candidates); len(out) > 0 {
		return out
	}
	return candidates
}

// mayBeNil returns the candidates that may be nil, none when the app's
// source shows every one to be of a value type: for a line that may not
// have dereferenced nil at all.
func (a *analysis) mayBeNil(candidates []string) []string {
	src := a.app()
	if src == nil {
		return candidates
	}
	var out []string
	for _, c := range candidates {
		if !a.valueTyped(src, c) && !a.madeAbove(c) {
			out = append(out, c)
		}
	}
	return out
}

// madeAbove reports whether the variable x is last given a value above
// the failing line that is never nil ("r := new(profileResponse)"; see
// nonNilValue).
func (a *analysis) madeAbove(x string) bool {
	if !isIdent(x) {
		return false
	}
	_, op, ok := a.s.AssignmentOf(x)
	if !ok || len(op.LHS) != 1 {
		return false
	}
	rhs, err := parser.ParseExpr(op.RHS)
	return err == nil && nonNilValue(rhs)
}

// valueTyped reports whether the expression expr of the failing line
// cannot be nil: a variable or parameter of the failing function or of its
// package declared with a type whose values cannot be nil, a package
// variable that is set to a value and never assigned again
// (packageVarNeverNil), or a field every struct of the app that has a
// field of that name declares with such a type. Unknown is false.
func (a *analysis) valueTyped(src *appSource, expr string) bool {
	if isIdent(expr) {
		t, pkgDir := a.resolveName(src, expr, 0)
		return t != nil && !src.nilable(t) || pkgDir != "" && src.packageVarNeverNil(pkgDir, expr)
	}
	field := lastSelector(expr)
	if !isIdent(field) || field == expr {
		return false
	}
	found := false
	for _, t := range src.fieldTypes(field) {
		if src.nilable(t) {
			return false
		}
		found = true
	}
	return found
}

// declaredType returns the type a variable or parameter named name is
// declared with in the function holding the failing line; nil when it is
// declared without one or not found. A variable a range clause around the
// failing line declares has the key or element type of what it ranges
// over, when that is known: "p" in "for _, p := range posts" with posts a
// []Post is a Post. So has one declared above the line (:=) from an
// element of such a value ("p := posts[i]") or from a composite literal
// ("p := Post{...}"): a variable's type never changes. A name the function
// does not declare is looked up among its package's variables.
func (a *analysis) declaredType(src *appSource, name string) ast.Expr {
	return a.declaredTypeWithin(src, name, 0)
}

// maxRangeDepth bounds how many range clauses declaredType follows back
// (a range over a range variable over ...).
const maxRangeDepth = 4

func (a *analysis) declaredTypeWithin(src *appSource, name string, depth int) ast.Expr {
	typ, _ := a.resolveName(src, name, depth)
	return typ
}

// resolveName returns the declared type of name as declaredTypeWithin
// finds it, and, when the function holding the failing line does not
// declare name, the directory of its package, whose variable the name
// then is ("" otherwise).
func (a *analysis) resolveName(src *appSource, name string, depth int) (ast.Expr, string) {
	var typ ast.Expr
	var in *appFile // the file of the failing function
	local := false  // the function declares name itself
	src.eachFuncInFile(a.framePath(), func(f *appFile, fd *ast.FuncDecl) {
		if in != nil {
			return
		}
		start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		if a.s.Line < start || a.s.Line > end {
			return
		}
		in = f
		if typ = signatureType(fd, name); typ != nil {
			local = true
		}
		var ranged ast.Expr  // the innermost range clause declaring name around the line
		var defined ast.Expr // the last := declaring name above the line
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				if n.Tok != token.VAR {
					break
				}
				for _, sp := range n.Specs {
					vs := sp.(*ast.ValueSpec)
					for _, id := range vs.Names {
						if id.Name == name {
							local = true
							if vs.Type != nil && typ == nil {
								typ = vs.Type
							}
						}
					}
				}
			case *ast.FuncType:
				for _, fl := range n.Params.List {
					for _, id := range fl.Names {
						local = local || id.Name == name
					}
				}
			case *ast.AssignStmt:
				if n.Tok != token.DEFINE {
					break
				}
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == name {
						local = true
					}
				}
				if depth >= maxRangeDepth || src.fset.Position(n.Pos()).Line > a.s.Line {
					break
				}
				if t := a.definedType(src, n, name, depth); t != nil {
					defined = t
				}
			case *ast.RangeStmt:
				if n.Tok != token.DEFINE || depth >= maxRangeDepth {
					break
				}
				from, to := src.fset.Position(n.Body.Pos()).Line, src.fset.Position(n.Body.End()).Line
				if a.s.Line < from || a.s.Line > to {
					break
				}
				if t := a.rangeVarType(src, n, name, depth); t != nil {
					ranged = t
				} else if declares(n, name) {
					ranged = nil // an inner clause declares it with a type not known
				}
			}
			if rs, ok := n.(*ast.RangeStmt); ok && rs.Tok == token.DEFINE && declares(rs, name) {
				local = true
			}
			return true
		})
		if ranged != nil {
			typ = ranged
		} else if typ == nil {
			typ = defined
		}
	})
	if in == nil || local {
		return typ, ""
	}
	dir := filepath.Dir(in.path)
	if typ == nil {
		typ = src.packageVarType(dir, name)
	}
	return typ, dir
}

// packageVarSpec returns the declaration of the package-level variable
// name in the package of directory dir (pkg, when not "", must be its
// package clause), with the file it is in and its index among the
// declaration's names.
func (s *appSource) packageVarSpec(dir, pkg, name string) (*appFile, *ast.ValueSpec, int, bool) {
	return s.packageValueSpec(dir, pkg, name, token.VAR)
}

// packageValueSpec is packageVarSpec for a declaration of one of the
// kinds toks (token.VAR, token.CONST).
func (s *appSource) packageValueSpec(dir, pkg, name string, toks ...token.Token) (*appFile, *ast.ValueSpec, int, bool) {
	for _, f := range s.files {
		if filepath.Dir(f.path) != dir || pkg != "" && f.pkg() != pkg {
			continue
		}
		for _, d := range f.syntax().Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || !slices.Contains(toks, gd.Tok) {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if id.Name == name {
						return f, vs, i, true
					}
				}
			}
		}
	}
	return nil, nil, 0, false
}

// packageVarType returns the type of the package-level variable name
// declared in the package of directory dir, given in its declaration or by
// the composite literal it is set to; nil when not known.
func (s *appSource) packageVarType(dir, name string) ast.Expr {
	_, vs, i, ok := s.packageVarSpec(dir, "", name)
	switch {
	case !ok:
		return nil
	case vs.Type != nil:
		return vs.Type
	case len(vs.Values) == len(vs.Names):
		if lit, ok := ast.Unparen(vs.Values[i]).(*ast.CompositeLit); ok {
			return lit.Type
		}
	}
	return nil
}

// definedType returns the type of name when the short variable
// declaration as declares it from a composite literal or an element of a
// value whose type is known (see rangeVarType); nil otherwise.
func (a *analysis) definedType(src *appSource, as *ast.AssignStmt, name string, depth int) ast.Expr {
	i := -1
	for j, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == name {
			i = j
		}
	}
	if i < 0 {
		return nil
	}
	var rhs ast.Expr
	switch {
	case len(as.Rhs) == len(as.Lhs):
		rhs = as.Rhs[i]
	case len(as.Rhs) == 1 && i == 0:
		rhs = as.Rhs[0] // v, ok := m[k]
	default:
		return nil
	}
	switch x := ast.Unparen(rhs).(type) {
	case *ast.CompositeLit:
		return x.Type
	case *ast.TypeAssertExpr:
		// v := ctx.Value(k).(T), v, ok := x.(T): a T.
		if i == 0 && x.Type != nil {
			return x.Type
		}
	case *ast.CallExpr:
		// v, err := store.Get(…): the result type every module
		// function, method or interface method of that name declares.
		if len(as.Rhs) == 1 {
			return src.resultType(appsource.CalleeName(x.Fun), i, len(as.Lhs))
		}
	case *ast.IndexExpr:
		if over := a.valueType(src, x.X, name, depth); over != nil {
			return rangeType(src, over, false)
		}
	}
	return nil
}

// declares reports whether the range clause rs declares name.
func declares(rs *ast.RangeStmt, name string) bool {
	for _, e := range []ast.Expr{rs.Key, rs.Value} {
		if id, ok := e.(*ast.Ident); ok && id.Name == name {
			return true
		}
	}
	return false
}

// rangeVarType returns the type of name when the range clause rs declares
// it: the key or element type of the ranged value's declared type (a
// variable or parameter of the function, or a field declared with one type
// wherever the app declares it). Nil when rs does not declare name or the
// type is not known.
func (a *analysis) rangeVarType(src *appSource, rs *ast.RangeStmt, name string, depth int) ast.Expr {
	if !declares(rs, name) {
		return nil
	}
	isKey := false
	if id, ok := rs.Key.(*ast.Ident); ok && id.Name == name {
		isKey = true
	}
	over := a.valueType(src, rs.X, name, depth)
	if over == nil {
		return nil
	}
	return rangeType(src, over, isKey)
}

// valueType returns the declared type of x, a variable or parameter of the
// failing function other than name, or a field declared with one type
// wherever the app declares it; nil when not known.
func (a *analysis) valueType(src *appSource, x ast.Expr, name string, depth int) ast.Expr {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		if x.Name != name {
			return a.declaredTypeWithin(src, x.Name, depth+1)
		}
	case *ast.SelectorExpr:
		if types := src.fieldTypes(x.Sel.Name); len(types) > 0 && allSame(types) {
			return types[0]
		}
	}
	return nil
}

// rangeType returns the type of the key (isKey) or the element of a range
// over a value of type t, looking through the app's named types; nil when
// not known.
func rangeType(src *appSource, t ast.Expr, isKey bool) ast.Expr {
	for range maxRangeDepth {
		switch x := ast.Unparen(t).(type) {
		case *ast.ArrayType:
			if isKey {
				return ast.NewIdent("int")
			}
			return x.Elt
		case *ast.MapType:
			if isKey {
				return x.Key
			}
			return x.Value
		case *ast.ChanType:
			if isKey {
				return x.Value
			}
			return nil
		case *ast.StarExpr:
			// A pointer to an array ranges as the array.
			if arr, ok := ast.Unparen(x.X).(*ast.ArrayType); ok && arr.Len != nil {
				t = arr
				continue
			}
			return nil
		case *ast.Ident:
			if x.Name == "string" {
				return ast.NewIdent("int") // the index or the rune: neither is nil
			}
			if t = src.typeDecl(x.Name); t == nil {
				return nil
			}
		case *ast.SelectorExpr:
			if t = src.typeDecl(x.Sel.Name); t == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// allSame reports whether every type in ts is written the same way.
func allSame(ts []ast.Expr) bool {
	for _, t := range ts[1:] {
		if astutil.ExprString(t) != astutil.ExprString(ts[0]) {
			return false
		}
	}
	return true
}

// fieldTypes returns the declared types of every struct field named field
// in the app's source.
func (s *appSource) fieldTypes(field string) []ast.Expr {
	var out []ast.Expr
	for _, f := range s.files {
		ast.Inspect(f.syntax(), func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fl := range st.Fields.List {
				for _, n := range fl.Names {
					if n.Name == field {
						out = append(out, fl.Type)
					}
				}
			}
			return true
		})
	}
	return out
}

// resultType returns the type of result i of the module's functions,
// methods and interface methods named name that return n results, when
// they all declare it alike (by its name, a package aside); nil
// otherwise.
func (s *appSource) resultType(name string, i, n int) ast.Expr {
	if name == "" || n < 2 {
		return nil
	}
	var found ast.Expr
	agree := true
	check := func(ft *ast.FuncType) {
		results := resultExprs(ft)
		if len(results) != n {
			return
		}
		switch {
		case found == nil:
			found = results[i]
		case typeName(found) != typeName(results[i]) || nilShape(found) != nilShape(results[i]):
			agree = false
		}
	}
	// The functions and methods of that name, from the files' facts;
	// the interfaces' methods only when the module declares none (a
	// store reached through an interface of the module alone).
	if s.mod != nil {
		for _, ref := range s.mod.Named(name, "") {
			check(ref.Decl.Type)
		}
		if found != nil {
			if !agree {
				return nil
			}
			return found
		}
	}
	for _, f := range s.files {
		if !linesHold(f.text(), name) {
			continue
		}
		ast.Inspect(f.syntax(), func(node ast.Node) bool {
			if it, ok := node.(*ast.InterfaceType); ok {
				for _, m := range it.Methods.List {
					if ft, ok := m.Type.(*ast.FuncType); ok && len(m.Names) == 1 && m.Names[0].Name == name {
						check(ft)
					}
				}
			}
			return agree
		})
	}
	if !agree {
		return nil
	}
	return found
}

// resultNeverNil returns the name of result i of the module's functions
// and methods that call (x.y.Name) may reach and that return n results, when none of them can be
// nil (each declares a struct, an array or a basic type there), even
// when they declare different types: which of them the call reaches does
// not matter. Several names are joined with " or ".
func (s *appSource) resultNeverNil(call string, i, n int) string {
	name := lastSelector(call)
	if s.mod == nil || name == "" || n < 1 {
		return ""
	}
	refs := s.calleesOf(call)
	var names []string
	for _, ref := range refs {
		results := resultExprs(ref.Decl.Type)
		if len(results) != n {
			continue
		}
		if s.nilable(results[i]) {
			return ""
		}
		if t := typeName(results[i]); !slices.Contains(names, t) {
			names = append(names, t)
		}
	}
	return strings.Join(names, " or ")
}

// calleesOf returns the module's functions and methods a call written as
// call (x.y.Name) may reach: of several methods of that name, those of
// the receiver the call's holder names (ctrl.repo.Items.Get:
// ItemsRepository's), when any is.
func (s *appSource) calleesOf(call string) []appsource.FuncRef {
	refs := s.mod.Named(lastSelector(call), "")
	parts := strings.Split(call, ".")
	if len(parts) < 2 {
		return refs
	}
	holder := strings.ToLower(parts[len(parts)-2])
	one := strings.TrimSuffix(holder, "s") // Locations: LocationRepository
	var mine []appsource.FuncRef
	for _, ref := range refs {
		if r := strings.ToLower(receiverName(ref.Decl)); r != "" && len(one) > 2 && strings.Contains(r, one) {
			mine = append(mine, ref)
		}
	}
	if len(mine) > 0 {
		return mine
	}
	return refs
}

// resultExprs returns a function type's result types, one per result
// (a, b int gives int twice).
func resultExprs(ft *ast.FuncType) []ast.Expr {
	if ft.Results == nil {
		return nil
	}
	var out []ast.Expr
	for _, f := range ft.Results.List {
		for range max(1, len(f.Names)) {
			out = append(out, f.Type)
		}
	}
	return out
}

// nilShape reports whether a type expression is written as a pointer,
// map, channel, function, slice or interface.
func nilShape(t ast.Expr) bool {
	switch t.(type) {
	case *ast.StarExpr, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.ArrayType, *ast.InterfaceType:
		return true
	}
	return false
}
