package redact

import (
	"regexp"
	"strings"
)

// blockKey matches a YAML line giving a sensitive name a value that
// follows on the next lines: "password: |", "key: >-", "password:". Go
// code is indented with tabs, YAML with spaces, so only spaces count.
var blockKey = regexp.MustCompile(`^( *)(?:- +)?["']?(` + nameExpr + `)["']?[ \t]*:[ \t]*([|>][-+0-9]*)?[ \t]*$`)

// pairName matches a line naming the value given on a later line of the
// same item: "- name: API_KEY" (Kubernetes env), `"key": "password",`
// (indented JSON).
var pairName = regexp.MustCompile(`^( *)(- +)?["']?(?:name|key)["']?[ \t]*:[ \t]*["']?(` + nameExpr + `)["']?,?[ \t]*$`)

// pairValue matches the line giving the value of a pair: "value: x",
// `"value": "x"`.
var pairValue = regexp.MustCompile(`^( *)["']?value["']?[ \t]*:[ \t]*["']?(.*?)["']?,?[ \t]*$`)

// mapEntry matches a line of a YAML mapping or list of mappings.
var mapEntry = regexp.MustCompile(`^ *(?:- +)?["']?[A-Za-z0-9_.\-]+["']?[ \t]*:(?:[ \t]|$)|^ *-[ \t]*$`)

// continuedName matches a line that ends by giving a sensitive name a
// value the next line holds: Go source (`apiKey :=`, `Password:` in a
// composite literal, `token = "ab" +`), a prompt ("password:"). A
// quoted piece before a final "+" is hidden by the line's own rules.
var continuedName = regexp.MustCompile(`(?:^|[^A-Za-z0-9_.\-])(` + nameExpr + `)["']?[ \t]*(?::=|=|:)[ \t]*(?:(?:"(?:[^"\\]|\\.)*"|` + "`[^`]*`" + `)[ \t]*\+[ \t]*)?$`)

// continuedValue matches the value on the line after a continuedName: a
// string literal, a concatenation going on ("+" at the end), or a single
// random-looking word.
var continuedValue = regexp.MustCompile(`^([ \t]*)(?:"((?:[^"\\]|\\.)*)"|` + "`([^`]*)`" + `|([A-Za-z0-9._~+/=\-]{6,}))([ \t]*(?:\+|,|\)|;)?[ \t]*\r?)$`)

// hideBlocks hides the values that follow their sensitive name on the next
// lines: YAML block scalars ("password: |" and the indented lines after
// it), a value on the line after its name ("password:\n  x"), and the
// value of a name/value pair over several lines ("- name: API_KEY\n
// value: x"), and a value continued on the next line (continuedName).
// Each hidden line keeps its indentation, and the text its line count.
func hideBlocks(s string) string {
	if !strings.Contains(s, ":\n") && !strings.Contains(s, ":\r\n") && !strings.Contains(s, ": |") && !strings.Contains(s, ": >") && !strings.Contains(s, "value") &&
		!strings.Contains(s, "=\n") && !strings.Contains(s, "=\r\n") && !strings.Contains(s, "+\n") && !strings.Contains(s, "+\r\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	changed := false
	for i := 0; i < len(lines)-1; i++ {
		line := strings.TrimSuffix(lines[i], "\r")
		if !strings.ContainsAny(line, ":=") {
			continue
		}
		if m := blockKey.FindStringSubmatchIndex(line); m != nil && IsSensitiveName(line[m[4]:m[5]]) {
			if hideBlock(lines, i+1, m[3]-m[2], m[6] >= 0) {
				changed = true
				continue
			}
		}
		if m := continuedName.FindStringSubmatchIndex(line); m != nil && IsSensitiveName(line[m[2]:m[3]]) {
			for k := i + 1; k < len(lines) && hideContinued(lines, k); k++ {
				changed = true
				if !strings.HasSuffix(strings.TrimRight(lines[k], " \t\r"), "+") {
					break
				}
			}
			continue
		}
		if m := pairName.FindStringSubmatchIndex(line); m != nil && IsSensitiveName(line[m[6]:m[7]]) {
			indent := m[3] - m[2]
			if m[4] >= 0 {
				indent += m[5] - m[4]
			}
			if hidePairLine(lines, i+1, indent) {
				changed = true
			}
		}
	}
	if !changed {
		return s
	}
	return strings.Join(lines, "\n")
}

// hideBlock hides the lines from i on that are indented deeper than
// indent: all of them for a block scalar; for a plain value on the next
// lines, unless they hold a mapping (whose entries the other rules judge),
// the scalars they hold.
func hideBlock(lines []string, i, indent int, scalar bool) bool {
	end := i
	for end < len(lines) {
		l := strings.TrimSuffix(lines[end], "\r")
		if strings.TrimSpace(l) != "" && spaces(l) <= indent {
			break
		}
		if strings.TrimSpace(l) != "" && l[spaces(l)] == '\t' {
			break
		}
		end++
	}
	if end == i {
		return false
	}
	if !scalar {
		for k := i; k < end; k++ {
			if l := lines[k]; strings.TrimSpace(l) != "" {
				if mapEntry.MatchString(l) {
					return false
				}
				break
			}
		}
	}
	changed := false
	for k := i; k < end; k++ {
		l := lines[k]
		body := strings.TrimSpace(l)
		if body == "" || body == Mask || body == "- "+Mask {
			continue
		}
		lead := l[:spaces(l)]
		if !scalar && strings.HasPrefix(body, "- ") {
			lead += "- "
		}
		cr := ""
		if strings.HasSuffix(l, "\r") {
			cr = "\r"
		}
		lines[k] = lead + Mask + cr
		changed = true
	}
	return changed
}

// hideContinued hides the value line k holds, when it is one
// continuedValue matches: a literal's content, or a random-looking word.
func hideContinued(lines []string, k int) bool {
	l := lines[k]
	m := continuedValue.FindStringSubmatchIndex(l)
	if m == nil {
		return false
	}
	var from, to int
	switch {
	case m[4] >= 0:
		from, to = m[4], m[5]
	case m[6] >= 0:
		from, to = m[6], m[7]
	case m[8] >= 0 && looksRandom(l[m[8]:m[9]]):
		from, to = m[8], m[9]
	default:
		return false
	}
	if l[from:to] == Mask || from == to {
		return false
	}
	lines[k] = l[:from] + Mask + l[to:]
	return true
}

// hidePairLine hides the value of the "value" line among the next lines
// of an item indented by indent, and the block under it.
func hidePairLine(lines []string, i, indent int) bool {
	for k := i; k < len(lines) && k < i+8; k++ {
		l := strings.TrimSuffix(lines[k], "\r")
		if strings.TrimSpace(l) == "" || spaces(l) < indent || strings.ContainsAny(l, "{}") {
			return false
		}
		m := pairValue.FindStringSubmatchIndex(l)
		if m == nil || m[3]-m[2] != indent {
			continue
		}
		v := l[m[4]:m[5]]
		switch {
		case v == "" || v == Mask:
			return false
		case v[0] == '|' || v[0] == '>':
			return hideBlock(lines, k+1, indent, true)
		}
		lines[k] = l[:m[4]] + Mask + lines[k][m[5]:]
		return true
	}
	return false
}

// spaces returns how many spaces line starts with.
func spaces(line string) int {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	return n
}
