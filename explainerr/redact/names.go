package redact

import "strings"

// A name is split into words on case changes, digits, "_", "-", "." and
// spaces; it is sensitive when one of its words is a sensitive word, or is
// made of sensitive words and joining words ("sessionid", "apikey",
// "passwords"). Joining words alone mark nothing.
const (
	otherWord = iota
	sensitiveWord
	joiningWord
)

// wordKind returns whether the lower-case word w is a sensitive word, a
// joining word, or neither.
func wordKind(w []byte) int {
	switch string(w) {
	case "api", "token", "key", "secret",
		"pass", "passwd", "password", "pwd", "pw", "passphrase", "passcode", "pin",
		"signature", "sig", "auth", "authorization", "oauth",
		"cookie", "session", "credential", "private",
		"bearer", "jwt", "csrf", "xsrf", "otp",
		// Session cookies of Java and PHP servers.
		"jsessionid", "phpsessid", "sessid",
		// "Password" in other languages (mot_de_passe has "passe").
		"passwort", "passe", "senha", "contrasena", "wachtwoord":
		return sensitiveWord
	case "id", "s", "access", "refresh", "client", "app", "user", "db":
		return joiningWord
	}
	return otherWord
}

// longestWord is the length of the longest sensitive or joining word.
const longestWord = len("authorization")

// queryWords are extra names whose values are secret in URL queries and
// forms: an OAuth authorization code, a one-time code.
var queryWords = map[string]bool{"code": true}

// IsSensitiveName reports whether a header, field, cookie, struct field or
// variable called name holds a secret: whether one of its words is a
// sensitive word (API, TOKEN, KEY, SECRET, PASS, PASSWD, PASSWORD, PW,
// PASSCODE, PIN, SIGNATURE, SIG, AUTH, AUTHORIZATION, COOKIE, SESSION, CREDENTIAL,
// PRIVATE and a few more). Words are whole: "AuthToken", "api_key",
// "X-Auth-Token", "Set-Cookie" and "sessionid" are sensitive; "AuthorID",
// "Keyboard", "Passenger", "monkey" and "Tokenizer" are not.
func IsSensitiveName(name string) bool {
	return hasSensitiveWord(name) && !describesSecret(name)
}

// hasSensitiveWord reports whether one of the words of name is sensitive.
func hasSensitiveWord(name string) bool {
	var buf [64]byte
	word := buf[:0]
	for i := 0; i < len(name); i++ {
		c := name[i]
		upper, lower := 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z'
		split := !upper && !lower
		if upper && i > 0 {
			prev := name[i-1]
			prevLower := 'a' <= prev && prev <= 'z'
			prevUpper := 'A' <= prev && prev <= 'Z'
			nextLower := i+1 < len(name) && 'a' <= name[i+1] && name[i+1] <= 'z'
			split = prevLower || prevUpper && nextLower
		}
		if split && len(word) > 0 {
			if isSensitiveWord(word) {
				return true
			}
			word = word[:0]
		}
		if upper || lower {
			word = append(word, c|0x20)
		}
	}
	return len(word) > 0 && isSensitiveWord(word)
}

// aboutWords end names that hold something about a secret, not the
// secret: its name, type, length, file, header, lifetime.
var aboutWords = map[string]bool{
	"name": true, "names": true, "type": true, "kind": true, "label": true, "field": true, "prefix": true,
	"suffix": true, "header": true, "len": true, "length": true, "count": true, "size": true, "file": true,
	"path": true, "dir": true, "url": true, "uri": true, "format": true, "mode": true, "ttl": true,
	"expiry": true, "expires": true, "expiration": true, "endpoint": true, "env": true, "column": true,
}

// describesSecret reports whether the last word of name (after "_", "-",
// "." or a case change) is one of aboutWords: _Token_name, TokenType,
// password_file, session-ttl.
func describesSecret(name string) bool {
	last := ""
	forEachWord(name, func(w string) { last = w })
	return aboutWords[strings.ToLower(last)]
}

// forEachWord calls f with each word of name, split as IsSensitiveName
// splits it: at case changes, digits and other bytes.
func forEachWord(name string, f func(string)) {
	start := -1
	for i := 0; i <= len(name); i++ {
		split := i == len(name)
		if !split {
			c := name[i]
			upper, lower := 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z'
			split = !upper && !lower
			if upper && i > 0 {
				prev := name[i-1]
				prevLower := 'a' <= prev && prev <= 'z'
				prevUpper := 'A' <= prev && prev <= 'Z'
				nextLower := i+1 < len(name) && 'a' <= name[i+1] && name[i+1] <= 'z'
				split = prevLower || prevUpper && nextLower
			}
			if split && (upper || lower) {
				if start >= 0 {
					f(name[start:i])
				}
				start = i
				continue
			}
		}
		if split {
			if start >= 0 {
				f(name[start:i])
			}
			start = -1
			continue
		}
		if start < 0 {
			start = i
		}
	}
}

// isSensitiveQueryName is IsSensitiveName for URL query and form fields,
// which also hide OAuth codes.
func isSensitiveQueryName(name string) bool {
	return IsSensitiveName(name) || queryWords[strings.ToLower(name)]
}

// hasSensitiveName reports whether line holds a name (a run of letters,
// digits, "_", "." and "-") that IsSensitiveName accepts. Every name the
// name-based rules judge is the end of such a run, with the same words.
func hasSensitiveName(line string) bool {
	for i := 0; i < len(line); {
		if !isNameChar(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && isNameChar(line[j]) {
			j++
		}
		if j-i >= 2 && IsSensitiveName(line[i:j]) {
			return true
		}
		i = j
	}
	return false
}

func isNameChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-'
}

// isSensitiveWord reports whether the lower-case word w is a sensitive
// word, or a sensitive word joined with others or with joining words.
func isSensitiveWord(w []byte) bool {
	if k := wordKind(w); k != otherWord || len(w) > 32 || len(w) < 4 {
		return k == sensitiveWord
	}
	return composed(w, false)
}

// composed reports whether w splits wholly into sensitive and joining
// words, at least one of them sensitive (or seen already). The plural "s"
// joins only after a word: "spin" is no PIN.
func composed(w []byte, seen bool) bool {
	if len(w) == 0 {
		return seen
	}
	for i := 1; i <= len(w) && i <= longestWord; i++ {
		k := wordKind(w[:i])
		if i == 1 && w[0] == 's' && !seen {
			continue
		}
		if k != otherWord && composed(w[i:], seen || k == sensitiveWord) {
			return true
		}
	}
	return false
}
