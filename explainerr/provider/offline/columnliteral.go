package offline

import (
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// A query may be put together from a column's name kept as a value
// (return "service_id", s.Id; ByAverage("ping")): no SQL text of the
// module names the column, but one string literal is the name itself.

// columnNameLiteral returns the one line of the module, outside tests and
// struct tags, with a string literal whose value is name, as a corpus
// line and as a source line naming its function; false when there is
// none or more than one.
func (a *analysis) columnNameLiteral(name string) (corpus.Line, sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil || name == "" {
		return corpus.Line{}, sourceLine{}, false
	}
	quoted := strconv.Quote(name)
	var found []corpus.Line
	var at sourceLine
	for _, f := range src.mod.Files {
		if strings.HasSuffix(f.Path, "_test.go") {
			continue
		}
		for i, l := range f.Lines() {
			if !strings.Contains(l, quoted) || strings.Contains(l, "`") || !valueLiteral(l, quoted) {
				continue // a struct tag, a map's key: a name for something else
			}
			_, fd := src.mod.FuncAt(f.Path, i+1)
			if fd == nil {
				continue
			}
			found = append(found, corpus.Line{File: a.fileName(f.Path), Number: i + 1, Text: strings.TrimSpace(l)})
			at = sourceLine{Path: f.Path, Line: i + 1, Text: strings.TrimSpace(l), Func: funcName(fd)}
			if len(found) > 1 {
				return corpus.Line{}, sourceLine{}, false
			}
		}
	}
	if len(found) != 1 {
		return corpus.Line{}, sourceLine{}, false
	}
	return found[0], at, true
}

// valueLiteral reports whether quoted stands on line as a value: not a
// map's index (m["k"]) nor a key of a literal ("k": v).
func valueLiteral(line, quoted string) bool {
	for i := strings.Index(line, quoted); i >= 0; {
		before := strings.TrimRight(line[:i], " \t")
		after := strings.TrimLeft(line[i+len(quoted):], " \t")
		if !strings.HasSuffix(before, "[") && !strings.HasPrefix(after, ":") {
			return true
		}
		next := strings.Index(line[i+1:], quoted)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}
