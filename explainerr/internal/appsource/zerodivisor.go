package appsource

import (
	"go/ast"
	"go/parser"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An integer division by zero whose divisor was read from a field (a page
// size, a rate limit) is fixed where that field is set: a setting left at
// zero because its default is missing or its key is misspelt. The
// divisor is followed back through the locals that carried it (n :=
// int64(opts.Limit), opts := Options{Limit: cfg.PageSize}) to the last
// field it was read from, and the functions that set that field of its
// type, or its other fields, are shown, as valueFieldChunks does for a
// nil field.

// divideByZero matches the runtime's integer division panic.
var divideByZero = regexp.MustCompile(`integer divide by zero`)

// divisorOf finds the divisor of a division or remainder on a line.
var divisorOf = regexp.MustCompile(`[^/*]\s*[/%]=?\s*([A-Za-z_][\w.]*(?:\([^()]*\))?)`)

// maxFieldSteps bounds the steps followed back (a local, a conversion,
// a literal's key, a helper's default each count one).
const maxFieldSteps = 8

// zeroDivisorChunks gives, for an integer division by zero on the
// innermost frame's line, the functions whose result the frame's function
// gave the divisor earlier (DivisorAssignments), then those that set the
// field its divisor was last read from (at most maxPerFinder each, marked
// setting and ranked with the origins).
func (m *Module) zeroDivisorChunks(r *report.Report, s *staticSet) []report.Chunk {
	frames := r.AppFrames()
	if !anyMessage(r, divideByZero) || len(frames) == 0 {
		return nil
	}
	f, fd := m.FuncAt(frames[0].File, frames[0].Line)
	line := frames[0].Line
	if fd == nil || line < 1 || line > len(f.Lines()) {
		return nil
	}
	mm := divisorOf.FindStringSubmatch(f.Lines()[line-1])
	if mm == nil {
		return nil
	}
	e, err := parser.ParseExpr(mm[1])
	if err != nil {
		return nil
	}
	// The divisor given a function's result earlier in this function
	// (req.PerPage = listPageSize()): that function chose the value.
	var out []report.Chunk
	for _, at := range m.DivisorAssignments(f, fd, mm[1], line) {
		for _, ref := range m.CalleesOnLine(f, fd, at) {
			if !s.seen[ref.Decl] && len(out) < maxPerFinder {
				s.seen[ref.Decl] = true
				c := s.funcChunk(ref.File, ref.Decl, report.ReasonSetting)
				s.markLead(c)
				out = append(out, c)
			}
		}
	}
	res := newResolver(m, f, fd)
	x, field := m.lastFieldRead(res, e)
	if field == "" {
		return out
	}
	t := m.valueType(res, x)
	if t.name == "" {
		return out
	}
	writers := s.writerChunks(m.FieldWriters(t.dir, t.name), field, report.ReasonSetting)
	out = append(out, writers...)
	if len(writers) == 0 {
		// Nothing assigns it: a settings struct a loader fills by its
		// tags (viper's Unmarshal); the struct, whose tag names the key,
		// is where the setting is named.
		if tr, ok := m.Type(t.dir, t.name); ok && taggedField(tr, field) {
			c := s.typeChunk(tr)
			c.Reason = report.ReasonSetting
			s.markLead(c)
			out = append(out, c)
		}
	}
	return out
}

// taggedField reports whether the struct type t has a field of that name
// with a tag.
func taggedField(t TypeRef, field string) bool {
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return false
	}
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			if n.Name == field && fl.Tag != nil {
				return true
			}
		}
	}
	return false
}

// lastFieldRead follows e back to the field it was last read from: e
// itself when it is x.F (conversions and parentheses looked through), the
// value a local was given, or the key of the composite literal a local
// holds (opts.Limit of opts := Options{Limit: cfg.PageSize} is
// cfg.PageSize), at most maxFieldSteps times.
func (m *Module) lastFieldRead(res *resolver, e ast.Expr) (ast.Expr, string) {
	var x ast.Expr
	field := ""
	for step := 0; step < maxFieldSteps && e != nil; step++ {
		switch v := e.(type) {
		case *ast.ParenExpr:
			e = v.X
			continue
		case *ast.CallExpr:
			// A conversion (int64(n)), or a helper given a field as
			// its default (intParam(r, "limit", cfg.PageSize)).
			next := ast.Expr(nil)
			if len(v.Args) == 1 {
				next = v.Args[0]
			}
			for _, a := range v.Args[1:] {
				// A default given as a field, or formatted from one
				// (strconv.Itoa(cfg.PageSize)).
				if c, ok := a.(*ast.CallExpr); ok && len(c.Args) == 1 {
					a = c.Args[0]
				}
				if _, sel := a.(*ast.SelectorExpr); sel {
					next = a
				}
			}
			if next == nil {
				return x, field
			}
			e = next
			continue
		case *ast.Ident:
			l, ok := res.locals[v.Name]
			if !ok || l.isType || l.expr == nil {
				return x, field
			}
			e = l.expr
			continue
		case *ast.SelectorExpr:
			x, field = v.X, v.Sel.Name
			// A local holding a literal: the value its key was given.
			id, ok := v.X.(*ast.Ident)
			if !ok {
				return x, field
			}
			l, ok := res.locals[id.Name]
			lit, isLit := unparen(l.expr).(*ast.CompositeLit)
			if !ok || !isLit {
				return x, field
			}
			e = nil
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == v.Sel.Name {
						e = kv.Value
					}
				}
			}
			if e == nil {
				return x, field
			}
			continue
		}
		return x, field
	}
	return x, field
}

// unparen strips parentheses and a taken address (&T{...}).
func unparen(e ast.Expr) ast.Expr {
	for {
		switch v := e.(type) {
		case *ast.ParenExpr:
			e = v.X
		case *ast.UnaryExpr:
			e = v.X
		default:
			return e
		}
	}
}

// DivisorAssignments returns the lines of fd, before line, that assign
// to the expression divisor (written as the failing line writes it):
// "req.PerPage = listPageSize()", "size := pageSize(cfg)".
func (m *Module) DivisorAssignments(f *File, fd *ast.FuncDecl, divisor string, line int) []int {
	assign := regexp.MustCompile(`(?:^|[^\w.])` + regexp.QuoteMeta(divisor) + `\s*:?=[^=]`)
	lines := f.Lines()
	var out []int
	for n := m.Fset.Position(fd.Pos()).Line; n < line && n <= len(lines); n++ {
		if assign.MatchString(lines[n-1]) {
			out = append(out, n)
		}
	}
	return out
}
