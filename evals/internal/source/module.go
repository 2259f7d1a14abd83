// Package source loads the whole module once, with syntax and types, so that
// the evaluation can look names up in it (the mechanical claim checker) and
// cut small excerpts of it by line number (the judge's excerpt). Templates
// and other text files of the module are read too.
package source

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/serialcheck"
	"github.com/explainerr/explainerr/internal/astutil"

	"golang.org/x/tools/go/packages"
)

// go/packages has been initialized, with one package type-checked at a
// time (serialcheck); the program gets its processors back.
func init() { serialcheck.Restore() }

// Module is a loaded Go module.
type Module struct {
	// Root is the module's directory; Path its module path.
	Root string
	Path string
	Fset *token.FileSet
	Pkgs []*packages.Package
	// Funcs are every function and method declared in the module, in file
	// and line order.
	Funcs []*Func
	// Objects holds every object declared anywhere in the module (package
	// members, fields, methods, parameters, locals), by name.
	Objects map[string][]types.Object
	// Imported are the packages the module imports, and the module's own,
	// by package name.
	Imported map[string][]*types.Package
	// Members holds every field and method name of every named type in the
	// module and the packages it imports.
	Members map[string]bool
	// Files maps each module-relative, slash-separated path of a source or
	// template file to its lines.
	Files map[string][]string
	// Templates are the module's template files and {{define}} blocks.
	Templates []*Template
}

// Func is one function or method declaration.
type Func struct {
	// Name is the bare name; Recv the receiver's type name without "*" and
	// type parameters ("" for a function).
	Name string
	Recv string
	Obj  *types.Func
	Decl *ast.FuncDecl
	Pkg  *packages.Package
	// File is module-relative; StartLine and EndLine span the declaration
	// including its doc comment's end and its closing brace.
	File      string
	StartLine int
	EndLine   int
}

// QualifiedName returns "Recv.Name" for a method and "Name" for a function.
func (f *Func) QualifiedName() string {
	if f.Recv != "" {
		return f.Recv + "." + f.Name
	}
	return f.Name
}

// templateExts are the extensions of template files.
var templateExts = map[string]bool{".html": true, ".tmpl": true, ".gohtml": true, ".tpl": true}

// textExts are the extensions of other files whose lines are kept.
var textExts = map[string]bool{".sql": true, ".go": true}

// Load loads every package matching patterns (default "./...") of the
// module at root, with syntax and type information, and reads its
// templates. The evaluation's own directory (evals/) and test files are
// left out: they are the instrument, and quote the names they check. Packages with type errors are an error: the checker would
// otherwise look names up in a half-known module.
func Load(root string, patterns ...string) (*Module, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	m := &Module{
		Root:     root,
		Fset:     token.NewFileSet(),
		Objects:  map[string][]types.Object{},
		Imported: map[string][]*types.Package{},
		Members:  map[string]bool{},
		Files:    map[string][]string{},
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedModule | packages.NeedImports,
		Dir:        root,
		Fset:       m.Fset,
		BuildFlags: buildFlags,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading the module: %w", err)
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		if len(errs) > 5 {
			errs = append(errs[:5], fmt.Sprintf("and %d more", len(errs)-5))
		}
		return nil, errors.New("loading the module: " + strings.Join(errs, "; "))
	}
	for _, p := range pkgs {
		if p.Module != nil && m.Path == "" {
			m.Path = p.Module.Path
		}
		if len(p.GoFiles) > 0 && excluded(m.Rel(filepath.Dir(p.GoFiles[0]))) {
			continue
		}
		m.Pkgs = append(m.Pkgs, p)
		m.indexPackage(p)
	}
	for _, list := range m.Imported {
		for _, tp := range list {
			m.addMembers(tp)
		}
	}
	sort.Slice(m.Funcs, func(i, j int) bool {
		if m.Funcs[i].File != m.Funcs[j].File {
			return m.Funcs[i].File < m.Funcs[j].File
		}
		return m.Funcs[i].StartLine < m.Funcs[j].StartLine
	})
	if err := m.readFiles(); err != nil {
		return nil, err
	}
	return m, nil
}

// Rel returns the module-relative, slash-separated form of an absolute path.
func (m *Module) Rel(abs string) string {
	rel, err := filepath.Rel(m.Root, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

func (m *Module) indexPackage(p *packages.Package) {
	if p.Types == nil || p.TypesInfo == nil {
		return
	}
	m.addImported(p.Types)
	for _, imp := range p.Types.Imports() {
		m.addImported(imp)
	}
	for id, obj := range p.TypesInfo.Defs {
		if obj == nil || id.Name == "_" {
			continue
		}
		m.Objects[id.Name] = append(m.Objects[id.Name], obj)
	}
	// A type switch's variable ("switch v := x.(type)") has no object of
	// its own: go/types gives each case clause one, as an implicit.
	for n, obj := range p.TypesInfo.Implicits {
		if _, ok := n.(*ast.CaseClause); ok && obj != nil && obj.Name() != "_" {
			m.Objects[obj.Name()] = append(m.Objects[obj.Name()], obj)
		}
	}
	for _, f := range p.Syntax {
		file := m.Rel(m.Fset.Position(f.Pos()).Filename)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
			fn := &Func{
				Name:      fd.Name.Name,
				Recv:      astutil.ReceiverName(fd),
				Obj:       obj,
				Decl:      fd,
				Pkg:       p,
				File:      file,
				StartLine: m.Fset.Position(fd.Pos()).Line,
				EndLine:   m.Fset.Position(fd.End()).Line,
			}
			m.Funcs = append(m.Funcs, fn)
		}
	}
}

func (m *Module) addImported(tp *types.Package) {
	for _, have := range m.Imported[tp.Name()] {
		if have == tp || have.Path() == tp.Path() {
			return
		}
	}
	m.Imported[tp.Name()] = append(m.Imported[tp.Name()], tp)
}

// addMembers records the field and method names of tp's named types.
func (m *Module) addMembers(tp *types.Package) {
	scope := tp.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		for i := 0; i < named.NumMethods(); i++ {
			m.Members[named.Method(i).Name()] = true
		}
		if st, ok := named.Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				m.Members[st.Field(i).Name()] = true
			}
		}
		if it, ok := named.Underlying().(*types.Interface); ok {
			for i := 0; i < it.NumMethods(); i++ {
				m.Members[it.Method(i).Name()] = true
			}
		}
	}
}

// excludedDirs are module directories left out of the universe: the
// evaluation itself is the instrument, not part of what it checks.
var excludedDirs = []string{"evals"}

func excluded(rel string) bool {
	for _, d := range excludedDirs {
		if rel == d || strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}

// skipDir reports whether a directory is left out of the file walk.
func skipDir(rel, name string) bool {
	if rel == "." {
		return false
	}
	return strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || excluded(rel)
}

// readFiles reads the lines of the module's Go, SQL and template files and
// parses the templates' {{define}} blocks.
func (m *Module) readFiles() error {
	return filepath.WalkDir(m.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := m.Rel(p)
		if d.IsDir() {
			if skipDir(rel, d.Name()) {
				return filepath.SkipDir
			}
			if p != m.Root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		ext := strings.ToLower(filepath.Ext(p))
		if !templateExts[ext] && !textExts[ext] || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		lines, err := readLines(p)
		if err != nil {
			return err
		}
		m.Files[rel] = lines
		if templateExts[ext] {
			m.Templates = append(m.Templates, parseTemplate(rel, lines))
		}
		return nil
	})
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}
