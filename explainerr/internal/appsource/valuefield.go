package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A nil value is not always reached through the failing method's
// receiver: a plain function reads `app.ErrorLog` from a package
// variable of a configuration type, or `cfg.Cache` from a pointer it was
// given. The value was meant to be set wherever the module sets that
// type's fields: the assignment of that field, or, when none sets it,
// the function that sets the others (main's run, a config loader), where
// the line is missing. FieldWriters finds those functions once per
// module version and type.

// FieldWriter is a function of the module that sets fields of a struct
// type through a value of that type (x.F = v, where x is a package
// variable, a parameter, the receiver or a local of the type) or in a
// literal of it (T{F: v}).
type FieldWriter struct {
	Func FuncRef
	// Fields are the fields it sets.
	Fields map[string]bool
}

// FieldWriters returns the functions that set fields of the struct type
// name of the package in dir, those that set the most fields first. The
// answer is kept per Module: its files never change under it.
func (m *Module) FieldWriters(dir, name string) []FieldWriter {
	t := typeKey{filepath.Clean(dir), name}
	if v, ok := m.writers.Load(t); ok {
		return v.([]FieldWriter)
	}
	out := m.findFieldWriters(t)
	m.writers.Store(t, out)
	return out
}

// findFieldWriters does the work of FieldWriters: only the files whose
// facts say they may set one of the type's fields are parsed.
func (m *Module) findFieldWriters(t typeKey) []FieldWriter {
	tr, ok := m.Type(t.dir, t.name)
	if !ok {
		return nil
	}
	fields := map[string]bool{}
	if st, ok := tr.Spec.Type.(*ast.StructType); ok {
		for _, fl := range st.Fields.List {
			for _, n := range fl.Names {
				fields[n.Name] = true
			}
		}
	}
	if len(fields) == 0 {
		return nil
	}
	var out []FieldWriter
	for _, f := range m.Files {
		if !f.maySetAny(fields) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if set := m.fieldsSetIn(f, fd, t, fields); len(set) > 0 {
				out = append(out, FieldWriter{Func: FuncRef{File: f, Decl: fd}, Fields: set})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].Fields) > len(out[j].Fields) })
	return out
}

// maySetAny reports whether the file's facts say it may set one of
// fields.
func (f *File) maySetAny(fields map[string]bool) bool {
	for _, name := range f.facts.FieldsSet {
		if fields[name] {
			return true
		}
	}
	return false
}

// fieldsSetIn returns the fields of the type t (among fields) that fd
// sets through a value of the type or in a literal of it.
func (m *Module) fieldsSetIn(f *File, fd *ast.FuncDecl, t typeKey, fields map[string]bool) map[string]bool {
	set := map[string]bool{}
	var res *resolver
	typeOf := func(e ast.Expr) typeKey {
		if res == nil {
			res = newResolver(m, f, fd)
		}
		return m.valueType(res, e)
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if x.Tok != token.ASSIGN {
				return true
			}
			for _, l := range x.Lhs {
				sel, ok := l.(*ast.SelectorExpr)
				if !ok || !fields[sel.Sel.Name] || set[sel.Sel.Name] {
					continue
				}
				if typeOf(sel.X) == t {
					set[sel.Sel.Name] = true
				}
			}
		case *ast.CompositeLit:
			if x.Type == nil || TypeName(x.Type) != t.name {
				return true
			}
			if res == nil {
				res = newResolver(m, f, fd)
			}
			if res.moduleType(x.Type, res.dir) != t {
				return true
			}
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && fields[k.Name] {
						set[k.Name] = true
					}
				}
			}
		}
		return true
	})
	return set
}

// valueType returns the module type of the value e as the syntax tells
// it in res's function: a local, a parameter, the receiver, or a
// package variable of the function's package.
func (m *Module) valueType(res *resolver, e ast.Expr) typeKey {
	if t, known := res.typeOf(e, 0); known {
		return t
	}
	id, ok := e.(*ast.Ident)
	if !ok || res.isPackage(id.Name) {
		return typeKey{}
	}
	if _, local := res.locals[id.Name]; local {
		return typeKey{}
	}
	if v, ok := m.PackageVar(res.dir, id.Name); ok && v.Type != nil {
		decl := &resolver{m: m, f: v.File, dir: res.dir, imports: importDirs(m, v.File)}
		return decl.moduleType(v.Type, res.dir)
	}
	return typeKey{}
}

// valueFieldChunks gives, for a nil map or nil pointer that the innermost
// frame's failing line reaches through a field of a value other than its
// receiver (a package variable or a parameter of a module struct type,
// `app.ErrorLog.Println(…)`), the functions that set that field of the
// type, or, when none does, the function that sets most of its other
// fields: where the value is configured (at most maxPerFinder, marked
// constructor and ranked with the error's origin).
func (m *Module) valueFieldChunks(r *report.Report, s *staticSet) []report.Chunk {
	msg := nilValueMessage(r)
	frames := r.AppFrames()
	if msg == "" || len(frames) == 0 {
		return nil
	}
	f, fd := m.FuncAt(frames[0].File, frames[0].Line)
	line := frames[0].Line
	if fd == nil || line < 1 || line > len(f.Lines()) {
		return nil
	}
	through := throughField
	if strings.Contains(msg, "nil map") {
		through = indexedField
	}
	res := newResolver(m, f, fd)
	var out []report.Chunk
	for _, mm := range through.FindAllStringSubmatch(f.Lines()[line-1], -1) {
		x, field := mm[1], mm[2]
		if x == res.recvName() || res.isPackage(x) {
			continue // the receiver's constructors are constructorChunks'
		}
		if _, local := res.locals[x]; local && !isParam(fd, x) {
			continue // a local's value is made on the lines above
		}
		t := m.valueType(res, ast.NewIdent(x))
		if t.name == "" {
			continue
		}
		tr, ok := m.Type(t.dir, t.name)
		if !ok || fieldType(tr, field) == nil {
			continue
		}
		// Those that set the field first, then those that set others.
		out = s.writerChunks(m.FieldWriters(t.dir, t.name), field, report.ReasonConstructor)
		break
	}
	return out
}

// throughField matches a field of a value that a line goes through
// (x.F.M(…), x.F(…), x.F[k]); indexedField one it indexes (x.F[k]), for a
// nil map.
var (
	throughField = regexp.MustCompile(`\b([A-Za-z_]\w*)\.([A-Za-z_]\w*)\s*[.\[(]`)
	indexedField = regexp.MustCompile(`\b([A-Za-z_]\w*)\.([A-Za-z_]\w*)\s*\[`)
)

// isParam reports whether name is a parameter of fd.
func isParam(fd *ast.FuncDecl, name string) bool {
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}

// nilValueMessage returns the failure's message that says a nil map was
// written or a nil pointer followed (the panic's, or the one a
// framework's recovery logged), "" when none does.
func nilValueMessage(r *report.Report) string {
	for _, text := range errorMessages(r) {
		if text = report.AnalysedText(text); nilValueFailure.MatchString(text) {
			return text
		}
	}
	if r.Error.Type == report.TypeRecoveredUnknown {
		// A panic the app's own recoverer took, its value unknown: a
		// nil pointer followed is the usual one.
		return "nil pointer dereference"
	}
	return ""
}

// writerChunks gives the functions of writers not shown yet, those that
// set field first, marked reason and as leads (at most maxPerFinder).
func (s *staticSet) writerChunks(writers []FieldWriter, field, reason string) []report.Chunk {
	var out []report.Chunk
	for _, w := range sortedWriters(writers, field) {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[w.Func.Decl] {
			continue
		}
		s.seen[w.Func.Decl] = true
		c := s.funcChunk(w.Func.File, w.Func.Decl, reason)
		s.markLead(c)
		out = append(out, c)
	}
	return out
}

// sortedWriters returns writers, those that set field first.
func sortedWriters(writers []FieldWriter, field string) []FieldWriter {
	sorted := make([]FieldWriter, 0, len(writers))
	for _, w := range writers {
		if w.Fields[field] {
			sorted = append(sorted, w)
		}
	}
	for _, w := range writers {
		if !w.Fields[field] {
			sorted = append(sorted, w)
		}
	}
	return sorted
}
