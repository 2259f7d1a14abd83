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
	return !looksRandom(v) || IsSensitiveName(v) && !strings.ContainsAny(v, "0123456789") || strings.Contains(v, ".") && isIdent(v)
}

// looksRandom reports whether v, of six bytes or more, mixes letters with
// digits or has a capital after its first letter.
func looksRandom(v string) bool {
	if len(v) < 6 || v == Mask {
		return false
	}
	var digit, letter, upper, lowerCase bool
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c && c <= 'z':
			letter, lowerCase = true, true
		case 'A' <= c && c <= 'Z':
			letter = true
			upper = upper || i > 0
		}
	}
	return digit && letter || upper && lowerCase
}
