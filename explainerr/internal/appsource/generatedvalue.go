package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A unique violation on a value the app makes itself (an id or a code
// drawn from a generator) is no duplicate the client sent: the generator
// gave a value already taken, and the generator is what to fix.

// GeneratedValue is where a function sets the field that stands for a
// column from a call of its own, or a row's id from another value's.
type GeneratedValue struct {
	Ref FuncRef   // the function that sets it
	At  token.Pos // the key-value or assignment
	// Call is the generator called (randomString); Copied, for a row's
	// own id set from another value's id (Id: checkin.Id), that value as
	// written, Call then "".
	Call, Copied string
}

// requestReaders are the calls that read the request, whose values are
// the client's.
var requestReaders = regexp.MustCompile(`(?i)(?:FormValue|PostFormValue|Query|Param|URLParam|PathValue|Bind\w*|Decode|Unmarshal|Header|Cookie|GetString|Get)$`)

// identityReaders matches a call that reads who the client is (the
// signed-in user's id from the request's context, session or token): an
// identity, which a duplicate of is the client's second write, not a
// generator's value.
var identityReaders = regexp.MustCompile(`(?:From(?:Context|Ctx|Session|Token|Claims|Request)|(?i:^|\.)(?:Get)?(?:Login|Current|SignedIn|Auth(?:enticated)?)\w*(?:User|Account|Member)\w*)$`)

// GeneratedColumnValue returns where a function of reached, the first,
// sets the field that stands for column (tracking_id: TrackingID) from a
// call that does not read the request; when none does (the stack lost
// the handler), the module's only function outside tests that sets it
// so.
func (m *Module) GeneratedColumnValue(reached []FuncRef, column string) (GeneratedValue, bool) {
	if column == "" {
		return GeneratedValue{}, false
	}
	want := strings.ToLower(strings.ReplaceAll(column, "_", ""))
	setOnPath := false
	for _, ref := range reached {
		if g, ok := generatedIn(ref, want); ok {
			return g, true
		}
		setOnPath = setOnPath || setsField(ref, want)
	}
	if setOnPath {
		// The request sets the field itself, from something it was
		// given: a generator elsewhere in the module is not its value.
		return GeneratedValue{}, false
	}
	// Only the files whose facts say a function sets a field of that
	// name are parsed.
	fileSets := func(f *File) bool {
		if strings.HasSuffix(f.Path, "_test.go") {
			return false
		}
		for _, name := range f.facts.FieldsSet {
			if strings.ToLower(strings.ReplaceAll(name, "_", "")) == want {
				return true
			}
		}
		return false
	}
	var only []GeneratedValue
	m.eachFuncDecl(fileSets, func(f *File, fd *ast.FuncDecl) {
		if g, ok := generatedIn(FuncRef{File: f, Decl: fd}, want); ok {
			only = append(only, g)
		}
	})
	if len(only) == 1 {
		return only[0], true
	}
	return GeneratedValue{}, false
}

// generatedIn returns where ref sets the field named want (lower case,
// no underscores) from a call that does not read the request, or from
// another value's id.
func generatedIn(ref FuncRef, want string) (GeneratedValue, bool) {
	if ref.Decl == nil || ref.Decl.Body == nil {
		return GeneratedValue{}, false
	}
	fieldIs := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.Ident:
			return strings.ToLower(x.Name) == want
		case *ast.SelectorExpr:
			return strings.ToLower(x.Sel.Name) == want
		}
		return false
	}
	generated := func(at token.Pos, e ast.Expr) (GeneratedValue, bool) {
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && want == "id" && strings.EqualFold(sel.Sel.Name, "id") {
			// The new row's own id copied from another value's: the
			// row every such copy makes has the same id.
			return GeneratedValue{Ref: ref, At: at, Copied: astutil.ExprString(sel)}, true
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return GeneratedValue{}, false
		}
		name := CalleeName(call.Fun)
		if name == "" || requestReaders.MatchString(name) || identityReaders.MatchString(name) {
			return GeneratedValue{}, false
		}
		if getter := strings.ToLower(astutil.LastName(call.Fun)); getter == want || getter == "get"+want {
			// Email: u.Email(): an accessor copies a value that exists
			// (a view of a row, the request's body), it draws none.
			return GeneratedValue{}, false
		}
		for _, a := range call.Args {
			// The field made over from its own value (role.Name =
			// normalize(role.Name)), or from the request: the client's
			// value, not one the app draws.
			if mentionsField(a, want) || readsRequest(a) {
				return GeneratedValue{}, false
			}
		}
		return GeneratedValue{Ref: ref, At: at, Call: name}, true
	}
	var found GeneratedValue
	ok := false
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.KeyValueExpr:
			if fieldIs(x.Key) {
				found, ok = generated(x.Pos(), x.Value)
			}
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if _, isSel := l.(*ast.SelectorExpr); isSel && fieldIs(l) && i < len(x.Rhs) && !ok {
					found, ok = generated(x.Pos(), x.Rhs[i])
				}
			}
		}
		return !ok
	})
	return found, ok
}

// uniqueWords matches a unique constraint's violation.
var uniqueWords = regexp.MustCompile(`(?i)duplicate(?:d)? key|unique constraint|UNIQUE constraint failed|Duplicate entry`)

// generatedValueChunks gives, for a unique violation on a column whose
// value a function the request reached makes with a generator of the
// module's (GeneratedColumnValue), that generator: what gave a value
// already taken; after the function it calls that draws from a source
// seeded with a constant, when it does. Both are leads: the fix is in
// them.
func (m *Module) generatedValueChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, uniqueWords) {
		return nil
	}
	name, _ := sqlErrorNames(r)
	g, ok := m.GeneratedColumnValue(s.requestReach(r), name)
	if !ok || g.Call == "" {
		return nil
	}
	refs := m.Named(g.Call, "")
	if len(refs) != 1 {
		return nil
	}
	// The function that draws from a source seeded with a constant comes
	// first: what to fix is there (FixedSeedOf).
	show := []FuncRef{refs[0]}
	if seed, ok := m.FixedSeedOf(refs[0]); ok && seed.Drawer.Decl != refs[0].Decl {
		show = []FuncRef{seed.Drawer, refs[0]}
	}
	var out []report.Chunk
	for _, ref := range show {
		if !s.seen[ref.Decl] {
			s.seen[ref.Decl] = true
			c := s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin)
			s.markLead(c)
			out = append(out, c)
		}
	}
	return out
}

// mentionsField reports whether e names a field or variable whose name,
// in lower case without underscores, is want.
func mentionsField(e ast.Expr, want string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.ToLower(id.Name) == want {
			found = true
		}
		return !found
	})
	return found
}

// readsRequest reports whether e calls one of requestReaders.
func readsRequest(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok && requestReaders.MatchString(CalleeName(ce.Fun)) {
			found = true
		}
		return !found
	})
	return found
}

// setsField reports whether ref's function sets a field named want (lower
// case, no underscores): a literal's key or an assignment to a selector.
func setsField(ref FuncRef, want string) bool {
	if ref.Decl == nil || ref.Decl.Body == nil {
		return false
	}
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }
	found := false
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && norm(id.Name) == want {
				found = true
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && norm(sel.Sel.Name) == want {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
