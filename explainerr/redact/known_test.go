package redact

import (
	"encoding/base64"
	"encoding/hex"
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

// TestKnownHidesEncodedSecrets: a request's secret echoed in another
// encoding is hidden too.
func TestKnownHidesEncodedSecrets(t *testing.T) {
	const secret = `Pa"ss w0rd/+Zx81nB4v`
	var k Known
	k.Add(secret)
	for _, form := range encodings(secret) {
		in := "upstream echoed <" + form + "> back"
		if got := k.Hide(in); strings.Contains(got, form) || !strings.Contains(got, "upstream echoed <") {
			t.Errorf("Hide(%q) = %q", in, got)
		}
	}
	for _, form := range []string{
		"Pa%22ss+w0rd%2F%2BZx81nB4v",       // query escaping
		`Pa\"ss w0rd/+Zx81nB4v`,            // inside a JSON string
		"UGEic3MgdzByZC8rWng4MW5CNHY",      // base64
		hex.EncodeToString([]byte(secret)), // hex
		`PA"SS W0RD/+ZX81NB4V`,             // upper case
	} {
		in := "echo " + form + " end"
		if got := k.Hide(in); strings.Contains(got, form[:10]) {
			t.Errorf("Hide(%q) = %q: the encoded secret is kept", in, got)
		}
	}
}

// TestEnvironmentIsReadWhenAReportIsMade: a sensitive variable set while
// the program runs is hidden once the environment is read again.
func TestEnvironmentIsReadWhenAReportIsMade(t *testing.T) {
	const secret = "late-env-Zx81nB4vT6q"
	String("warm up: the environment is read once here")
	t.Cleanup(ReadEnvironment) // after the variable is unset again
	t.Setenv("LATE_SERVICE_TOKEN", secret)
	ReadEnvironment()
	for _, in := range []string{"dial with " + secret, "dial with " + base64.StdEncoding.EncodeToString([]byte(secret))} {
		if got := String(in); strings.Contains(got, secret) || got == in {
			t.Errorf("String(%q) = %q: the late environment secret is kept", in, got)
		}
	}
}

// BenchmarkReadEnvironment measures what a report pays to read the
// environment again when it did not change.
func BenchmarkReadEnvironment(b *testing.B) {
	ReadEnvironment()
	b.ReportAllocs()
	for b.Loop() {
		ReadEnvironment()
	}
}

// TestReadEnvironmentWhileRedacting: reports made at once read the
// environment while others redact; under -race this finds a data race.
func TestReadEnvironmentWhileRedacting(t *testing.T) {
	t.Cleanup(ReadEnvironment) // after the variable is unset again
	t.Setenv("RACE_SERVICE_TOKEN", "race-env-Zx81nB4vT6q")
	done := make(chan bool)
	for range 4 {
		go func() {
			for range 50 {
				ReadEnvironment()
				if got := String("dial race-env-Zx81nB4vT6q"); strings.Contains(got, "Zx81nB4vT6q") {
					t.Errorf("String = %q: the environment secret is kept", got)
				}
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
}
