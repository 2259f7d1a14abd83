package redact

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	cases := []struct{ in, secret, keep string }{
		{`const mailAPIKey = "sk-live-4f9a8b7c6d5e4f3a2b1c"`, "sk-live-4f9a8b7c6d5e4f3a2b1c", "mailAPIKey"},
		{`dsn := "postgres://blog:hunter2pass@localhost:5432/blog"`, "hunter2pass", "postgres://blog:"},
		{`user:s3cretpw@tcp(127.0.0.1:3306)/db`, "s3cretpw", "@tcp("},
		{`Authorization: Bearer abcdefghijklmnop123`, "abcdefghijklmnop123", "Authorization"},
		{`GET /login?password=hunter22&next=/home`, "hunter22", "next=/home"},
		{`{"api_key": "zzz-123-yyy"}`, "zzz-123-yyy", "api_key"},
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----", "MIIEabc", ""},
		{`token ghp_abcdefghijklmnopqrstuvwxyz0123`, "ghp_abcdefghijklmnopqrstuvwxyz0123", ""},
	}
	for _, c := range cases {
		got := String(c.in)
		if strings.Contains(got, c.secret) {
			t.Errorf("String(%q) = %q: secret %q kept", c.in, got, c.secret)
		}
		if !strings.Contains(got, c.keep) {
			t.Errorf("String(%q) = %q: lost %q", c.in, got, c.keep)
		}
	}
}

func TestStringLeavesCodeAlone(t *testing.T) {
	for _, code := range []string{
		`password := r.FormValue("password")`,
		`key := chi.URLParam(r, "slug")`,
		`m[key] = value`,
		`token, err := parseToken(h)`,
		`tmpl := template.New("page").Option("missingkey=error")`,
		`GET /posts?api_key_required=true`,
	} {
		if got := String(code); got != code {
			t.Errorf("String(%q) = %q, want it unchanged", code, got)
		}
	}
}

func TestValue(t *testing.T) {
	if got := Value("X-Api-Key", "abc"); got != Mask {
		t.Errorf("sensitive header kept: %q", got)
	}
	if got := Value("Accept", "text/html"); got != "text/html" {
		t.Errorf("plain header changed: %q", got)
	}
	v := Values(map[string][]string{"session_id": {"x1"}, "q": {"go"}})
	if v["session_id"][0] != Mask || v["q"][0] != "go" {
		t.Errorf("Values = %v", v)
	}
}

func TestSensitiveEnvValues(t *testing.T) {
	vals := SensitiveEnvValues([]string{"OPENAI_API_KEY=sk-abcdefgh", "HOME=/root", "DB_PASSWORD=shortpw1", "API_TOKEN=tiny", "X_TOKEN=abc"})
	if len(vals) != 2 || vals[0] != "sk-abcdefgh" {
		t.Errorf("SensitiveEnvValues = %v", vals)
	}
}
