package redact

import (
	"net/textproto"
	"strings"
)

// A request's Cookie header names the cookies a handler may miss (a
// csrftoken it needs), so a report keeps every cookie's name and hides
// only the values that are secret: those of session, auth, token and
// CSRF cookies, and values that look like secrets whatever their name.

// Header returns the values of the header name as a report shows them:
// a Cookie header with its cookies' names kept and their secret values
// hidden (CookieHeader), a Set-Cookie header likewise (SetCookie), the
// values of any other sensitive header as Mask, and the other values with
// the secrets in their text hidden. Values of a Cookie header are joined
// with "; ", others with ", ".
func Header(name string, values []string) string {
	switch textproto.CanonicalMIMEHeaderKey(name) {
	case "Cookie":
		out := make([]string, len(values))
		for i, v := range values {
			out[i] = CookieHeader(v)
		}
		return strings.Join(out, "; ")
	case "Set-Cookie":
		out := make([]string, len(values))
		for i, v := range values {
			out[i] = SetCookie(v)
		}
		return strings.Join(out, ", ")
	}
	return Value(name, strings.Join(values, ", "))
}

// HeaderSecrets returns the secrets Header hides in the values of the
// header name: the secret cookie values of a Cookie or Set-Cookie header,
// every value of another sensitive header. Values Header keeps are not
// returned, so that a Known set fed with them hides what the header
// hides, and no more.
func HeaderSecrets(name string, values []string) []string {
	var secrets []string
	switch textproto.CanonicalMIMEHeaderKey(name) {
	case "Cookie":
		for _, v := range values {
			for _, c := range splitCookies(v) {
				if c.secret {
					secrets = append(secrets, c.value)
				}
			}
		}
	case "Set-Cookie":
		for _, v := range values {
			first, _, _ := strings.Cut(v, ";")
			if c := parseCookie(first); c.secret {
				secrets = append(secrets, c.value)
			}
		}
	default:
		if IsSensitiveName(name) {
			secrets = values
		}
	}
	return secrets
}

// CookieHeader returns the value of a Cookie request header ("theme=dark;
// csrftoken=x") with every cookie's name kept and the value of each
// secret cookie (IsSecretCookie) replaced by Mask.
func CookieHeader(v string) string {
	cs := splitCookies(v)
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return strings.Join(out, "; ")
}

// SetCookie returns the value of a Set-Cookie header with the cookie's
// name kept, its value replaced by Mask when it is secret
// (IsSecretCookie), and the secrets in its attributes hidden.
func SetCookie(v string) string {
	first, attrs, ok := strings.Cut(v, ";")
	out := parseCookie(first).String()
	if ok {
		out += ";" + String(attrs)
	}
	return out
}

// IsSecretCookie reports whether the value of the cookie called name must
// be hidden: when its name is sensitive (IsSensitiveName: session, auth,
// token, csrf, …) or names a session or login (sid, connect.sid, _gh_sess,
// remember_web, identity), or when the value looks like a secret whatever
// the name (LooksSecret). An empty value hides nothing.
func IsSecretCookie(name, value string) bool {
	if value == "" || value == Mask {
		return false
	}
	return IsSensitiveName(name) || isSessionCookieName(name) || LooksSecret(value)
}

// sessionCookieWords are words of cookie names that hold a session or a
// login, beyond the sensitive words of IsSensitiveName.
var sessionCookieWords = map[string]bool{
	"sid": true, "ssid": true, "sess": true, "remember": true,
	"identity": true, "login": true, "logged": true, "saml": true, "oidc": true,
}

// isSessionCookieName reports whether one of the words of name (split at
// anything but ASCII letters, and where a capital follows a small letter)
// is a session cookie word.
func isSessionCookieName(name string) bool {
	start := -1
	for i := 0; i <= len(name); i++ {
		letter := i < len(name) && isASCIILetter(rune(name[i]))
		boundary := !letter || start >= 0 && isUpper(name[i]) && !isUpper(name[i-1])
		if boundary && start >= 0 {
			if sessionCookieWords[strings.ToLower(name[start:i])] {
				return true
			}
			start = -1
		}
		if letter && start < 0 {
			start = i
		}
	}
	return false
}

// isUpper reports whether c is an ASCII capital.
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// A cookie is one name=value pair of a Cookie header.
type cookie struct {
	name, value string
	// raw is the pair as the header gives it, without surrounding space.
	raw    string
	hasEq  bool
	secret bool
}

// String returns the pair with its value hidden when it is secret.
func (c cookie) String() string {
	switch {
	case !c.secret:
		return c.raw
	case c.hasEq:
		return c.name + "=" + Mask
	}
	return Mask
}

// splitCookies splits a Cookie header into its pairs, empty ones left out.
func splitCookies(v string) []cookie {
	var cs []cookie
	for part := range strings.SplitSeq(v, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		cs = append(cs, parseCookie(part))
	}
	return cs
}

// parseCookie reads one name=value pair; a pair with no "=" is a value
// with no name. A quoted value is judged, and known, without its quotes.
func parseCookie(part string) cookie {
	raw := strings.TrimSpace(part)
	name, value, hasEq := strings.Cut(raw, "=")
	if !hasEq {
		name, value = "", raw
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
		value = value[1 : len(value)-1]
	}
	return cookie{name: name, value: value, raw: raw, hasEq: hasEq, secret: IsSecretCookie(name, value)}
}

// isASCIILetter reports whether r is an ASCII letter.
func isASCIILetter(r rune) bool { return 'a' <= r|0x20 && r|0x20 <= 'z' }
