package redact

import (
	"net"
	"regexp"
	"strings"
)

// goLiteral matches a Go string literal, interpreted or raw, on one line.
const goLiteral = `"(?:[^"\\\n]|\\.)*"|` + "`[^`\\n]*`"

// namedArgument finds a string literal whose value is a name (or a
// command-line flag), followed in the same list by another literal:
// Header.Set("X-Api-Key", "…"), os.Setenv("API_KEY", "…"),
// cfg.Set("api_key", "…"), []string{"--token", "…"}.
var namedArgument = regexp.MustCompile(`"-{0,2}(` + nameExpr + `)"[ \t]*,[ \t]*(` + goLiteral + `)`)

// hideNamedArguments hides the literal that follows a literal naming a
// secret in an argument list. The name's literal is looked at again as
// the value of the literal before it, so that matches may share it.
func hideNamedArguments(line string) string {
	out := line
	for from := 0; from < len(out); {
		m := namedArgument.FindStringSubmatchIndex(out[from:])
		if m == nil {
			return out
		}
		for i := range m {
			m[i] += from
		}
		from = m[3] + 1
		name, lit := out[m[2]:m[3]], out[m[4]:m[5]]
		v := lit[1 : len(lit)-1]
		if !IsSensitiveName(name) || keepLiteral(name, v) || isAttrKey(out, m[5], v) || isObjectKey(out, m[5]) {
			continue
		}
		out = out[:m[4]+1] + Mask + out[m[5]-1:]
	}
	return out
}

// isAttrKey reports whether the literal v, ending at i in line, is the key
// of a key-value pair of arguments, as slog takes them: a lower-case word
// followed by a value that is no literal (slog.Error("token", "user", u)).
func isAttrKey(line string, i int, v string) bool {
	if !isLowerIdent(v) {
		return false
	}
	j := skipBlanks(line, i)
	if j >= len(line) || line[j] != ',' {
		return false
	}
	j = skipBlanks(line, j+1)
	return j < len(line) && line[j] != '"' && line[j] != '`'
}

// isObjectKey reports whether the literal ending at i in line is a key of
// a JSON object or Go map, not an argument: a colon follows it.
func isObjectKey(line string, i int) bool {
	j := skipBlanks(line, i)
	return j < len(line) && line[j] == ':'
}

// keepLiteral reports whether the literal v given to the sensitive name is
// no secret: empty, a label, a setting, an authorization scheme that code
// completes ("Bearer " + tok).
func keepLiteral(name, v string) bool {
	v = strings.TrimSpace(v)
	return len(v) < 4 || isLabel(name, v) || isSettingWord(v) || net.ParseIP(v) != nil || strings.HasPrefix(v, "/") || isHeaderOrVariableName(v)
}

// isHeaderOrVariableName reports whether v names a header ("Content-Type")
// or an environment variable ("OPENAI_BASE_URL"): words of letters joined
// by "-" or "_", each capitalised or all in capitals, with no digit.
func isHeaderOrVariableName(v string) bool {
	if !strings.ContainsAny(v, "-_") {
		return false
	}
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '_' }) {
		if len(w) < 2 || !('A' <= w[0] && w[0] <= 'Z') {
			return false
		}
		rest := w[1:]
		if strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz") != "" && strings.Trim(rest, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
			return false
		}
	}
	return true
}

// hideLiteralGroup returns a hide function that hides the inside of the
// literal of submatch g, unless it is empty or already hidden.
func hideLiteralGroup(g int) func(string, []int) string {
	return func(line string, m []int) string {
		lit := line[m[2*g]:m[2*g+1]]
		if len(lit) <= 2 || lit[1:len(lit)-1] == Mask {
			return line[m[0]:m[1]]
		}
		return line[m[0]:m[2*g]+1] + Mask + line[m[2*g+1]-1:m[1]]
	}
}
