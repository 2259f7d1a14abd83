package redact

import (
	"regexp"
	"strings"
)

// hideURLPasswords hides the password of every URL in line that has one
// ("postgres://app:p@ss/w0rd@db:5432/app"), passwords holding "@" or "/"
// included: the user information ends at the last "@" of the URL that is
// followed by a host. A port ("https://host:8080/a@b") is no password.
func hideURLPasswords(line string) string {
	out := line
	from := 0
	for {
		k := strings.Index(out[from:], "://")
		if k < 0 {
			return out
		}
		k += from
		from = k + 3
		if k == 0 || !isSchemeChar(out[k-1]) {
			continue
		}
		end := from
		for end < len(out) && !isURLEnd(out[end]) {
			end++
		}
		run := out[from:end]
		at := userInfoEnd(run)
		if at < 0 {
			continue
		}
		colon := strings.IndexByte(run[:at], ':')
		if colon < 0 {
			// A user and no password: a token passed as the user
			// ("https://<token>@github.com/org/repo.git") is hidden; a
			// name ("alice@") is shorter than 20 characters or not random.
			if user := run[:at]; len(user) >= 20 && looksLikeToken(user) {
				out = out[:from] + Mask + out[from+at:]
				from += len(Mask)
			}
			continue
		}
		if strings.ContainsAny(run[:colon], "/?#") {
			continue
		}
		pass := run[colon+1 : at]
		if pass == "" || pass == Mask || isPort(pass) {
			continue
		}
		out = out[:from+colon+1] + Mask + out[from+at:]
		from += colon + 1 + len(Mask)
	}
}

// userInfoEnd returns the index in run (a URL after "://") of the last "@"
// that is followed by a host, or -1.
func userInfoEnd(run string) int {
	for at := strings.LastIndexByte(run, '@'); at >= 0; at = strings.LastIndexByte(run[:at], '@') {
		host := run[at+1:]
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if host != "" && isHost(host) {
			return at
		}
	}
	return -1
}

func isSchemeChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '.' || c == '-'
}

// isURLEnd reports whether c ends a URL written in text.
func isURLEnd(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '"', '\'', '`', '<', '>':
		return true
	}
	return false
}

func isHost(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(".-_[]:%", c) >= 0) {
			return false
		}
	}
	return true
}

// isPort reports whether the would-be password p is a port followed by a
// path or query ("8080/x"): the "@" is then in the path. Digits followed
// by the "@" itself ("blog:00000000@db") are a password.
func isPort(p string) bool {
	i := 0
	for i < len(p) && '0' <= p[i] && p[i] <= '9' {
		i++
	}
	return i > 0 && i < len(p) && (p[i] == '/' || p[i] == '?' || p[i] == '#')
}

// secretPath finds URL paths whose segments after a word such as "reset",
// "invite", "verify" or "hooks" are secrets: password-reset links,
// invitations, magic login links, webhook URLs.
var secretPath = regexp.MustCompile(`(?i)/(?:reset|password-reset|reset-password|invite|invites|invitation|invitations|verify|verification|confirm|confirmation|activate|activation|magic|magic-link|login-link|unsubscribe|token|tokens|secret|secrets|key|keys|auth|oauth|share|hooks|webhook|webhooks|session|sessions)/([^\s?#"'<>` + "`" + `]+)`)

// secretPathAnchors are the lower-case literals every secretPath match holds.
var secretPathAnchors = []string{"/reset", "/password-reset", "/invit", "/verif", "/confirm", "/activat", "/magic", "/login-link", "/unsubscribe", "/token", "/secret", "/key", "/auth", "/oauth", "/share", "/hooks", "/webhook", "/session"}

// hideSecretSegments hides the secret-looking segments of the path tail
// that matched secretPath.
func hideSecretSegments(line string, m []int) string {
	tail := line[m[2]:m[3]]
	segs := strings.Split(tail, "/")
	changed := false
	for i, s := range segs {
		if looksLikeToken(s) {
			segs[i] = Mask
			changed = true
		}
	}
	if !changed {
		return line[m[0]:m[1]]
	}
	return line[m[0]:m[2]] + strings.Join(segs, "/")
}

// looksLikeToken reports whether a path segment looks like a random token:
// at least 8 characters of letters and digits (and "-_.~%="), with both
// letters and digits, or at least 20 with upper- and lower-case letters.
// Words, numbers and route parameters ("{token}") are not tokens.
func looksLikeToken(s string) bool {
	if len(s) < 8 || s == Mask {
		return false
	}
	var digits, lower, upper int
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			digits++
		case 'a' <= c && c <= 'z':
			lower++
		case 'A' <= c && c <= 'Z':
			upper++
		case strings.IndexByte("-_.~%=", c) >= 0:
		default:
			return false
		}
	}
	if len(s) < 20 && isWordy(s) {
		return false // words with a digit: man2html, v2beta
	}
	return digits > 0 && lower+upper > 0 || len(s) >= 20 && lower > 0 && upper > 0
}
