package appsource

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A library that checks its options refuses an empty one by name: "Issuer
// must be set", "AccountName is required". The app passed that option in
// a literal of the library's options type (totp.GenerateOpts{Issuer:
// s.appName}); the value came from a field its constructor set from a
// setting, which was empty for this run. The fix is the setting, or a
// default where the field is set.

// ReOptionRequired finds the option a library's error says is missing.
var ReOptionRequired = regexp.MustCompile(`(?:^|: )([A-Za-z][A-Za-z0-9_]*) (?:must be set|is required|must not be empty|cannot be empty|can't be empty|must be provided|is not set|not set)\b`)

// OptionPass is an option a literal of a library's type was given.
type OptionPass struct {
	Type  string  // the literal's type as written (totp.GenerateOpts)
	Value string  // the value as written (s.appName)
	Func  FuncRef // the function that holds the literal
	Line  int     // the key-value element's line
}

// OptionPasses returns the key-value elements of ref's composite literals
// of another package's type (pkg.Opts{…}) whose key is option, in any
// case.
func (m *Module) OptionPasses(ref FuncRef, option string) []OptionPass {
	if ref.Decl == nil || ref.Decl.Body == nil {
		return nil
	}
	var out []OptionPass
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		sel, ok := cl.Type.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok {
			return true
		} else if _, own := m.PackageDir(ref.File, pkg.Name); own {
			return true // the module's own type
		}
		for _, e := range cl.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); ok && strings.EqualFold(k.Name, option) {
				out = append(out, OptionPass{Type: astutil.ExprString(sel), Value: astutil.ExprString(kv.Value), Func: ref, Line: m.Fset.Position(kv.Pos()).Line})
			}
		}
		return true
	})
	return out
}

// FieldSetFrom returns, for an option's value that is a field of the
// function's receiver (s.appName), the function and the line of the
// literal that sets the field where its type is built, when exactly one
// sets it.
func (m *Module) FieldSetFrom(p OptionPass) (FuncRef, int, bool) {
	x, field, ok := strings.Cut(p.Value, ".")
	fd := p.Func.Decl
	if !ok || strings.Contains(field, ".") || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 || fd.Recv.List[0].Names[0].Name != x {
		return FuncRef{}, 0, false
	}
	owner := astutil.TypeName(fd.Recv.List[0].Type)
	type set struct {
		fn   FuncRef
		line int
	}
	var sets []set
	for _, o := range m.FieldOrigins(filepath.Dir(p.Func.File.Path), owner, field) {
		if o.Left || o.Func.Decl == nil {
			continue
		}
		ast.Inspect(o.Func.Decl.Body, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field && m.Fset.Position(kv.Pos()).Line >= o.Line {
				sets = append(sets, set{o.Func, m.Fset.Position(kv.Pos()).Line})
				return false
			}
			return true
		})
	}
	if len(sets) != 1 {
		return FuncRef{}, 0, false
	}
	return sets[0].fn, sets[0].line, true
}

// EmptyOption returns the one option pass of the functions reached that
// gives the option msg says must be set (ReOptionRequired); false when
// none does or several do, as which one ran is then not known.
func (m *Module) EmptyOption(msg string, reached []FuncRef) (string, OptionPass, bool) {
	mm := ReOptionRequired.FindStringSubmatch(msg)
	if mm == nil {
		return "", OptionPass{}, false
	}
	var found []OptionPass
	for _, ref := range reached {
		found = append(found, m.OptionPasses(ref, mm[1])...)
	}
	if len(found) != 1 {
		return "", OptionPass{}, false
	}
	return mm[1], found[0], true
}

// emptyOptionChunks gives, for a library's refusal of an empty option
// that one function the request reached passes (EmptyOption), the
// function that sets the field the option's value reads (FieldSetFrom),
// as a constructor and a lead, then the function that passes it.
func (m *Module) emptyOptionChunks(r *report.Report, s *staticSet) []report.Chunk {
	var out []report.Chunk
	add := func(ref FuncRef, reason string) {
		if s.seen[ref.Decl] {
			s.markShown(ref.File, ref.Decl, reason)
			return
		}
		s.seen[ref.Decl] = true
		c := s.funcChunk(ref.File, ref.Decl, reason)
		s.markLead(c)
		out = append(out, c)
	}
	for _, msg := range errorMessages(r) {
		_, p, ok := m.EmptyOption(report.AnalysedText(msg), s.requestReach(r))
		if !ok {
			continue
		}
		if fn, _, ok := m.FieldSetFrom(p); ok {
			add(fn, report.ReasonConstructor)
		}
		add(p.Func, report.ReasonOrigin)
		break
	}
	return out
}
