package appsource

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An index or a slice bound out of range on a value read from a field (a
// slice a constructor split from a template, a limit a settings form
// stored) is fixed where that field is set, not where it is read: the
// split that gives fewer parts, the -1 stored for "no limit". Each
// operand of the failing line's index and slice expressions is followed
// back to the field it was last read from (lastFieldRead), and the
// functions that set that field, other than the failing one, are shown.

// outOfRange matches the runtime's index and slice bounds panics.
var outOfRange = regexp.MustCompile(`index out of range|slice bounds out of range`)

// boundFieldChunks gives, for an index or slice bounds panic on the
// innermost frame's line, the functions that set a field its indexed
// value or its bounds were read from (at most maxPerFinder, marked origin
// and ranked with the origins); and the same for a library's panic about
// an argument's value, for the fields the failing line's arguments read.
func (m *Module) boundFieldChunks(r *report.Report, s *staticSet) []report.Chunk {
	frames := r.AppFrames()
	if len(frames) == 0 {
		return nil
	}
	operands := boundOperands
	switch {
	case anyMessage(r, outOfRange):
	case r.Error.Kind == report.KindPanic && DemandedArgument(r.Error.Message) != "":
		// A library's check of an argument's value ("count must be >
		// 0"): the fields the failing line's arguments read.
		operands = argumentFields
	default:
		return nil
	}
	f, fd := m.FuncAt(frames[0].File, frames[0].Line)
	if fd == nil || fd.Body == nil {
		return nil
	}
	res := newResolver(m, f, fd)
	var out []report.Chunk
	for _, e := range operands(m, fd, frames[0].Line) {
		x, field := m.lastFieldRead(res, e)
		if field == "" {
			continue
		}
		t := m.valueType(res, x)
		if t.name == "" {
			continue
		}
		var setters []FieldWriter
		for _, w := range m.FieldWriters(t.dir, t.name) {
			if w.Fields[field] && w.Func.Decl != fd {
				setters = append(setters, w)
			}
		}
		out = append(out, s.writerChunks(setters, field, report.ReasonOrigin)...)
	}
	return out
}

// argumentDemand matches a library's panic about the value of an
// argument it was given, and captures the argument's name.
var argumentDemand = regexp.MustCompile(`^(\w+) (?:must|should|cannot|can't|may not) (?:be|have|exceed)\b`)

// DemandedArgument returns the argument a library's panic message says
// had a value it refuses ("count" of "count must be > 0"), "" for
// another message.
func DemandedArgument(msg string) string {
	if m := argumentDemand.FindStringSubmatch(strings.TrimSpace(msg)); m != nil {
		return m[1]
	}
	return ""
}

// argumentFields returns the fields read (x.Field) in the arguments of
// the calls of fd written on line.
func argumentFields(m *Module, fd *ast.FuncDecl, line int) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || m.Fset.Position(call.Pos()).Line != line {
			return true
		}
		for _, arg := range call.Args {
			ast.Inspect(arg, func(a ast.Node) bool {
				if sel, ok := a.(*ast.SelectorExpr); ok {
					out = append(out, sel)
					return false
				}
				return true
			})
		}
		return true
	})
	return out
}

// boundOperands returns the operands of the index and slice expressions
// of fd written on line: the value indexed or sliced, then its index or
// bounds.
func boundOperands(m *Module, fd *ast.FuncDecl, line int) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil || m.Fset.Position(n.Pos()).Line != line {
			return true
		}
		switch x := n.(type) {
		case *ast.IndexExpr:
			out = append(out, x.X, x.Index)
		case *ast.SliceExpr:
			out = append(out, x.X)
			for _, b := range []ast.Expr{x.Low, x.High, x.Max} {
				if b != nil {
					out = append(out, b)
				}
			}
		}
		return true
	})
	return out
}
