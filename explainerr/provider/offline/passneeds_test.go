package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPassNeedsMatchTheirSteps checks each pass's needModule against its
// explain step's calls: a pass declares it exactly when its step may reach
// analysis.app, the loader of the module understanding, through the
// package's functions. Calls are followed by name, so "may reach" is
// generous: a step that calls a method named like one that loads the
// module counts as loading it.
func TestPassNeedsMatchTheirSteps(t *testing.T) {
	calls, steps, _ := packagePasses(t)
	for _, p := range passes {
		step, ok := steps[p.name]
		if !ok {
			t.Errorf("pass %s: its explain step is not (*analysis).M nor always((*analysis).M)", p.name)
			continue
		}
		reaches := reachesApp(calls, step)
		if declared := slices.Contains(p.needs, needModule); declared != reaches {
			t.Errorf("pass %s: declares needModule %v, but its step %s may load the module understanding: %v", p.name, declared, step, reaches)
		}
	}
}

// packagePasses reads the package's non-test files: the names each
// function uses, and, by pass name, each pass's explain step and the file
// that declares it.
func packagePasses(t *testing.T) (calls map[string]map[string]bool, steps, files map[string]string) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	calls, steps, files = map[string]map[string]bool{}, map[string]string{}, map[string]string{}
	for _, file := range names {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		imported := importedNames(f)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			used := calls[fd.Name.Name]
			if used == nil {
				used = map[string]bool{}
				calls[fd.Name.Name] = used
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := x.X.(*ast.Ident); ok && imported[id.Name] {
						// Another package's name: it cannot reach
						// analysis.app.
						return false
					}
					used[x.Sel.Name] = true
				case *ast.Ident:
					used[x.Name] = true
				}
				return true
			})
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if name, step, ok := passStep(n); ok {
				steps[name], files[name] = step, file
			}
			return true
		})
	}
	return calls, steps, files
}

// passStep returns the name and explain step of a pass literal.
func passStep(n ast.Node) (name, step string, ok bool) {
	cl, isLit := n.(*ast.CompositeLit)
	if !isLit {
		return "", "", false
	}
	if id, isIdent := cl.Type.(*ast.Ident); !isIdent || id.Name != "pass" {
		return "", "", false
	}
	for _, e := range cl.Elts {
		kv, isKV := e.(*ast.KeyValueExpr)
		if !isKV {
			continue
		}
		switch k, _ := kv.Key.(*ast.Ident); {
		case k != nil && k.Name == "name":
			if lit, isStr := kv.Value.(*ast.BasicLit); isStr {
				name, _ = strconv.Unquote(lit.Value)
			}
		case k != nil && k.Name == "explain":
			v := kv.Value
			if call, isCall := v.(*ast.CallExpr); isCall && len(call.Args) == 1 {
				v = call.Args[0] // always((*analysis).M)
			}
			if sel, isSel := v.(*ast.SelectorExpr); isSel {
				step = sel.Sel.Name
			}
		}
	}
	return name, step, name != "" && step != ""
}

// reachesApp reports whether fn may call analysis.app through the
// package's functions, following calls by name.
func reachesApp(calls map[string]map[string]bool, fn string) bool {
	seen := map[string]bool{}
	var walk func(string) bool
	walk = func(name string) bool {
		if name == "app" {
			return true
		}
		if seen[name] || calls[name] == nil {
			return false
		}
		seen[name] = true
		for used := range calls[name] {
			if walk(used) {
				return true
			}
		}
		return false
	}
	return walk(fn)
}

// importedNames returns the names by which f refers to its imports: an
// import's alias, or the last element of its path.
func importedNames(f *ast.File) map[string]bool {
	names := map[string]bool{}
	for _, im := range f.Imports {
		path, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := path[strings.LastIndexByte(path, '/')+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		names[name] = true
	}
	return names
}
