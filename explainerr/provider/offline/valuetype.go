package offline

import (
	"go/ast"
	"go/token"
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
	src := a.app()
	if src == nil {
		return candidates
	}
	var out []string
	for _, c := range candidates {
		if !a.valueTyped(src, c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return candidates
	}
	return out
}

// valueTyped reports whether the expression expr of the failing line is
// declared with a type whose values cannot be nil: a variable or parameter
// of the failing function, or a field every struct of the app that has a
// field of that name declares with such a type. Unknown is false.
func (a *analysis) valueTyped(src *appSource, expr string) bool {
	if isIdent(expr) {
		t := a.declaredType(src, expr)
		return t != nil && !src.nilable(t)
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
// declared without one (:=) or not found.
func (a *analysis) declaredType(src *appSource, name string) ast.Expr {
	var typ ast.Expr
	src.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		if typ != nil || baseName(f.path) != a.s.File {
			return
		}
		start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		if a.s.Line < start || a.s.Line > end {
			return
		}
		for _, list := range []*ast.FieldList{fd.Recv, fd.Type.Params, fd.Type.Results} {
			if list == nil {
				continue
			}
			for _, fl := range list.List {
				for _, n := range fl.Names {
					if n.Name == name {
						typ = fl.Type
					}
				}
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if gd, ok := n.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, sp := range gd.Specs {
					vs := sp.(*ast.ValueSpec)
					for _, id := range vs.Names {
						if id.Name == name && vs.Type != nil && typ == nil {
							typ = vs.Type
						}
					}
				}
			}
			return typ == nil
		})
	})
	return typ
}

// fieldTypes returns the declared types of every struct field named field
// in the app's source.
func (s *appSource) fieldTypes(field string) []ast.Expr {
	var out []ast.Expr
	for _, f := range s.files {
		ast.Inspect(f.ast, func(n ast.Node) bool {
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
