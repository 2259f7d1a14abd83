package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A table the module's own migrations create, missing at run time, is in
// another schema than the one the connection searches: the functions
// that set the connection's search path, from the app's settings, are
// where to look.

// searchPathWords match a string that sets the schema a connection
// searches.
var searchPathWords = regexp.MustCompile(`(?i)\bsearch_path\b|\bcurrentSchema\b|[?&]schema=`)

// searchPathChunks gives, for a missing table the module's schema
// creates, the functions that set the connection's search path (reason
// setting).
func (m *Module) searchPathChunks(r *report.Report, s *staticSet) []report.Chunk {
	name, _ := sqlErrorNames(r)
	if name == "" || !anyMessage(r, missingTable) || !m.SchemaCreatesTable(name, sqlDialect(r)) {
		return nil
	}
	var out []report.Chunk
	for _, site := range m.SearchPathSetters() {
		if s.seen[site.Decl] {
			continue
		}
		s.seen[site.Decl] = true
		out = append(out, s.funcChunk(site.File, site.Decl, report.ReasonSetting))
		if len(out) == maxPerFinder {
			break
		}
	}
	return out
}

// SearchPathSite is a string of a module function that sets the schema a
// connection searches, and its line.
type SearchPathSite struct {
	File *File
	Decl *ast.FuncDecl
	Line int
}

// SearchPathSetters returns the module's functions (tests aside) that
// write a string setting the connection's search path ("search_path",
// "currentSchema", "?schema="), the first such string of each.
func (m *Module) SearchPathSetters() []SearchPathSite {
	var out []SearchPathSite
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !searchPathWords.MatchString(strings.Join(f.Lines(), "\n")) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			found := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				bl, ok := n.(*ast.BasicLit)
				if found || !ok || bl.Kind != token.STRING {
					return !found
				}
				if v, err := strconv.Unquote(bl.Value); err == nil && searchPathWords.MatchString(v) {
					out = append(out, SearchPathSite{File: f, Decl: fd, Line: m.Fset.Position(bl.Pos()).Line})
					found = true
				}
				return !found
			})
		}
	}
	return out
}
