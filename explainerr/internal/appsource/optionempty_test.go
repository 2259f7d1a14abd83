package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestEmptyLibraryOption: a library's refusal of an empty option the app
// passes from a field of its service brings the constructor that set the
// field from a setting, and the method that passes it, both ranked right
// after the frame.
func TestEmptyLibraryOption(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/digest\n",
		"mailer/mailer.go": `package mailer

import "github.com/acme/smtpkit"

type Config struct{ Sender, Host string }

type Mailer struct {
	sender string
	host   string
}

func New(cfg Config) *Mailer {
	return &Mailer{
		sender: cfg.Sender,
		host:   cfg.Host,
	}
}

func (m *Mailer) Send(to, body string) error {
	return smtpkit.Send(smtpkit.Envelope{Sender: m.sender, To: to, Host: m.host}, body)
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/digest/mailer"
)

type Server struct{ mail *mailer.Mailer }

func (s *Server) invite(w http.ResponseWriter, r *http.Request) {
	if err := s.mail.Send(r.FormValue("to"), "welcome"); err != nil {
		http.Error(w, "could not send", http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, "could not send", report.Frame{Function: "example.com/digest/web.(*Server).invite", File: "web/web.go", Line: 12})
	r.Logs = []report.LogLine{{Text: "send failed: smtpkit: Sender must be set"}}
	cs := Static(r)
	got := reasonsInOrder(cs)
	if len(got) < 3 || !contains(got[1:3], "constructor:New") || !contains(got[1:3], "origin:(*Mailer).Send") {
		t.Fatalf("want mailer.New, which sets the sender, and Send after the frame, got %v", got)
	}
	// An option no literal of the reached functions passes brings none.
	r.Logs = []report.LogLine{{Text: "send failed: smtpkit: Port must be set"}}
	for _, c := range Static(r) {
		if c.Reason == report.ReasonConstructor {
			t.Errorf("a constructor for an option nothing passes: %v", reasonsInOrder(Static(r)))
		}
	}
}
