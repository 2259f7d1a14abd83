package offline

import (
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// A template error names the template's file and line and the Go type the
// action ran on. When the report carries neither (no retrieval), the
// module on disk has both: the template file below the module root, and
// the type's declaration in the parsed source.

// templateFromDisk returns line n of the template file called name below
// the module's root; false when there is no such file or line.
func (a *analysis) templateFromDisk(name string, n int) (corpus.Line, bool) {
	src := a.app()
	if src == nil || name == "" || n <= 0 {
		return corpus.Line{}, false
	}
	path := appsource.FindTemplateFile(src.root, name)
	if path == "" {
		return corpus.Line{}, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return corpus.Line{}, false
	}
	lines := strings.Split(string(data), "\n")
	if n > len(lines) {
		return corpus.Line{}, false
	}
	l := corpus.Line{File: baseName(path), Number: n, Text: lines[n-1]}
	a.g.Add(l.Text, l.File)
	return l, true
}

// typeMembers are the exported fields and methods of a struct type of the
// module, and where it is declared.
type typeMembers struct {
	Decl    sourceLine
	Fields  []string
	Methods []string
}

// membersOf finds the struct type a template error names ("*store.Snippet",
// "main.pageData") in the module: the package name qualifies it.
func (s *appSource) membersOf(typ string) (typeMembers, bool) {
	typ = strings.TrimLeft(typ, "*")
	pkg, name := "", typ
	if i := strings.LastIndexByte(typ, '.'); i >= 0 {
		pkg, name = typ[:i], typ[i+1:]
	}
	if j := strings.LastIndexByte(pkg, '/'); j >= 0 {
		pkg = pkg[j+1:]
	}
	var out typeMembers
	var dir string
	found := false
	for f, ts := range s.structTypes(name, pkg) {
		found, dir = true, filepath.Dir(f.path)
		out.Decl = s.lineAt(f, ts.Pos(), "")
		for _, fl := range ts.Type.(*ast.StructType).Fields.List {
			if len(fl.Names) == 0 { // embedded
				if n := typeName(fl.Type); ast.IsExported(n) {
					out.Fields = append(out.Fields, n)
				}
			}
			for _, n := range fl.Names {
				if n.IsExported() {
					out.Fields = append(out.Fields, n.Name)
				}
			}
		}
		break
	}
	if !found {
		return typeMembers{}, false
	}
	s.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		if receiverName(fd) == name && filepath.Dir(f.path) == dir && fd.Name.IsExported() {
			out.Methods = append(out.Methods, fd.Name.Name)
		}
	})
	return out, true
}

// executingName finds the template an execution error says was running.
var executingName = regexp.MustCompile(`executing "([^"]+)" at <`)

// definingTemplate returns, when the template line the error names does
// not hold the failing action (a set parsed as one names its first
// file), the line of the file that defines the executing template and
// holds it; false otherwise.
func (a *analysis) definingTemplate(action string, named corpus.Line, hasNamed bool) (corpus.Line, bool) {
	src := a.app()
	mm := executingName.FindStringSubmatch(a.f.Message)
	if src == nil || src.mod == nil || mm == nil || action == "" || hasNamed && strings.Contains(named.Text, action) {
		return corpus.Line{}, false
	}
	path, n, ok := src.mod.TemplateDefining(mm[1], action)
	if !ok {
		return corpus.Line{}, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return corpus.Line{}, false
	}
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		return corpus.Line{}, false
	}
	l := corpus.Line{File: baseName(path), Number: n, Text: lines[n-1]}
	a.g.Add(l.Text, l.File)
	return l, true
}
