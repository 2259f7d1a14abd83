package redact

import "strings"

// hideEscapedValues hides the string values of sensitive keys in JSON
// whose quotes are escaped with backslashes: JSON inside a quoted string,
// as slog's text handler and %q print it (resp="{\"password\":\"x\"}"),
// and JSON inside a JSON string ({"error":"{\"token\":\"x\"}"}), at any
// depth of escaping. A key's quotes and its value's quotes carry the same
// run of backslashes; the value ends at the first quote escaped no deeper.
func hideEscapedValues(line string) string {
	out := line
	for from := 0; ; {
		k := strings.Index(out[from:], `\"`)
		if k < 0 {
			return out
		}
		q := from + k + 1 // the opening quote of a key
		from = q + 1
		n := backslashesBefore(out, q)
		j := q + 1
		for j < len(out) && isNameChar(out[j]) {
			j++
		}
		if j == q+1 || !escapedQuoteAt(out, j, n) {
			continue
		}
		name := out[q+1 : j]
		j = skipBlanks(out, j+n+1)
		if j >= len(out) || out[j] != ':' && out[j] != '=' {
			continue
		}
		j = skipBlanks(out, j+1)
		if !escapedQuoteAt(out, j, n) {
			continue
		}
		start := j + n + 1
		end := escapedValueEnd(out, start, n)
		if end < 0 || !IsSensitiveName(name) {
			continue
		}
		if v := out[start:end]; v == "" || isLabel(name, v) {
			continue
		}
		out = out[:start] + Mask + out[end:]
		from = start + len(Mask)
	}
}

// backslashesBefore returns how many backslashes come right before s[i].
func backslashesBefore(s string, i int) int {
	n := 0
	for i-n > 0 && s[i-n-1] == '\\' {
		n++
	}
	return n
}

// escapedQuoteAt reports whether s holds, from i, exactly n backslashes
// and a quote.
func escapedQuoteAt(s string, i, n int) bool {
	if i+n >= len(s) || s[i+n] != '"' || i > 0 && s[i-1] == '\\' {
		return false
	}
	for k := i; k < i+n; k++ {
		if s[k] != '\\' {
			return false
		}
	}
	return true
}

// escapedValueEnd returns where the value that starts at i, quoted with n
// backslashes, ends: the start of the backslashes of the first quote
// escaped with at most n of them; or -1 when the line ends first.
func escapedValueEnd(s string, i, n int) int {
	for k := i; k < len(s); k++ {
		if s[k] != '"' {
			continue
		}
		if c := backslashesBefore(s[i:], k-i); c <= n {
			return k - c
		}
	}
	return -1
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}
