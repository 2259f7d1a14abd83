package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestPanicGuardBringsTheFieldsWriters: a panic the app raises when
// neither of two fields of its options is set brings the function that
// builds those options from the settings.
func TestPanicGuardBringsTheFieldsWriters(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/post\n",
		"mail/mail.go": `package mail

// Options say how mail goes out.
type Options struct {
	UseSMTP bool
	UseFile bool
}

// Mailer sends mail.
type Mailer struct{ opts Options }

// Send sends one message.
func (m *Mailer) Send(to string) error {
	if !m.opts.UseSMTP && !m.opts.UseFile {
		panic("no way to send mail configured")
	}
	return nil
}
`,
		"setup/setup.go": `package setup

import "example.com/post/mail"

// Options reads how mail goes out from the transport setting.
func Options(transport string) mail.Options {
	return mail.Options{UseSMTP: transport == "smtp", UseFile: transport == "files"}
}
`,
	})
	r := shelfReport(root, "no way to send mail configured", report.Frame{Function: "example.com/post/mail.(*Mailer).Send", File: "mail/mail.go", Line: 15})
	r.Error.Kind = report.KindPanic
	r.Error.Type = "string"
	got := reasons(Static(r))
	if !contains(got[report.ReasonSetting], "setup/setup.go:Options") {
		t.Errorf("the function that sets the options is not a setting chunk: %v", got)
	}
}
