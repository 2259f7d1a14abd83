package index

import (
	"path"
	"regexp"
)

var sqlObjectRE = regexp.MustCompile(`(?i)\bcreate\s+(?:temp(?:orary)?\s+)?(?:unique\s+)?(?:table|view|index|trigger)\s+(?:if\s+not\s+exists\s+)?["\x60\[]?([A-Za-z_][A-Za-z0-9_.]*)`)

// sqlChunks chunks a .sql file: the whole file, or windows of a long one.
// Each chunk declares the tables, views, indexes and triggers it creates.
func sqlChunks(rel, pkg, text string) []chunk {
	lines := splitLines(text)
	end := trimBlankTail(lines, 1, len(lines))
	var out []chunk
	for _, span := range windows(1, end) {
		c := chunk{
			File: rel, Package: pkg, Kind: KindSQL, Symbol: path.Base(rel),
			StartLine: span.start, EndLine: span.end,
			Text: joinLines(lines, span),
		}
		c.Declares = []string{path.Base(rel)}
		for _, m := range sqlObjectRE.FindAllStringSubmatch(c.Text, -1) {
			c.Declares = append(c.Declares, m[1])
		}
		c.Declares = dedupe(c.Declares)
		out = append(out, c)
	}
	return out
}
