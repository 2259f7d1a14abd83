package redact_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/canary"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// canarySecret is a token of a known provider format, hidden wherever it
// stands.
const canarySecret = "sk-proj-Zq3vT8mW1xR5nB7kL2pD9fH4jC6gY0sA1eU3iO5rT7wQ9zX"

// TestSealHidesEveryField plants a secret in every text of a report and
// checks that none is left in the sealed value, read or encoded.
func TestSealHidesEveryField(t *testing.T) {
	var r report.Report
	paths := canary.Plant(&r, canarySecret)
	if len(paths) < 40 {
		t.Fatalf("planted %d texts, want every text of a report: %v", len(paths), paths)
	}
	s := redact.Seal(&r, nil)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), canarySecret) {
		t.Errorf("the sealed JSON holds the secret: %s", b)
	}
	read, _ := json.Marshal(s.Report())
	if string(read) != string(b) {
		t.Errorf("Report() is not the sealed report:\n%s\n%s", read, b)
	}
	var looked []byte
	s.Read(func(r *report.Report) { looked, _ = json.Marshal(r) })
	if string(looked) != string(b) {
		t.Errorf("Read does not show the sealed report:\n%s\n%s", looked, b)
	}
	for _, p := range paths {
		if !strings.Contains(string(b), "before "+p+" ") {
			t.Errorf("the text at %s was lost, not redacted", p)
		}
	}
	if !strings.Contains(string(r.Error.Message), canarySecret) {
		t.Error("Seal changed the report it was given")
	}
}

// TestSealedAmendRedactsWhatIsAdded checks that text added after the seal
// (an explanation, a notice, the prompt) is redacted on the way in, also
// the request's known secrets, and that the sealed value does not change.
func TestSealedAmendRedactsWhatIsAdded(t *testing.T) {
	known := new(redact.Known)
	known.Add("hunter2-correct-horse")
	s := redact.Seal(&report.Report{Error: report.Error{Message: "login failed"}}, known)
	e := s.WithExplanation(report.Explanation{Text: "the key " + canarySecret + " and password hunter2-correct-horse"}).
		WithNotices("notice " + canarySecret).
		Amend(func(r *report.Report) { r.Prompt.User = "user " + canarySecret })
	b, _ := json.Marshal(e)
	for _, secret := range []string{canarySecret, "hunter2-correct-horse"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("an amended report holds %q: %s", secret, b)
		}
	}
	if got := e.Report().Error.Message; got != "login failed" {
		t.Errorf("the message changed to %q", got)
	}
	if s.Report().Explanation.Text != "" {
		t.Error("amending changed the sealed value it started from")
	}
	if got := e.Hide("echo hunter2-correct-horse"); strings.Contains(got, "hunter2") {
		t.Errorf("Hide kept the request's secret: %q", got)
	}
}

// TestSealedReportIsACopy checks that changing what Report returns changes
// nothing sealed.
func TestSealedReportIsACopy(t *testing.T) {
	s := redact.Seal(&report.Report{Frames: []report.Frame{{Function: "main.f", Source: &report.Source{Lines: []string{"a"}}}}, Request: report.Request{Headers: map[string]string{"A": "b"}}}, nil)
	r := s.Report()
	r.Frames[0].Source.Lines[0] = "changed"
	r.Frames[0].Function = "changed"
	r.Request.Headers["A"] = "changed"
	again := s.Report()
	if again.Frames[0].Source.Lines[0] != "a" || again.Frames[0].Function != "main.f" || again.Request.Headers["A"] != "b" {
		t.Errorf("the sealed report changed through a copy: %+v", again)
	}
}

// TestSealedSourceIsOneText checks that a private key spread over a
// source window's lines is hidden whole.
func TestSealedSourceIsOneText(t *testing.T) {
	lines := []string{"const key = `-----BEGIN RSA PRIVATE KEY-----", "MIIEowIBAAKCAQEAx7dGQn9Vd0abc", "-----END RSA PRIVATE KEY-----`"}
	s := redact.Seal(&report.Report{Frames: []report.Frame{{Source: &report.Source{StartLine: 1, Lines: lines, Line: 2}}}}, nil)
	got := s.Report().Frames[0].Source
	if len(got.Lines) != 3 || strings.Contains(strings.Join(got.Lines, "\n"), "MIIEowIBAAKCAQEAx7dGQn9Vd0abc") {
		t.Errorf("the key's body was not hidden: %q", got.Lines)
	}
}
