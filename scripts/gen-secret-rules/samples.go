package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// ruleSamples are the literal examples a rule's Go definition holds.
type ruleSamples struct {
	positives, negatives []string
}

// readSamples reads the rule definitions in dir (gitleaks'
// cmd/generate/config/rules) and returns, by rule id, the string
// literals of the slices named like true positives (tps) and false
// positives (fps) in the function that defines the rule. A function that
// defines more than one rule gives none: its samples could be any rule's.
func readSamples(dir string) (map[string]ruleSamples, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	out := map[string]ruleSamples{}
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ids := ruleIDs(fn)
			if len(ids) != 1 {
				continue
			}
			out[ids[0]] = samplesOf(fn)
		}
	}
	return out, nil
}

// ruleIDs returns the RuleID values a function sets.
func ruleIDs(fn *ast.FuncDecl) []string {
	var ids []string
	ast.Inspect(fn, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "RuleID" {
			if s, ok := astutil.StringLit(kv.Value); ok {
				ids = append(ids, s)
			}
		}
		return true
	})
	return ids
}

// samplesOf collects the string literals of the composite literals
// assigned to variables whose names say true or false positives.
func samplesOf(fn *ast.FuncDecl) ruleSamples {
	var s ruleSamples
	add := func(name string, v ast.Expr) {
		lower := strings.ToLower(name)
		var into *[]string
		switch {
		case strings.HasPrefix(lower, "fp") || strings.Contains(lower, "false"):
			into = &s.negatives
		case strings.HasPrefix(lower, "tp") || strings.Contains(lower, "true"):
			into = &s.positives
		default:
			return
		}
		ast.Inspect(v, func(n ast.Node) bool {
			if _, ok := n.(*ast.CallExpr); ok {
				return false // a generated sample: its literals are parts
			}
			if lit, ok := astutil.StringLit(n); ok {
				*into = append(*into, lit)
			}
			return true
		})
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && i < len(n.Rhs) {
					if _, ok := n.Rhs[i].(*ast.CompositeLit); ok {
						add(id.Name, n.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if i < len(n.Values) {
					if _, ok := n.Values[i].(*ast.CompositeLit); ok {
						add(id.Name, n.Values[i])
					}
				}
			}
		}
		return true
	})
	return s
}
