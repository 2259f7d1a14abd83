package appsource

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A panic the app raises itself under a condition on a value's fields
// ("if !qb.options.UseDatabase && !qb.options.UseFilesystem {
// panic("no blob store configured") }") is fixed where those fields are
// set: the functions that write them (a setting read into an options
// literal), as for a zero divisor read from a field.

// panicGuardChunks gives, for a panic raised by a panic call on the
// innermost frame's line inside an if statement, the functions that set
// the fields its condition reads (at most maxPerFinder, marked setting).
func (m *Module) panicGuardChunks(r *report.Report, s *staticSet) []report.Chunk {
	frames := r.AppFrames()
	if r.Error.Kind != report.KindPanic || len(frames) == 0 || strings.HasPrefix(r.Error.Type, "runtime.") {
		return nil
	}
	f, fd := m.FuncAt(frames[0].File, frames[0].Line)
	if fd == nil || fd.Body == nil || frames[0].Line > len(f.Lines()) || !strings.Contains(f.Lines()[frames[0].Line-1], "panic(") {
		return nil
	}
	var cond ast.Expr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if is, ok := n.(*ast.IfStmt); ok && m.Fset.Position(is.Body.Pos()).Line <= frames[0].Line && frames[0].Line <= m.Fset.Position(is.Body.End()).Line {
			cond = is.Cond // the innermost if holding the line wins
		}
		return true
	})
	if cond == nil {
		return nil
	}
	res := newResolver(m, f, fd)
	var out []report.Chunk
	seen := map[string]bool{}
	ast.Inspect(cond, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if _, chained := sel.X.(*ast.SelectorExpr); !chained || seen[astutil.ExprString(sel)] {
			return true
		}
		seen[astutil.ExprString(sel)] = true
		x, field := m.lastFieldRead(res, sel)
		if field == "" {
			return false
		}
		if t := m.valueType(res, x); t.name != "" && len(out) < maxPerFinder {
			out = append(out, s.writerChunks(m.FieldWriters(t.dir, t.name), field, report.ReasonSetting)...)
		}
		return false
	})
	return out
}
