package redact

import (
	"strings"
	"testing"
)

// TestFileLocationsAreNoSecrets: a file whose name holds a sensitive
// word, cited with its line as errors and loggers write it, is kept; the
// same number given to a sensitive name that is no file is hidden.
func TestFileLocationsAreNoSecrets(t *testing.T) {
	for _, in := range []string{
		`template: reset-password.html:25:35: executing "form" at <$l.Desc>`,
		`2026/12/02 12:00:00 secret_store.go:42: store failed`,
		`panic at auth/token_cache.go:118`,
		`apiendpoint.executeAPIEndpoint[...] (api_endpoint.go:234)`,
		`at session_store.go:57, then`,
	} {
		if got := String(in); got != in {
			t.Errorf("String(%q) = %q, want it kept", in, got)
		}
	}
	for _, in := range []string{
		`map[api_key:12345678 user:alice]`,
		`{User:alice Password:98765432}`,
		`(api_key:12345678)`,
	} {
		if got := String(in); !strings.Contains(got, Mask) {
			t.Errorf("String(%q) = %q, want the value hidden", in, got)
		}
	}
}
