package redact

import (
	"slices"
	"testing"
)

// TestCookieHeaderKeepsNames: every cookie's name is kept, and so are
// harmless values; the values of session, auth, token and CSRF cookies
// and values that look like secrets are hidden, quotes and all.
func TestCookieHeaderKeepsNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"theme=dark; lang=en", "theme=dark; lang=en"},
		{"theme=dark; csrftoken=abc", "theme=dark; csrftoken=" + Mask},
		{"sessionid=Zx81nB4vT6q;theme=dark", "sessionid=" + Mask + "; theme=dark"},
		{"connect.sid=opaquevalue; _gh_sess=x; remember_web_59ba=y; userSid=z", "connect.sid=" + Mask + "; _gh_sess=" + Mask + "; remember_web_59ba=" + Mask + "; userSid=" + Mask},
		{"PHPSESSID=q; JSESSIONID=r; XSRF-TOKEN=s; __Host-next-auth.session-token=t", "PHPSESSID=" + Mask + "; JSESSIONID=" + Mask + "; XSRF-TOKEN=" + Mask + "; __Host-next-auth.session-token=" + Mask},
		{"prefs=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl", "prefs=" + Mask},
		{"visitor=a3f9c2e1b7d44e0c9f22; n=\"QmXrTwLpZkVbNcYdQ\"", "visitor=" + Mask + "; n=" + Mask},
		{"stripe=sk_live_4eC39HqLyjWDarjtT1zdp7dc", "stripe=" + Mask},
		{"tz=Europe/Paris; day=2026-12-01; count=12; consent=yes; sessionid=", "tz=Europe/Paris; day=2026-12-01; count=12; consent=yes; sessionid="},
		{"Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl; a=b", Mask + "; a=b"},
		{"", ""},
	} {
		if got := CookieHeader(c.in); got != c.want {
			t.Errorf("CookieHeader(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}

// TestSetCookieKeepsNameAndAttributes: a Set-Cookie header keeps its
// name and attributes and hides a secret value.
func TestSetCookieKeepsNameAndAttributes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"session=Zx81nB4vT6q; Path=/; HttpOnly", "session=" + Mask + "; Path=/; HttpOnly"},
		{"theme=dark; Max-Age=3600", "theme=dark; Max-Age=3600"},
	} {
		if got := SetCookie(c.in); got != c.want {
			t.Errorf("SetCookie(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestHeaderSecretsAreWhatHeaderHides: the secrets a Known set is given
// for a header are the values Header hides, no more.
func TestHeaderSecretsAreWhatHeaderHides(t *testing.T) {
	cookies := []string{"theme=dark; lang=english; csrftoken=\"tok123456\"", "visitor=a3f9c2e1b7d44e0c9f22"}
	if got, want := Header("Cookie", cookies), "theme=dark; lang=english; csrftoken="+Mask+"; visitor="+Mask; got != want {
		t.Errorf("Header(Cookie) = %q, want %q", got, want)
	}
	if got, want := HeaderSecrets("cookie", cookies), []string{"tok123456", "a3f9c2e1b7d44e0c9f22"}; !slices.Equal(got, want) {
		t.Errorf("HeaderSecrets(cookie) = %q, want %q", got, want)
	}
	if got, want := HeaderSecrets("Set-Cookie", []string{"sid=abcdefgh; Path=/", "theme=dark"}), []string{"abcdefgh"}; !slices.Equal(got, want) {
		t.Errorf("HeaderSecrets(Set-Cookie) = %q, want %q", got, want)
	}
	if got := HeaderSecrets("X-Api-Key", []string{"k1", "k2"}); !slices.Equal(got, []string{"k1", "k2"}) {
		t.Errorf("HeaderSecrets(X-Api-Key) = %q, want both values", got)
	}
	if got := HeaderSecrets("Accept", []string{"text/html"}); got != nil {
		t.Errorf("HeaderSecrets(Accept) = %q, want none", got)
	}
	if got := Header("X-Api-Key", []string{"k1", "k2"}); got != Mask {
		t.Errorf("Header(X-Api-Key) = %q, want %q", got, Mask)
	}
}

// TestLooksSecret: token formats and random-looking strings look secret;
// words, language tags, numbers, dates and time zones do not.
func TestLooksSecret(t *testing.T) {
	for _, v := range []string{
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl",
		"ghp_abcdefghijklmnopqrstuvwxyz0123456789",
		"a3f9c2e1", "s%3AQm29xLr7Tw.sig", "QmXrTwLpZkVbNcYd",
		"abcdefghijklmnopqrstuvwxyzabcdefgh",
	} {
		if !LooksSecret(v) {
			t.Errorf("LooksSecret(%q) = false, want true", v)
		}
	}
	for _, v := range []string{"", "dark", "en-US", "12345678", "2026-12-01", "Europe/Paris", "true", Mask, "GA1.2"} {
		if LooksSecret(v) {
			t.Errorf("LooksSecret(%q) = true, want false", v)
		}
	}
}
