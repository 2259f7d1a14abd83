package redact

import (
	"strings"
	"testing"
)

// FuzzString checks that String never panics, is idempotent, keeps the
// number of lines, and gives what applying every rule to every line gives:
// the anchors that let String skip lines and rules never skip a line that
// a rule would change. Seeds live in testdata/fuzz/FuzzString.
func FuzzString(f *testing.F) {
	f.Add(`const mailAPIKey = "sk-live-4f9b2c7e1a8d6035be94c1f7a2d8e603"`)
	f.Add("postgres://newsletter:Tr0ub4dor-Blog-2024@mail-db.internal:5432/newsletter")
	f.Add("Authorization: Bearer abcdefghijklmnop123")
	f.Add("user:s3cretpw@tcp(127.0.0.1:3306)/db")
	f.Add("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----")
	f.Add("runtime.mapassign_faststr\n    posts[\"draft\"] = x")
	f.Add("TO\u212aEN abcdefghijkl")
	f.Add("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG\npassword: x\n\ttoken = tok")
	f.Add("GET /reset/4f9b2c7e1a8d6035be94c1f7?code=abc123&sig=zz%3D")
	f.Add("debug headers=map[X-Api-Key:[xk_live_9988] password:[pw12345]] &{User:a APIKey:k-123 Token:[REDACTED]}")
	f.Fuzz(func(t *testing.T, s string) {
		once := String(s)
		if twice := String(once); twice != once {
			t.Fatalf("String is not idempotent:\n in    %q\n once  %q\n twice %q", s, once, twice)
		}
		if want := stringEverywhere(s); once != want {
			t.Fatalf("the anchors skipped a change:\n in        %q\n String    %q\n every line %q", s, once, want)
		}
		if strings.Count(once, "\n") != strings.Count(s, "\n") {
			t.Fatalf("String changed the number of lines:\n in  %q\n out %q", s, once)
		}
	})
}

// stringEverywhere is String without anchors: every rule on every line.
func stringEverywhere(s string) string {
	if s == "" {
		return s
	}
	for range maxPasses {
		out := hideProviderTokens(hideByContext(hideBlocks(hidePrivateKeys(s))))
		for _, r := range textRules {
			lines := strings.Split(out, "\n")
			for i, l := range lines {
				lines[i] = r.line(l)
			}
			out = strings.Join(lines, "\n")
		}
		out = replaceAll(out, *envSecretsRef())
		if out == s {
			break
		}
		s = out
	}
	return s
}

// FuzzPlantedToken plants a token in each shape a secret takes (key=value,
// a quoted literal, a bearer header, a URL or DSN password) between
// arbitrary text, and checks that the token never survives redaction.
// Seeds live in testdata/fuzz/FuzzPlantedToken.
func FuzzPlantedToken(f *testing.F) {
	f.Add("connecting", "Zx81nB4vT6q", "failed")
	f.Add("Basic", "s3cretValue99", "")
	f.Add("", "abcdefgh", "=")
	f.Fuzz(func(t *testing.T, prefix, token, suffix string) {
		if len(token) < 8 || len(token) > 64 || !isAlnum(token) || strings.Contains(prefix, token) || strings.Contains(suffix, token) {
			return
		}
		shapes := []string{
			"api_key=" + token,
			"password=" + token,
			`secret: "` + token + `"`,
			`apiKey := "` + token + `"`,
			"Authorization: Bearer " + token,
			"postgres://blog:" + token + "@db.internal:5432/blog",
			"https://user:" + token + "@example.com/path",
			"blog:" + token + "@tcp(127.0.0.1:3306)/blog",
		}
		for _, shape := range shapes {
			text := prefix + " " + shape + " " + suffix
			if got := String(text); strings.Contains(got, token) {
				t.Fatalf("the token survived in the shape %q:\n in  %q\n out %q", shape, text, got)
			}
		}
	})
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// FuzzContextSecret plants a token that looks random in each context
// that gives a secret away without a name (an assignment, a literal, a
// positional literal, a comment, a query parameter, a Go-formatted field,
// after a key id, an authority, a command's credential argument) between
// arbitrary text, and checks that it never survives redaction.
func FuzzContextSecret(f *testing.F) {
	f.Add("relay", "Zx81nB4vT6qWm3Ke9Lp0", "done")
	f.Add("", "Qz9vLk3Wd8Rt2Yx7Hn4Bc6Mp1Fg5Js0Ae3Uo8Ti", "")
	f.Fuzz(func(t *testing.T, prefix, token, suffix string) {
		if !isRandomToken(token) || strings.ContainsAny(token, "=/.~") || strings.Contains(prefix+suffix, token) || strings.ContainsAny(prefix+suffix, "\n\"'`") {
			return
		}
		shapes := []string{
			"relay := \"" + token + "\"",
			"RELAY=" + token,
			"Relay: \"" + token + "\",",
			"cfg := Relay{\"relay.example.com\", 2525, \"" + token + "\"}",
			"x := 1 // fallback " + token,
			"GET /export?acct=" + token + "&fmt=csv",
			"{Host:relay.example.com Cred:" + token + "}",
			"AKIAZX81NB4VT6QWM3KE " + token,
			"relay_rw:" + token + "@relay.internal:2525",
			"redis-cli -h cache -a " + token + " ping",
		}
		for _, shape := range shapes {
			text := prefix + " " + shape + " " + suffix
			if got := String(text); strings.Contains(got, token) {
				t.Fatalf("the token survived in the shape %q:\n in  %q\n out %q", shape, text, got)
			}
		}
	})
}
