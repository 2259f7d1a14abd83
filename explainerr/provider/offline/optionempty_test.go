package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestLibraryOptionLeftEmpty: a library refuses an empty option by name;
// the app passes it from a field its constructor set from a setting. The
// explanation follows the option to the field and the setting.
func TestLibraryOptionLeftEmpty(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/mailer\n\ngo 1.22\n",
		"conf/conf.go": `package conf

// Config is the app's configuration.
type Config struct{ Mail struct{ Sender string } }
`,
		"notify/notify.go": `package notify

import (
	"example.com/mailer/conf"
	"github.com/acme/smtp"
)

// Notifier sends mail.
type Notifier struct{ from string }

// New returns a notifier.
func New(cfg *conf.Config) *Notifier {
	return &Notifier{
		from: cfg.Mail.Sender,
	}
}

// Send sends body to to.
func (n *Notifier) Send(to, body string) error {
	return smtp.Send(smtp.Message{
		From: n.from,
		To:   to,
		Body: body,
	})
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/mailer/notify"
)

var mail *notify.Notifier

// Invite sends an invitation.
func Invite(w http.ResponseWriter, r *http.Request) {
	if err := mail.Send(r.FormValue("to"), "join us"); err != nil {
		http.Error(w, "could not send the invitation", http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("could not send the invitation", app.frame(t, "status", "example.com/mailer/web.Invite"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 10:00:00 send invitation: From must be set"}}
	text := Analyze(r)
	mustHave(t, text, "An empty `From` passed to `smtp.Message`", "passes `From: n.from` in its `smtp.Message`",
		"`n.from` is set at `New` (`notify.go:14`): `from: cfg.Mail.Sender,`", "give `from` a default in `New`")
	assertGroundedIn(t, r, text, files)
}
