package redact

import (
	"strings"
	"testing"
)

// benchTrace is the user message of the prompt for a nil-map panic in a
// chi route: the text the failure path redacts most.
const benchTrace = "A request to my Go web app failed. Explain the failure and how to fix it.\n\n" +
	"## Error and trace (innermost call first; [app] marks the app's own code)\n\n```\n" +
	"panic: assignment to entry in nil map [runtime.plainError]\n" +
	"runtime.mapassign_faststr\n    /usr/local/go/src/internal/runtime/maps/runtime_faststr.go:265\n" +
	"example.com/blog/internal/posts.(*Store).Draft  [app]\n    /home/dev/blog/internal/posts/store.go:134\n" +
	"    > s.drafts[\"draft\"] = append(s.drafts[\"draft\"], r.URL.Path) // assignment to entry in nil map\n" +
	"net/http.HandlerFunc.ServeHTTP\n    /usr/local/go/src/net/http/server.go:2286\n" +
	"github.com/go-chi/chi/v5.(*Mux).routeHTTP\n    /root/go/pkg/mod/github.com/go-chi/chi/v5@v5.2.1/mux.go:491\n" +
	"net/http.HandlerFunc.ServeHTTP  (repeated 2 times)\n    /usr/local/go/src/net/http/server.go:2286\n" +
	"github.com/go-chi/chi/v5.(*Mux).ServeHTTP\n    /root/go/pkg/mod/github.com/go-chi/chi/v5@v5.2.1/mux.go:90\n" +
	"net/http.serverHandler.ServeHTTP\n    /usr/local/go/src/net/http/server.go:3311\n" +
	"net/http.(*conn).serve\n    /usr/local/go/src/net/http/server.go:2067\n```\n\n" +
	"## Request\n\nGET /posts/7/edit (route /posts/{id}/edit)\n"

// benchWindow is a source window of eleven lines around a failing line.
const benchWindow = `// Draft keeps a draft of the post the request edits.
func (s *Store) Draft(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	post, err := s.db.Post(r.Context(), id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	s.drafts["draft"] = append(s.drafts["draft"], r.URL.Path) // assignment to entry in nil map
	s.log.Info("draft kept", "post", post.ID, "author", post.AuthorID)
}`

// benchSecrets is a log excerpt with a secret on most lines.
const benchSecrets = `level=error msg="dial failed" dsn="postgres://app:Pw-123456@db:5432/app" Authorization: Basic dXNlcjpwYXNz
config: aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
calling https://api.example.com/v1/charges with sk_live_4eC39HqLyjWDarjtT1zdp7dc
password: Tr0ub4dor-yaml
GET /oauth/callback?code=4/0AfJohXm9qZ&state=xyz`

// BenchmarkString measures String on the texts a failure brings: a
// trace, a source window (both without secrets, the common case) and a
// log excerpt full of secrets; each as a text String has not seen (the
// rules read it) and as one it has ("-again": the answer remembered).
func BenchmarkString(b *testing.B) {
	env := *envSecretsRef()
	for _, c := range []struct{ name, text string }{
		{"trace", benchTrace},
		{"window", benchWindow},
		{"secrets", benchSecrets},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.text)))
			for b.Loop() {
				redactWith(c.text, env)
			}
		})
		b.Run(c.name+"-again", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.text)))
			for b.Loop() {
				String(c.text)
			}
		})
	}
}

// TestBenchTextsAreRedactedAsExpected keeps the benchmark honest: the
// clean texts stay as they are, every secret of the log excerpt is hidden.
func TestBenchTextsAreRedactedAsExpected(t *testing.T) {
	for _, clean := range []string{benchTrace, benchWindow} {
		if got := String(clean); got != clean {
			t.Errorf("a text without secrets changed:\n%s", got)
		}
	}
	got := String(benchSecrets)
	for _, s := range []string{"Pw-123456", "dXNlcjpwYXNz", "wJalrXUtnFEMI", "sk_live_4eC39", "Tr0ub4dor-yaml", "4/0AfJohXm9qZ"} {
		if strings.Contains(got, s) {
			t.Errorf("secret %q kept:\n%s", s, got)
		}
	}
}
