package page

import (
	"bytes"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestPageShowsLogLinesAndBody(t *testing.T) {
	r := sampleReport()
	r.Logs = []report.LogLine{{Text: "saving item: <script>alert(1)</script>"}, {Text: "retry skipped"}}
	r.LogsCut = true
	r.Request.Body = "{\n  \"name\": \"<b>Ada</b>\"\n}"
	r.Request.BodyType = "application/json"
	out, _ := renderPage(t, r)

	logs := between(out, `<section class="logs" id="logs">`, "</section>")
	for _, want := range []string{"What the request logged", "2 lines", "earlier lines left out", "saving item: &lt;script&gt;alert(1)&lt;/script&gt;\nretry skipped\n"} {
		if !strings.Contains(logs, want) {
			t.Errorf("log section lacks %q:\n%s", want, logs)
		}
	}
	body := between(out, `<pre class="reqbody">`, "</pre>")
	if !strings.Contains(body, "&lt;b&gt;Ada&lt;/b&gt;") || !strings.Contains(out, "as the handler read it · application/json") {
		t.Errorf("request body not shown, escaped:\n%s", body)
	}
	if strings.Contains(out, "<script>alert(1)") || strings.Contains(out, "<b>Ada") {
		t.Error("a log line or the body reached the page unescaped")
	}

	md := markdownOf(r)
	for _, want := range []string{"## What the request logged\n\nThe newest 2 lines, oldest first (earlier lines left out):", "saving item: <script>alert(1)</script>", "Body, as the handler read it:\n\n```json\n{\n  \"name\""} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	if i, j := strings.Index(md, "## What the request logged"), strings.Index(md, "## Request"); i < 0 || j < i {
		t.Errorf("the log lines do not come before the request in Markdown")
	}
}

func TestPageWithoutLogLines(t *testing.T) {
	out, _ := renderPage(t, sampleReport())
	if strings.Contains(out, `class="logs"`) || strings.Contains(out, `class="reqbody"`) || strings.Contains(markdownOf(sampleReport()), "What the request logged") {
		t.Error("empty log or body sections are shown")
	}
}

func TestEndFallback(t *testing.T) {
	ex := report.Explanation{
		Provider: "offline", Text: "The map `counts` is nil.",
		Error:    "cannot reach the model server <refused>",
		Fallback: "The model call to gpt-4o-mini failed: cannot reach the model server <refused>; this is the offline analysis.",
	}
	var buf bytes.Buffer
	if err := endExplanation(&buf, ex); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`<div class="ex-fallback" role="status">The model call to gpt-4o-mini failed: cannot reach the model server &lt;refused&gt;; this is the offline analysis.</div>`, "Offline analysis", "<code>counts</code>"} {
		if !strings.Contains(out, want) {
			t.Errorf("fallback explanation lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "No model is configured") || strings.Contains(out, "could not explain") || strings.Contains(out, "<refused>") {
		t.Errorf("the fallback is shown as an unconfigured model, a bare error, or unescaped:\n%s", out)
	}
	md := markdownExplanation(ex)
	if !strings.Contains(md, "_Offline analysis_") || !strings.Contains(md, "> The model call to gpt-4o-mini failed") || strings.Contains(md, "no model configured") {
		t.Errorf("Markdown fallback:\n%s", md)
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
