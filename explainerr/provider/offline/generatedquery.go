package offline

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// A query in generated code (sqlc, gorm's generator) is fixed where it was
// written by hand, and the generator run again: the generated file's own
// first line says not to edit it.

// explainGeneratedQuery adds, for the query line l whose SQL names word,
// that its file is generated and where its SQL comes from; it reports
// whether it did.
func (a *analysis) explainGeneratedQuery(l corpus.Line, word string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	path := src.pathOfLine(l)
	if path == "" {
		return false
	}
	marker, gen := src.mod.GeneratedBy(path)
	if !gen {
		return false
	}
	from, directive, ok := src.mod.GenerationSource(compiled(`(?i)(?:^|[^\w.])`+regexp.QuoteMeta(word)+`\b`), l.Text)
	if !ok {
		a.why("That file is generated (" + code(marker) + "): a change made there is lost when the generator runs again.")
		return true
	}
	// Named by its path in the module when it shares the generated
	// file's name (repository.go beside bookrepo/repository.go).
	where := a.fileLoc(from.Path, from.Line)
	if filepath.Base(from.Path) == filepath.Base(path) {
		where = loc(src.mod.Rel(from.Path), from.Line)
	}
	a.g.Add(from.Text, src.mod.Rel(from.Path))
	a.why("That file is generated (" + code(marker) + "); its SQL comes from " + code(where) + ": " + code(from.Text) + ".")
	fix := "Make the change in " + code(where) + ", where the query is written, not in the generated file"
	if directive.Line != 0 {
		a.g.Add(directive.Text)
		fix += ", then run the generator again (" + code(directive.Text) + ", or " + code("go generate ./...") + ")."
	} else if strings.Contains(marker, "by sqlc") {
		a.g.Add("sqlc generate")
		fix += ", then run " + code("sqlc generate") + "."
	} else {
		fix += ", then run the generator again."
	}
	a.fix(fix)
	return true
}

// pathOfLine returns the module file the corpus line l was read from: the
// one whose path ends with l's file name and holds l's text at its line.
func (s *appSource) pathOfLine(l corpus.Line) string {
	want := strings.TrimSpace(l.Text)
	if filepath.IsAbs(l.File) {
		if f := s.byPath[filepath.Clean(l.File)]; f != nil {
			return f.path
		}
	}
	for _, f := range s.files {
		if filepath.Base(f.path) != filepath.Base(l.File) || !strings.HasSuffix(filepath.ToSlash(f.path), "/"+l.File) && filepath.Base(l.File) != l.File {
			continue
		}
		lines := f.text()
		if l.Number >= 1 && l.Number <= len(lines) && strings.TrimSpace(lines[l.Number-1]) == want {
			return f.path
		}
	}
	return ""
}
