package redact

import (
	"regexp"
	"strings"
)

// flagValue finds a long command-line flag of a sensitive name and the
// value after it: "--password x", as exec errors and logged commands show
// them ("--password=x" is a name=value pair).
var flagValue = regexp.MustCompile(`--(` + nameExpr + `)[ \t]+([^\s"'\-<\[{$%][^\s"']*)`)

// flagTypeWords are the words that follow a flag in usage text and help:
// its type, or prose.
var flagTypeWords = map[string]bool{
	"string": true, "int": true, "value": true, "to": true, "the": true, "a": true, "an": true,
	"is": true, "and": true, "or": true, "with": true, "for": true, "from": true, "flag": true,
	"option": true, "instead": true, "not": true, "must": true, "was": true, "if": true,
}

// keepFlag keeps a flag whose name is not sensitive or names a place the
// secret is read from (--password-file), and a value that is a setting, a
// type or a word of prose.
func keepFlag(line string, m []int) bool {
	name, value := line[m[2]:m[3]], strings.TrimRight(line[m[4]:m[5]], ".,;:)]")
	if m[0] > 0 && !strings.ContainsRune(" \t\"'[(", rune(line[m[0]-1])) {
		return true // "---", "x--y": no flag
	}
	if !IsSensitiveName(name) || isSettingWord(value) || flagTypeWords[value] {
		return true
	}
	lower := strings.ToLower(name)
	for _, suffix := range []string{"file", "path", "dir", "env", "stdin", "cmd", "command", "length", "ttl", "type", "header", "name", "url"} {
		if strings.HasSuffix(lower, suffix) {
			return true
		}
	}
	return false
}

// proseValue finds a secret named in an error message: "invalid token:
// x", `token "x" expired`, `wrong password "x"`.
var proseValue = regexp.MustCompile(`(?i)\b(token|password|passwd|passphrase|passcode|secret|api[ _\-]?key|pin)(?:[ \t]*:[ \t]*["']?|[ \t]+["'])([A-Za-z0-9._~+/=\-]{6,})`)

// keepProse keeps a value named in prose unless it looks random: a word,
// an identifier or selector (cfg.Token), a name (X-Api-Key), are kept; letters with
// digits, or with capitals after the first, are hidden.
func keepProse(line string, m []int) bool {
	v := strings.TrimRight(line[m[4]:m[5]], ".")
	if isWordy(v) && !isPasswordName(line[m[2]:m[3]]) {
		return true // a name with a digit: man2html is no token
	}
	return !looksRandom(v) || IsSensitiveName(v) && !strings.ContainsAny(v, "0123456789") || strings.Contains(v, ".") && isIdent(v)
}

// looksRandom reports whether v, of six bytes or more, mixes letters with
// digits or has a capital after its first letter.
func looksRandom(v string) bool {
	if len(v) < 6 || v == Mask || isSetting(v) || isSettingWord(v) || strings.HasPrefix(v, "/") {
		return false
	}
	m := mixOf(v)
	if !m.digit && averageWordLen(v) > maxWordLen {
		return false // an identifier: credUserOk, LcSegmentSplitInfo
	}
	return m.digit && m.letter || m.upperAfterFirst && m.lower
}

// isWordy reports whether most letters of v are in words of three or
// more letters, with at most one capital each, and at most two digits
// stand between them ("man2html", "v2beta", "utf8mb4Unicode"): a name,
// not a random token. A word and a number ("Summer2024") may be a
// password, and is not wordy.
func isWordy(v string) bool {
	digits := 0
	for i := 0; i < len(v); i++ {
		if '0' <= v[i] && v[i] <= '9' {
			digits++
		}
	}
	if last := v[len(v)-1]; digits > 2 || '0' <= last && last <= '9' {
		return false
	}
	letters, inWords := 0, 0
	for i := 0; i < len(v); {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			i++
			continue
		}
		j := i + 1
		for j < len(v) && 'a' <= v[j] && v[j] <= 'z' {
			j++
		}
		letters += j - i
		if j-i >= 3 {
			inWords += j - i
		}
		i = j
	}
	return letters > 0 && inWords*4 >= letters*3
}

// isSetting reports whether v assigns a value itself ("max-age=0"): an
// "=" inside it that is no base64 padding.
func isSetting(v string) bool {
	i := strings.IndexByte(v, '=')
	return i > 0 && strings.Trim(v[i:], "=") != ""
}

// charMix says which kinds of ASCII characters a value holds.
type charMix struct {
	digit, letter, lower, upperAfterFirst bool
}

// mixOf returns the kinds of ASCII characters v holds; a capital counts
// only after the first byte.
func mixOf(v string) charMix {
	var m charMix
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case '0' <= c && c <= '9':
			m.digit = true
		case 'a' <= c && c <= 'z':
			m.letter, m.lower = true, true
		case 'A' <= c && c <= 'Z':
			m.letter = true
			m.upperAfterFirst = m.upperAfterFirst || i > 0
		}
	}
	return m
}

// separatedValue finds a value given to a sensitive name with a separator
// the other rules do not read: an escaped or encoded "=" (%3D, &#61;,
// \x3d, \u003d), Ruby's "=>", an escaped tab, a ":" or "," or the cell
// border of a table, "is" or "was" in prose, or plain spaces ("APIKEY x",
// "api_key = \"\"\"x\"\"\""). Only a value that looks random is hidden.
var separatedValue = regexp.MustCompile(`(?i)(?:^|[^A-Za-z0-9_.\-])(` + nameExpr + `)["']?(?:[ \t]*(?:=>|%3[da]|&#61;|&#x3d;|\\x3d|\\u003d|\\t|[:,|])[ \t]*|[ \t]+(?:(?:is|was|=)[ \t]+)?)["'` + "`" + `]{0,3}([A-Za-z0-9._~+/=\-]{6,})`)

// hideSeparatedValues hides, left to right, the values separatedValue
// finds. The search goes on from the value of a match that is kept, which
// may itself be a name: "the password is x" first matches "the password".
func hideSeparatedValues(line string) string {
	return rewriteOverlapping(line, separatedValue, hideGroup(2, keepSeparated), func(m []int) int { return m[4] })
}

// keepSeparated keeps a value that does not look random (see keepProse),
// one given to a host or a selector, and, for a name whose only sensitive word is "key" (a map key, a cache
// key), one that does not mix letters with digits: "missing key: PostID"
// names a field.
func keepSeparated(line string, m []int) bool {
	name, v := line[m[2]:m[3]], strings.TrimRight(line[m[4]:m[5]], ".")
	if !IsSensitiveName(name) || keepProse(line, m) || isTestResult(name, v) {
		return true
	}
	if strings.Contains(name, ".") || m[2] > 0 && (line[m[2]-1] == '/' || line[m[2]-1] == '@') {
		return true // a host ("auth.example.com:8080") or a selector
	}
	if isGoSelector(v) {
		return true // versions.Go1_18, cfg.Token
	}
	mix := mixOf(v)
	return onlyKeyWord(name) && (!(mix.digit && mix.letter) || isCamelIdent(v))
}

// isGoSelector reports whether v is a Go selector: a lower-case package or
// variable name of letters, a dot, and identifiers (versions.Go1_18).
func isGoSelector(v string) bool {
	parts := strings.Split(v, ".")
	if len(parts) < 2 || len(parts[0]) < 2 || strings.Trim(parts[0], "abcdefghijklmnopqrstuvwxyz") != "" {
		return false
	}
	for _, p := range parts[1:] {
		if p == "" || '0' <= p[0] && p[0] <= '9' || strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
			return false
		}
	}
	return true
}

// isCamelIdent reports whether v is a Go identifier in camel case that
// starts with a small letter, digits only at its end: tPStr1, tChanInt1.
func isCamelIdent(v string) bool {
	body := strings.TrimRight(v, "0123456789")
	return body != "" && 'a' <= body[0] && body[0] <= 'z' && strings.Trim(body, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && strings.ToLower(body) != body
}

// mysqlPassword finds the password given to a MySQL client joined to its
// flag: "mysql -u root -px".
var mysqlPassword = regexp.MustCompile(`\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]*?[ \t]-p([^\s'"\-][^\s'"]*)`)

// isTestResult reports whether name and v are a line of go test's output
// ("--- PASS: TestLoad/cached (0.01s)"): PASS names a result there.
func isTestResult(name, v string) bool {
	if name != "PASS" {
		return false
	}
	for _, p := range []string{"Test", "Benchmark", "Example", "Fuzz"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}
