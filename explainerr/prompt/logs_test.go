package prompt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

func TestLogLinesAndBodyInThePrompt(t *testing.T) {
	r := &report.Report{
		Error:   report.Error{Kind: report.KindStatus, Type: "http.Status", Message: "internal error"},
		Status:  500,
		Request: report.Request{Method: "POST", URL: "/items", Body: "{\n  \"name\": \"Ada\"\n}", BodyType: "application/json"},
	}
	for i := range 40 {
		r.Logs = append(r.Logs, report.LogLine{Text: fmt.Sprintf("2026/01/02 10:00:00 step %02d: token=sk-abcdefghijklmnopqrstuvwx%02d", i, i)})
	}
	r.Logs = append(r.Logs, report.LogLine{Text: "saving item: database is locked"})
	chunk := report.Chunk{File: "store.go", StartLine: 1, EndLine: 400, Symbol: "Save", Text: strings.Repeat("x := 1 // filler line\n", 400)}
	// Build is given the sealed report's texts, as Prepare gives them.
	p, kept := Build(redact.Seal(r, nil).Report(), []report.Chunk{chunk}, Options{Budget: 4000})

	logs := between(p.User, "## Log lines the request wrote (oldest first)\n\n", "\n\n#")
	if !strings.Contains(logs, "saving item: database is locked") || !strings.Contains(logs, "(earlier lines left out)") {
		t.Errorf("log section keeps the newest line and says older ones were left out:\n%s", logs)
	}
	if strings.Contains(logs, "step 00") || len(logs) > maxLogs+200 {
		t.Errorf("the log section is not bounded (%d chars):\n%s", len(logs), logs)
	}
	if strings.Contains(p.User, "sk-abcdefghijklmnop") {
		t.Errorf("a token in a log line reached the prompt")
	}
	if !strings.Contains(p.User, "Body (application/json), as the handler read it:") || !strings.Contains(p.User, `"name": "Ada"`) {
		t.Errorf("the request body is missing:\n%s", p.User)
	}
	if n := len(p.System) + len(p.User); n > 4000 || len(kept) != 1 || !strings.Contains(kept[0].Text, "cut to fit") {
		t.Errorf("prompt of %d chars with %d chunks: the logs must count against the budget and the source be cut to fit", n, len(kept))
	}
	if strings.Index(p.User, "## Log lines") > strings.Index(p.User, "## App source") {
		t.Errorf("the log lines come after the retrieved source")
	}
}

func TestNoLogSectionWithoutLines(t *testing.T) {
	p, _ := Build(&report.Report{Error: report.Error{Kind: report.KindPanic, Message: "boom"}}, nil, Options{})
	if strings.Contains(p.User, "Log lines") || strings.Contains(p.User, "Body") {
		t.Errorf("empty sections in:\n%s", p.User)
	}
}

// between returns the text of s after start up to the next end, or "".
func between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+len(start):]
	if j := strings.Index(s, end); j >= 0 {
		return s[:j]
	}
	return s
}
