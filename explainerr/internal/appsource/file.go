package appsource

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// File is one Go file of the module. Its facts (declarations, error
// makers, SQL literals) come from the persisted understanding when its
// content did not change; its text and syntax tree are read only when a
// pass asks for them (Lines, Syntax), so that a module whose facts are
// known costs a listing, not a parse.
type File struct {
	// Path is the file's absolute path.
	Path string

	// size and modTime are the file's as listed; hash is its content's
	// SHA-256, the key of its facts.
	size    int64
	modTime time.Time
	hash    string
	facts   *fileFacts

	fset      *token.FileSet
	readOnce  sync.Once
	lines     []string
	parseOnce sync.Once
	ast       *ast.File
}

// parses counts the files parsed since the process started, for tests
// that assert what a Load did not parse again.
var parses atomic.Int64

// Lines returns the file's lines, read on first use; nil when it cannot be
// read.
func (f *File) Lines() []string {
	f.readOnce.Do(func() {
		if data, err := os.ReadFile(f.Path); err == nil {
			f.lines = strings.Split(string(data), "\n")
		}
	})
	return f.lines
}

// writes reports whether a line of the file holds one of texts, read
// without parsing: a cheap test before a file's syntax is asked for.
func (f *File) writes(texts ...string) bool {
	for _, l := range f.Lines() {
		for _, t := range texts {
			if strings.Contains(l, t) {
				return true
			}
		}
	}
	return false
}

// Syntax returns the file's syntax tree, parsed on first use with
// function bodies; a file with a syntax error gives what parsed, a file
// that cannot be read an empty one in its package.
func (f *File) Syntax() *ast.File {
	f.parseOnce.Do(func() {
		src := strings.Join(f.Lines(), "\n")
		parses.Add(1)
		af, _ := parser.ParseFile(f.fset, f.Path, src, parser.SkipObjectResolution)
		if af == nil {
			af = &ast.File{Name: ast.NewIdent(f.packageName())}
		}
		f.ast = af
	})
	return f.ast
}

// packageName is the file's package clause, from its facts.
func (f *File) packageName() string {
	if f.facts == nil {
		return ""
	}
	return f.facts.Package
}

// offsetPos returns the position of the byte offset in the file's syntax
// tree, parsing it first if need be; token.NoPos when out of range.
func (f *File) offsetPos(offset int) token.Pos {
	af := f.Syntax()
	tf := f.fset.File(af.Pos())
	if tf == nil || offset < 0 || offset > tf.Size() {
		return token.NoPos
	}
	return tf.Pos(offset)
}

// declAt returns the top-level declaration that starts at the byte
// offset, nil when none does.
func (f *File) declAt(offset int) ast.Decl {
	p := f.offsetPos(offset)
	for _, d := range f.Syntax().Decls {
		if d.Pos() == p {
			return d
		}
	}
	return nil
}

// funcAt returns the function declaration that starts at the byte offset.
func (f *File) funcAt(offset int) *ast.FuncDecl {
	fd, _ := f.declAt(offset).(*ast.FuncDecl)
	return fd
}

// Package returns the file's package clause, without parsing it.
func (f *File) Package() string { return f.packageName() }

// ParsedFiles returns how many files the understanding has parsed since
// the process started, for tests that assert what a failure's analysis
// did not parse.
func ParsedFiles() int64 { return parses.Load() }
