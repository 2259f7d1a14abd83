package report

import "strings"

// Head returns c cut to its whole lines that fit in limit characters,
// followed by marker, a line that says what was left out; EndLine is the
// last line kept (StartLine when none fits).
func (c Chunk) Head(limit int, marker string) Chunk {
	var b strings.Builder
	end := c.StartLine - 1
	for _, l := range strings.SplitAfter(c.Text, "\n") {
		if b.Len()+len(l) > limit {
			break
		}
		b.WriteString(l)
		end++
	}
	c.Text = b.String() + marker
	c.EndLine = max(end, c.StartLine)
	return c
}
