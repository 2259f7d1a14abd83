package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestEncryptionKeyOfTheWrongSize: crypto/aes refuses a 40-byte key that
// the app gives a cookie store as its encryption key; the call that gives
// it is named, with the sizes AES takes.
func TestEncryptionKeyOfTheWrongSize(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/board\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"net/http"

	"github.com/gorilla/sessions"
)

// Server answers the board.
type Server struct{ store *sessions.CookieStore }

// New returns a server whose sessions are kept with secret.
func New(secret string) *Server {
	return &Server{store: sessions.NewCookieStore([]byte(secret), []byte(secret))}
}

// Login signs a user in.
func (s *Server) Login(w http.ResponseWriter, r *http.Request) {
	sess, _ := s.store.Get(r, "auth")
	if err := sess.Save(r, w); err != nil {
		http.Error(w, "could not sign in", http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("could not sign in", app.frame(t, "status", "example.com/board/web.(*Server).Login"))
	r.Logs = []report.LogLine{{Text: `time="2026-12-03T19:56:22Z" level=error msg="saving session" error="securecookie: error - caused by: crypto/aes: invalid key size 40"`}}
	text := Analyze(r)
	mustHave(t, text, "An encryption key of 40 bytes: AES takes 16, 24 or 32", "`New` (`web.go:14`)", "At `web.go:14`, give the encryption key 16, 24 or 32 bytes")
	assertGroundedIn(t, r, text, files)
}
