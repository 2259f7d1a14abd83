package appsource

import (
	"go/ast"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Libraries that map Go types to something (an ORM's tables, a codec's
// names, a router's handlers) keep a registry the app fills at start-up
// with one call per type (db.AddTableWithName(User{}, "user"), …). An
// error that a type is not found there ("no table found for type:
// APIToken") is fixed in the function that registers the others: the
// type was left out of its list.

// unregisteredType matches an error naming a type a registry does not
// know, with the type's name.
var unregisteredType = regexp.MustCompile(`(?i)(?:no \w+ (?:found|registered) for type|unknown type|unregistered type):? \*?(?:\[\])?\*?(?:\w+\.)?(\w+)|type \*?(?:\w+\.)?(\w+) (?:is )?not registered`)

// minRegistered is how many types a function must register with one
// call to be read as a registry.
const minRegistered = 3

// TypeRegistry is a function that registers the module's types with one
// call each, as a literal or a pointer of one: the call's name, the types
// and the lines.
type TypeRegistry struct {
	Func  FuncRef
	Call  string
	Types []string
	Lines []int
}

// UnregisteredType returns the type an error of r says a registry does
// not know, and the registry of the module that registers other types of
// its package but not it; false when the error names none or no such
// function exists.
func (m *Module) UnregisteredType(r *report.Report) (string, TypeRegistry, bool) {
	var typ string
	for _, msg := range errorMessages(r) {
		if mm := unregisteredType.FindStringSubmatch(report.AnalysedText(msg)); mm != nil {
			typ = mm[1] + mm[2]
			break
		}
	}
	if typ == "" {
		return "", TypeRegistry{}, false
	}
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || len(f.facts.Composites) < minRegistered {
			continue
		}
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if reg, ok := m.registryIn(f, fd); ok && !slices.Contains(reg.Types, typ) {
				return typ, reg, true
			}
		}
	}
	return "", TypeRegistry{}, false
}

// registryIn reads fd as a registry: the call name most of its calls
// whose first argument is a composite literal of a named type share,
// when it registers at least minRegistered types so.
func (m *Module) registryIn(f *File, fd *ast.FuncDecl) (TypeRegistry, bool) {
	byCall := map[string]*TypeRegistry{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || len(ce.Args) == 0 {
			return true
		}
		arg := ce.Args[0]
		if u, ok := arg.(*ast.UnaryExpr); ok {
			arg = u.X
		}
		lit, ok := arg.(*ast.CompositeLit)
		if !ok || lit.Type == nil || len(lit.Elts) > 0 {
			return true
		}
		name := CalleeName(ce.Fun)
		t := TypeName(lit.Type)
		if name == "" || t == "" {
			return true
		}
		reg := byCall[name]
		if reg == nil {
			reg = &TypeRegistry{Func: FuncRef{File: f, Decl: fd}, Call: name}
			byCall[name] = reg
		}
		reg.Types = append(reg.Types, t)
		reg.Lines = append(reg.Lines, m.Fset.Position(ce.Pos()).Line)
		return true
	})
	var best *TypeRegistry
	for _, reg := range byCall {
		if len(reg.Types) >= minRegistered && (best == nil || len(reg.Types) > len(best.Types)) {
			best = reg
		}
	}
	if best == nil {
		return TypeRegistry{}, false
	}
	return *best, true
}

// registryChunks gives, for an error naming a type a registry does not
// know, the function that registers the module's other types.
func (m *Module) registryChunks(r *report.Report, s *staticSet) []report.Chunk {
	_, reg, ok := m.UnregisteredType(r)
	if !ok || s.seen[reg.Func.Decl] {
		return nil
	}
	s.seen[reg.Func.Decl] = true
	c := s.funcChunk(reg.Func.File, reg.Func.Decl, report.ReasonConstructor)
	first, last := reg.Lines[0], reg.Lines[len(reg.Lines)-1]
	if last > c.EndLine || len(c.Text) > maxCallee {
		c = s.literalChunk(reg.Func.File, reg.Func.Decl, first, last)
		c.Reason = report.ReasonConstructor
	}
	s.markLead(c)
	return []report.Chunk{c}
}
