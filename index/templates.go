package index

import (
	"path"
	"regexp"
	"strings"
)

// templateExts are the extensions of the template files indexed.
var templateExts = map[string]bool{".html": true, ".tmpl": true, ".gohtml": true}

var (
	defineRE   = regexp.MustCompile(`\{\{-?\s*define\s+"([^"]+)"`)
	invokeRE   = regexp.MustCompile(`\{\{-?\s*(?:template|block)\s+"([^"]+)"`)
	fieldRE    = regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)`)
	actionRE   = regexp.MustCompile(`\{\{[^}]*\}\}`)
	funcNameRE = regexp.MustCompile(`\{\{-?\s*(?:if|with|range)?\s*([a-z][A-Za-z0-9_]*)\b`)
)

// templateKeywords are the words of template actions that are not function names.
var templateKeywords = map[string]bool{
	"if": true, "else": true, "end": true, "range": true, "with": true, "define": true,
	"template": true, "block": true, "break": true, "continue": true, "nil": true,
	"and": true, "or": true, "not": true, "len": true, "index": true, "eq": true,
	"ne": true, "lt": true, "le": true, "gt": true, "ge": true, "print": true,
	"printf": true, "println": true, "html": true, "js": true, "urlquery": true,
	"call": true, "slice": true, "true": true, "false": true,
}

// templateChunks chunks a template file: one chunk per {{define}} block
// (text before the first one, when not blank, is a chunk named after the
// file), or one chunk for a file without blocks; long ones in windows.
func templateChunks(rel, pkg, text string) []chunk {
	lines := splitLines(text)
	base := path.Base(rel)
	type block struct {
		name       string
		start, end int
	}
	var blocks []block
	for i, l := range lines {
		if m := defineRE.FindStringSubmatch(l); m != nil {
			blocks = append(blocks, block{name: m[1], start: i + 1})
		}
	}
	if len(blocks) == 0 || strings.TrimSpace(strings.Join(lines[:blocks[0].start-1], "")) != "" {
		first := len(lines)
		if len(blocks) > 0 {
			first = blocks[0].start - 1
		}
		blocks = append([]block{{name: base, start: 1, end: first}}, blocks...)
	}
	for i := range blocks {
		if blocks[i].end == 0 {
			blocks[i].end = len(lines)
			if i+1 < len(blocks) {
				blocks[i].end = blocks[i+1].start - 1
			}
		}
		blocks[i].end = trimBlankTail(lines, blocks[i].start, blocks[i].end)
	}
	var out []chunk
	for _, b := range blocks {
		for _, span := range windows(b.start, b.end) {
			c := chunk{
				File: rel, Package: pkg, Kind: KindTemplate, Symbol: b.name,
				StartLine: span.start, EndLine: span.end,
				Text: joinLines(lines, span),
			}
			c.Declares = []string{b.name, base}
			templateUses(c.Text, &c)
			out = append(out, c)
		}
	}
	return out
}

// templateUses records the templates a chunk invokes, the fields it reads
// (".Author.Name" references "Author" and "Name") and the functions its
// actions call.
func templateUses(text string, c *chunk) {
	for _, m := range invokeRE.FindAllStringSubmatch(text, -1) {
		if strings.Contains(m[0], "block") { // a block defines and invokes
			c.Declares = append(c.Declares, m[1])
		}
		c.Calls = append(c.Calls, m[1])
		c.References = append(c.References, m[1])
	}
	for _, action := range actionRE.FindAllString(text, -1) {
		for _, m := range fieldRE.FindAllStringSubmatch(stripQuoted(action), -1) {
			c.References = append(c.References, m[1])
		}
		if m := funcNameRE.FindStringSubmatch(action); m != nil && !templateKeywords[m[1]] {
			c.Calls = append(c.Calls, m[1])
		}
	}
	c.References, c.Calls = dedupe(c.References), dedupe(c.Calls)
}

var quotedRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

func stripQuoted(s string) string { return quotedRE.ReplaceAllString(s, `""`) }
