package checker

import (
	"go/scanner"
	"go/token"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// codeText holds two views of every module file, line by line, that leave
// out what is not code: comments (Go, SQL, template and HTML comments) are
// never evidence that a name exists.
type codeText struct {
	// code is each line with its comments blanked out.
	code map[string][]string
	// quoted is, per line, the text that may quote a name the code uses
	// without declaring it: the contents of Go string literals (SQL,
	// route patterns, template and form field names), SQL outside comments,
	// and the actions and quoted attribute values of templates.
	quoted map[string][]string
}

var (
	sqlCommentRe      = regexp.MustCompile(`--.*$`)
	templateCommentRe = regexp.MustCompile(`(?s)\{\{-?\s*/\*.*?\*/\s*-?\}\}|<!--.*?-->`)
	templateQuotedRe  = regexp.MustCompile(`\{\{.*?\}\}|"[^"\n]*"|'[^'\n]*'`)
)

// buildCodeText makes the views of every file of m.
func buildCodeText(m *source.Module) *codeText {
	ct := &codeText{code: map[string][]string{}, quoted: map[string][]string{}}
	for rel, lines := range m.Files {
		switch strings.ToLower(path.Ext(rel)) {
		case ".go":
			ct.code[rel], ct.quoted[rel] = goViews(lines)
		case ".sql":
			code := make([]string, len(lines))
			for i, l := range lines {
				code[i] = sqlCommentRe.ReplaceAllString(l, "")
			}
			ct.code[rel], ct.quoted[rel] = code, code
		default: // templates
			code := blankPerLine(lines, templateCommentRe)
			quoted := make([]string, len(code))
			for i, l := range code {
				quoted[i] = strings.Join(templateQuotedRe.FindAllString(l, -1), " ")
			}
			ct.code[rel], ct.quoted[rel] = code, quoted
		}
	}
	return ct
}

// blankPerLine replaces every match of re in the joined lines by spaces,
// keeping line breaks, and splits the result again.
func blankPerLine(lines []string, re *regexp.Regexp) []string {
	text := re.ReplaceAllStringFunc(strings.Join(lines, "\n"), func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, s)
	})
	return strings.Split(text, "\n")
}

// goViews scans Go source: the code view blanks comments; the quoted view
// holds the contents of the string literals that start on each line.
func goViews(lines []string) (code, quoted []string) {
	src := []byte(strings.Join(lines, "\n"))
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	blank := []byte(string(src))
	quoted = make([]string, len(lines))
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		switch tok {
		case token.COMMENT:
			off := file.Offset(pos)
			for i := off; i < off+len(lit) && i < len(blank); i++ {
				if blank[i] != '\n' {
					blank[i] = ' '
				}
			}
		case token.STRING:
			line := file.Line(pos) - 1
			if v, err := strconv.Unquote(lit); err == nil && line >= 0 && line < len(quoted) {
				quoted[line] += " " + v
			}
		}
	}
	return strings.Split(string(blank), "\n"), quoted
}

// views returns the code views of the checker's module, built once.
func (c *Checker) views() *codeText {
	c.textOnce.Do(func() { c.text = buildCodeText(c.m) })
	return c.text
}
