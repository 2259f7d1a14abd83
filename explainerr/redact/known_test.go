package redact

import (
	"strings"
	"testing"
)

// TestKnownHidesSecretsWhereverTheyAppear: a value found under a sensitive
// name is hidden in any text, the longest first, with an authorization
// value's credential on its own; short values and values under other
// names are not looked for.
func TestKnownHidesSecretsWhereverTheyAppear(t *testing.T) {
	var k Known
	k.AddField("password", []string{"wrongPassw0rd!"})
	k.AddField("username", []string{"alice-the-admin"})
	k.AddField("code", []string{"4/0AfJohXm9qZ"})
	k.AddField("pin", []string{"1234"})
	k.Add("Bearer eyJhbGciOi.payload.sig")
	k.Add("abc")
	if k.Len() != 4 {
		t.Errorf("Len() = %d, want 4 (password, code, the bearer value and its credential)", k.Len())
	}
	in := "2026/12/01 alice-the-admin   wrongPassw0rd!\ncallback code 4/0AfJohXm9qZ\nsent eyJhbGciOi.payload.sig to the API; pin 1234"
	got := k.Hide(in)
	for _, secret := range []string{"wrongPassw0rd!", "4/0AfJohXm9qZ", "eyJhbGciOi.payload.sig"} {
		if strings.Contains(got, secret) {
			t.Errorf("Hide kept %q:\n%s", secret, got)
		}
	}
	for _, kept := range []string{"alice-the-admin", "pin 1234", "callback code "} {
		if !strings.Contains(got, kept) {
			t.Errorf("Hide lost %q:\n%s", kept, got)
		}
	}
	var empty Known
	if empty.Hide(in) != in {
		t.Error("an empty set changed the text")
	}
}

// TestValuesRedactsNames: a JSON body sent as a form (curl -d with its
// default content type) is one field name, and the secrets in it are
// hidden.
func TestValuesRedactsNames(t *testing.T) {
	got := Values(map[string][]string{`{"old_name": 5, "password":"p4ssw0rdXYZ"}`: {""}, "q": {"go"}})
	for name := range got {
		if strings.Contains(name, "p4ssw0rdXYZ") {
			t.Errorf("field name %q keeps the password", name)
		}
	}
	if got["q"][0] != "go" {
		t.Errorf("q = %q, want go", got["q"])
	}
}
