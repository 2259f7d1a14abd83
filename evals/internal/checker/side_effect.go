package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
)

// KindSideEffect is a claim that a function writes a field or a package
// variable: "`Gate.Reset` sets `Count` back to zero".
const KindSideEffect = "side_effect"

var (
	// writesVerbRe is the verb of those claims.
	writesVerbRe = regexp.MustCompile(`(?i)\b(?:sets|resets|clears|zeroes|zeros)\b`)
	// writtenRe follows the verb: the name written, then "to", "back to"
	// or the end of the clause.
	writtenRe = regexp.MustCompile("(?i)^\\s+(?:the\\s+)?(?:field\\s+)?`([A-Za-z_]\\w*)`(?:\\s+field)?(?:\\s+(?:back\\s+)?to\\b|\\s*(?:[,.;]|$))")
)

// checkSideEffects judges "`M` sets `F` back to zero" (or "resets `F`")
// where F is a field or a package variable of the module: contradicted
// when neither M nor any module function it reaches names F in its code
// or quotes it, writes a whole value through a pointer or to its
// receiver, or hands a pointer or its receiver to another call, so that
// nothing it runs can write F.
func (c *Checker) checkSideEffects(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, writesVerbRe) {
		mm := writtenRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil || len(s.funcs) == 0 {
			continue
		}
		target := prose[s.after+mm[2] : s.after+mm[3]]
		if !c.writableName(target) {
			continue
		}
		r := c.reach(s.funcs)
		if r.names[target] || slices.Contains(r.strings, target) || mayWriteWhole(r, target) {
			continue
		}
		name := lastName(s.subject.Text)
		claim := Claim{Text: name + " sets " + target, Kind: KindSideEffect, start: s.subject.start, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("neither %s nor any function it reaches writes or names %s", name, target)})
	}
	return results
}

// writableName reports whether name is a struct field or a package
// variable the module declares.
func (c *Checker) writableName(name string) bool {
	for _, o := range c.m.Objects[name] {
		if v, ok := o.(*types.Var); ok && (v.IsField() || v.Pkg() != nil && v.Parent() == v.Pkg().Scope()) {
			return true
		}
	}
	return false
}

// mayWriteWhole reports whether a reached function may write a field
// without naming it: an assignment through a pointer ("*b = T{}") or to
// its receiver, a call given a pointer ("&x") or its receiver, or a value
// it makes of a struct with that field (a literal, new), which starts
// the field at its zero value.
func mayWriteWhole(r *reached, field string) bool {
	for _, f := range r.funcs {
		recv := ""
		if f.Decl.Recv != nil && len(f.Decl.Recv.List) > 0 && len(f.Decl.Recv.List[0].Names) > 0 {
			recv = f.Decl.Recv.List[0].Names[0].Name
		}
		isRecv := func(e ast.Expr) bool {
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && recv != "" && id.Name == recv
		}
		found := false
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if _, star := ast.Unparen(l).(*ast.StarExpr); star || isRecv(l) {
						found = true
					}
				}
			case *ast.CompositeLit:
				found = found || hasField(f.Pkg.TypesInfo.TypeOf(n), f.Pkg.Types, field)
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "new" {
					found = true
				}
				for _, a := range n.Args {
					if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND || isRecv(a) {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// hasField reports whether t, or what it points to, is a struct with a
// field called name (a promoted one too), as code of pkg sees it.
func hasField(t types.Type, pkg *types.Package, name string) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	v, ok := obj.(*types.Var)
	return ok && v.IsField()
}
