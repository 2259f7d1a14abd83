package checker

import (
	"fmt"
	"go/ast"
	"regexp"
	"strings"
)

// KindDeclaredType is what a sentence says a named type is declared as:
// "`M` is declared as `map[string]interface{}`".
const KindDeclaredType = "declared_type"

// declaredTypeRe follows a type's name (a line may be cited between) with
// the type it is said to be declared as: "is declared as
// `map[string]string`", "is defined as a `[]byte`", "is a `func(error)`".
var declaredTypeRe = regexp.MustCompile("^`?\\s*(?:\\([^)\\n]{0,60}\\)\\s*)?(?:,?\\s*(?:is|was)\\s+(?:(?:declared|defined)\\s+(?:(?:at|in|on)\\s+[\\w./-]+(?::\\d+)?\\s+)?(?:as\\s+)?)?|,\\s*(?:declared|defined)\\s+(?:(?:at|in|on)\\s+[\\w./-]+(?::\\d+)?\\s+)?as\\s+)(?:an?\\s+|the\\s+)?(?:type\\s+)?`([^`]+)`")

// anyWordRe is the predeclared alias any, written as a word.
var anyWordRe = regexp.MustCompile(`\bany\b`)

// checkDeclaredTypes judges the type a sentence says a module's named
// type is declared as: contradicted when every module type of that name
// is declared with another type expression. Only composite types are
// judged (a map, a slice, an array, a channel or a function): a bare
// name may be said of the type's kind or role.
func (c *Checker) checkDeclaredTypes(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindIdentifier || cl.fromProse {
			continue
		}
		m := declaredTypeRe.FindStringSubmatch(prose[cl.end:])
		if m == nil {
			continue
		}
		want, ok := compositeType(m[1])
		if !ok {
			continue
		}
		specs := c.typeSpecs(cl.Text)
		if len(specs) == 0 {
			continue
		}
		var others []string
		for _, ts := range specs {
			got := typeText(ts.Type)
			if anyWordRe.ReplaceAllString(got, "interface{}") == anyWordRe.ReplaceAllString(want, "interface{}") {
				others = nil
				break
			}
			others = append(others, got)
		}
		if len(others) == 0 {
			continue
		}
		claim := Claim{Text: cl.Text + " is " + m[1], Kind: KindDeclaredType, start: cl.start, end: cl.end + len(m[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is declared as %s", cl.Text, strings.Join(others, ", "))})
	}
	return results
}

// typeSpecs returns the module's type declarations of a name.
func (c *Checker) typeSpecs(name string) []*ast.TypeSpec {
	var out []*ast.TypeSpec
	for _, sp := range c.topSpecs() {
		if ts, ok := sp.spec.(*ast.TypeSpec); ok && ts.Name.Name == name {
			out = append(out, ts)
		}
	}
	return out
}

// topSpec is a top-level declaration's spec and the declaration holding
// it (its token: var, const, type).
type topSpec struct {
	decl *ast.GenDecl
	spec ast.Spec
}

// topSpecs returns the specs of every top-level declaration of the
// module's packages, in order.
func (c *Checker) topSpecs() []topSpec {
	var out []topSpec
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok {
					for _, sp := range g.Specs {
						out = append(out, topSpec{g, sp})
					}
				}
			}
		}
	}
	return out
}
