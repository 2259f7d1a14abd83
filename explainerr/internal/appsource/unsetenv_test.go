package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// badgeModule checks a badge's signature with a key function it passes
// as a value, which reads an environment variable.
var badgeModule = map[string]string{
	"go.mod": "module example.com/badge\n",
	"auth/auth.go": `package auth

import (
	"errors"
	"os"
)

func signingKey(kind string) []byte { return []byte(os.Getenv("BADGE_KEY")) }

func check(badge string, key func(string) []byte) error {
	if len(key("hs256")) == 0 {
		return errors.New("signature is invalid")
	}
	return nil
}

// Verify checks a badge.
func Verify(badge string) error { return check(badge, signingKey) }
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/badge/auth"
)

func Door(w http.ResponseWriter, r *http.Request) error {
	return auth.Verify(r.Header.Get("Badge"))
}
`,
}

// TestUnsetEnvironmentVariableChunk: an error about a signature brings
// the key function passed as a value that reads a variable this process
// lacks, as a setting; with the variable set, it does not.
func TestUnsetEnvironmentVariableChunk(t *testing.T) {
	root := writeModule(t, badgeModule)
	frame := report.Frame{Function: "example.com/badge/web.Door", File: "web/web.go", Line: 10}
	got := reasons(Static(shelfReport(root, "signature is invalid", frame)))
	if !contains(got["setting"], "auth/auth.go:signingKey") {
		t.Errorf("the key function reading an unset variable is missing: %v", got)
	}
	t.Setenv("BADGE_KEY", "dev-only")
	got = reasons(Static(shelfReport(root, "signature is invalid", frame)))
	if contains(got["setting"], "auth/auth.go:signingKey") {
		t.Errorf("a function reading a variable the process has is given as a setting: %v", got)
	}
}
