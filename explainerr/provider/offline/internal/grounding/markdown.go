package grounding

import "strings"

// codeSegments returns the contents of the inline code spans and fenced
// code blocks of markdown, in order.
func codeSegments(markdown string) []string {
	if !strings.Contains(markdown, "```") {
		// No fence: the whole text is prose.
		return inlineSpans(markdown)
	}
	var out []string
	lines := strings.Split(markdown, "\n")
	var prose []string
	flush := func() {
		out = append(out, inlineSpans(strings.Join(prose, "\n"))...)
		prose = prose[:0]
	}
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(trimmed, "```") {
			prose = append(prose, lines[i])
			continue
		}
		flush()
		var block []string
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			block = append(block, lines[i])
		}
		out = append(out, strings.Join(block, "\n"))
	}
	flush()
	return out
}

// inlineSpans returns the contents of the backtick code spans of text. A
// span opens with a run of backticks and closes with a run of equal length.
func inlineSpans(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		if text[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(text) && text[i+n] == '`' {
			n++
		}
		open := "`"
		if n > 1 {
			open = strings.Repeat("`", n)
		}
		rest := text[i+n:]
		end := -1
		for j := 0; j < len(rest); {
			k := strings.Index(rest[j:], open)
			if k < 0 {
				break
			}
			k += j
			// The closing run must be exactly n backticks long.
			m := 0
			for k+m < len(rest) && rest[k+m] == '`' {
				m++
			}
			if m == n {
				end = k
				break
			}
			j = k + m
		}
		if end < 0 {
			i += n
			continue
		}
		out = append(out, rest[:end])
		i += n + end + n
	}
	return out
}
