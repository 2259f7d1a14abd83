package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// maxFindEntries bounds the walk that looks for a file a log line names by
// its base name alone (log's Lshortfile).
const maxFindEntries = 20000

// fatalFrame makes the app frame a log line names ("main.go:42: ..."),
// when that file is a Go source file of the app's module on this machine.
func (c *crashReporter) fatalFrame(f fatalLine) (report.Frame, bool) {
	if f.file == "" || c.root == "" {
		return report.Frame{}, false
	}
	file := f.file
	if !strings.ContainsAny(file, `/\`) {
		file = findByBase(c.root, file)
	} else {
		file = localFile(file, c.modules, c.root)
	}
	abs, err := filepath.Abs(file)
	if file == "" || err != nil || !isFile(abs) {
		return report.Frame{}, false
	}
	classifier := stack.NewClassifier(firstOr(c.modules, ""), restOf(c.modules)...)
	if !classifier.IsAppSource(abs, []string{c.root}) {
		return report.Frame{}, false
	}
	fn := f.function
	if fn == "" {
		fn = enclosingFunc(abs, f.line, c.packagePath(abs))
	}
	return report.Frame{Function: fn, File: abs, Line: f.line, Kind: report.FrameApp}, true
}

// restOf returns list without its first element.
func restOf(list []string) []string {
	if len(list) < 2 {
		return nil
	}
	return list[1:]
}

// packagePath is the import path of the package in file's directory, by
// its place below the module root ("" when the module is unknown).
func (c *crashReporter) packagePath(file string) string {
	if len(c.modules) == 0 {
		return ""
	}
	rel, err := filepath.Rel(c.root, filepath.Dir(file))
	if err != nil || rel == "." {
		return c.modules[0]
	}
	return path.Join(c.modules[0], filepath.ToSlash(rel))
}

// findByBase returns the one Go file named base below root, skipping
// hidden directories, vendor and testdata; "" when there is none or more
// than one.
func findByBase(root, base string) string {
	found, seen := "", 0
	errStop := fs.ErrExist
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > maxFindEntries {
			return errStop
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || name == "vendor" || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == base && d.Type().IsRegular() {
			if found != "" {
				found = ""
				return errStop
			}
			found = p
		}
		return nil
	})
	if err != nil {
		return ""
	}
	return found
}

// enclosingFunc names the function declared around line of file as a
// stack trace would ("main.(*server).routes", "example.com/app/db.Open");
// pkgPath is the package's import path, "main" for a main package. It
// returns the file's base name when the line lies in no function.
func enclosingFunc(file string, line int, pkgPath string) string {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return filepath.Base(file)
	}
	pkg := pkgPath
	if af.Name.Name == "main" || pkg == "" {
		pkg = af.Name.Name
	}
	for _, d := range af.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fset.Position(fd.Pos()).Line > line || fset.Position(fd.End()).Line < line {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			name = receiverName(fd.Recv.List[0].Type) + "." + name
		}
		return pkg + "." + name
	}
	return filepath.Base(file)
}

// receiverName is a method's receiver type as a stack trace names it:
// "(*T)" for a pointer receiver, "T" otherwise.
func receiverName(t ast.Expr) string {
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = true, s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	name := "?"
	if id, ok := t.(*ast.Ident); ok {
		name = id.Name
	}
	if star {
		return "(*" + name + ")"
	}
	return name
}
