package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// Searches of the app's whole parsed source, for failures whose cause is
// written far from the failing stack: the SQL text that names a missing
// column, the string that holds an address, the call that sets a
// deadline.

// lineOfPos returns the module's line at pos, in the function fn.
func (s *appSource) lineOfPos(pos token.Pos, fn string) sourceLine {
	p := s.fset.Position(pos)
	if s.mod != nil {
		if f := s.mod.FileAt(p.Filename); f != nil {
			return s.lineIn(f, p.Line, fn)
		}
	}
	return sourceLine{Path: p.Filename, Line: p.Line, Func: fn}
}

// lineIn returns the line numbered line of the module file f, in the
// function whose short name is fn.
func (s *appSource) lineIn(f *appsource.File, line int, fn string) sourceLine {
	text := ""
	if lines := f.Lines(); line >= 1 && line <= len(lines) {
		text = strings.TrimSpace(lines[line-1])
	}
	return sourceLine{Path: f.Path, Line: line, Text: text, Func: fn}
}

// eachDecl calls fn for every top-level declaration of the module with
// the short name of the function it is ("" for a type, var or const).
func (s *appSource) eachDecl(fn func(f *appFile, d ast.Decl, in string)) {
	for _, f := range s.files {
		for _, d := range f.syntax().Decls {
			in := ""
			if fd, ok := d.(*ast.FuncDecl); ok {
				in = funcName(fd)
			}
			fn(f, d, in)
		}
	}
}

// stringLit is a string literal of the module.
type stringLit struct {
	Lit   *ast.BasicLit
	Value string
	Func  string
}

// stringLits returns the module's string literals whose value matches
// pattern, in file order.
func (s *appSource) stringLits(pattern *regexp.Regexp) []stringLit {
	var out []stringLit
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		ast.Inspect(d, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil || !pattern.MatchString(v) {
				return true
			}
			out = append(out, stringLit{lit, v, in})
			return true
		})
	})
	return out
}

// litLine returns the line of a string literal where the first match of
// pattern in its source text is (a raw string spans lines).
func (s *appSource) litLine(l stringLit, pattern *regexp.Regexp) sourceLine {
	at := l.Lit.Pos()
	if loc := pattern.FindStringIndex(l.Lit.Value); loc != nil {
		at += token.Pos(loc[0])
	}
	return s.lineOfPos(at, l.Func)
}

// stringLitOf returns an SQL literal of the module understanding as a
// string literal of the analyzer, parsing its file; false when the file
// no longer holds it.
func stringLitOf(l appsource.SQLLiteral) (stringLit, bool) {
	d, lit := l.Syntax()
	if lit == nil {
		return stringLit{}, false
	}
	in := ""
	if fd, ok := d.(*ast.FuncDecl); ok {
		in = funcName(fd)
	}
	return stringLit{Lit: lit, Value: l.Value, Func: in}, true
}

// The SQL searches below read the module understanding's SQL literals
// (every string holding a statement, collected once per module): only
// the file of a literal that matches is parsed.

// sqlKeyword matches the statements of SQL text; an UPDATE by its shape
// (UPDATE t SET), so that a message's words ("unable to update the
// state") are not taken for SQL.
var sqlKeyword = regexp.MustCompile(`(?i)\bSELECT\b|\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|DELETE\s+FROM|CREATE\s+TABLE|ALTER\s+TABLE)\b|\bUPDATE\s+[\w."` + "`" + `]+(?:\s+(?:AS\s+)?\w+)?\s+SET\b`)

// sqlUses returns the lines of the module's SQL text (string literals
// holding a statement) that name word as a whole word, at most max.
func (s *appSource) sqlUses(word string, max int) []sourceLine {
	return s.sqlUsesWhere(word, max, nil)
}

// sqlUsesWhere is sqlUses of the literals keep accepts (all when keep is
// nil), given each literal and the short name of the function that
// holds or runs it.
func (s *appSource) sqlUsesWhere(word string, max int, keep func(sl appsource.SQLLiteral, fn string) bool) []sourceLine {
	if word == "" {
		return nil
	}
	w := compiled(`(?i)(?:^|[^\w.])` + regexp.QuoteMeta(word) + `\b`)
	var out []sourceLine
	for _, sl := range s.mod.SQLLiterals() {
		if !sqlKeyword.MatchString(sl.Value) || !w.MatchString(appsource.SQLCode(sl.Value)) {
			continue
		}
		l, ok := stringLitOf(sl)
		if !ok {
			continue
		}
		line := s.litLine(l, w)
		// A raw string's backquote at either end of the line is not SQL.
		line.Text = strings.TrimSpace(strings.Trim(line.Text, "`"))
		if runners := s.mod.QueryRunners(sl); line.Func == "" && len(runners) == 1 {
			line.RunBy = funcName(runners[0].Decl)
		}
		if keep != nil && !keep(sl, firstNonEmpty(line.Func, line.RunBy)) {
			continue
		}
		out = append(out, line)
		if len(out) == max {
			break
		}
	}
	return out
}

// sqlWords returns the lower-case words of the module's SQL text, the
// usual table and column names.
func (s *appSource) sqlWords() []string {
	var texts []string
	for _, l := range s.mod.SQLLiterals() {
		if sqlKeyword.MatchString(l.Value) {
			texts = append(texts, l.Value)
		}
	}
	return lowerCaseWords(texts)
}

// ddlWords returns the lower-case words of the module's SQL text that
// defines a schema (CREATE or ALTER statements in Go strings).
func (s *appSource) ddlWords() []string {
	var texts []string
	for _, l := range s.mod.SQLLiterals() {
		if l.DDL {
			texts = append(texts, l.Value)
		}
	}
	return lowerCaseWords(texts)
}

// sqlQuotes reports whether the module's SQL text has name in double
// quotes.
func (s *appSource) sqlQuotes(name string) bool {
	quoted := `"` + name + `"`
	for _, l := range s.mod.SQLLiterals() {
		if strings.Contains(l.Value, quoted) && sqlKeyword.MatchString(l.Value) {
			return true
		}
	}
	return false
}

// eachSelectorCall calls fn for each call in n whose function is a
// selector (x.F(…), pkg.F(…)), in source order.
func eachSelectorCall(n ast.Node, fn func(call *ast.CallExpr, sel *ast.SelectorExpr)) {
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				fn(call, sel)
			}
		}
		return true
	})
}
