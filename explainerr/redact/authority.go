package redact

import (
	"regexp"
	"strings"
)

// authority finds user:password@host[:port] with no scheme before it, as
// connection strings, Redis and AMQP settings and logs write it
// ("blog:Tr0ub4dor@db.internal:5432"). A password may hold "@": the
// host is what follows the last "@" of the run.
var authority = regexp.MustCompile(`(?:^|[\s"'=(,\[{<])([A-Za-z0-9._%+\-]+):([^\s"'<>/:]+)@([A-Za-z0-9][A-Za-z0-9.\-]*)(:[0-9]{1,5})?(?:$|[\s"'/,;)\]}>?#])`)

// mayHoldAuthority reports whether line may hold user:password@host: a
// ":" before an "@" with no blank between, that is no "://". It spares
// the expression the "@" of module versions and e-mail addresses.
func mayHoldAuthority(line string) bool {
	for at := strings.IndexByte(line, '@'); at > 0; {
		start := strings.LastIndexAny(line[:at], " \t\"'=(,[{<") + 1
		if colon := strings.IndexByte(line[start:at], ':'); colon >= 0 && !strings.Contains(line[start:at], "://") {
			return true
		}
		next := strings.IndexByte(line[at+1:], '@')
		if next < 0 {
			return false
		}
		at += 1 + next
	}
	return false
}

// hideAuthorityPasswords hides the password of each authority in line
// whose host is a host: a name with a dot, "localhost", or any name
// followed by a port. Placeholders ("%s", "${PASS}", "<password>") are
// kept.
func hideAuthorityPasswords(line string) string {
	return rewriteOverlapping(line, authority, hideAuthority, func(m []int) int { return m[5] })
}

func hideAuthority(line string, m []int) string {
	pass, host := line[m[4]:m[5]], line[m[6]:m[7]]
	port := m[8] >= 0
	user := strings.ToLower(line[m[2]:m[3]])
	if !isHostName(host, port) || isPasswordPlaceholder(pass) || singleColonSchemes[user] || !port && mailLabels[user] {
		return line[m[0]:m[1]]
	}
	return line[m[0]:m[4]] + Mask + line[m[5]:m[1]]
}

// singleColonSchemes are URI schemes written without "//" before an
// address: "mailto:alice@example.com" has no password.
var singleColonSchemes = map[string]bool{"mailto": true, "sip": true, "sips": true, "xmpp": true, "im": true, "pres": true, "tel": true, "acct": true, "urn": true, "news": true}

// mailLabels are field names a log writes before an e-mail address with a
// colon: "user:alice@example.com" is a field, not a user and password.
var mailLabels = map[string]bool{"user": true, "username": true, "email": true, "mail": true, "from": true, "to": true, "by": true, "author": true, "committer": true, "login": true, "owner": true, "contact": true, "reply-to": true, "cc": true, "bcc": true, "sender": true, "recipient": true}

// isHostName reports whether h, the part after "@", names a host: a name
// with a dot whose last label is a word or a number of an IPv4 address,
// "localhost", or any name when a port follows.
func isHostName(h string, port bool) bool {
	h = strings.TrimRight(h, ".")
	if port || h == "localhost" {
		return h != ""
	}
	i := strings.LastIndexByte(h, '.')
	if i < 0 {
		return false
	}
	last := h[i+1:]
	if strings.Trim(last, "0123456789") == "" {
		return strings.Count(h, ".") == 3 // an IPv4 address, not a version
	}
	return len(last) >= 2 && strings.Trim(strings.ToLower(last), "abcdefghijklmnopqrstuvwxyz") == ""
}

// isPasswordPlaceholder reports whether p stands for a password rather
// than being one: a format verb, a variable, a template, a masked value.
func isPasswordPlaceholder(p string) bool {
	if p == "" || p == Mask || strings.Trim(p, "*x.") == "" {
		return true
	}
	switch p[0] {
	case '%', '$', '{', '<', '[':
		return true
	}
	return false
}
