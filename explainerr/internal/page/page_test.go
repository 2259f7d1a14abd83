package page

import (
	"bytes"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// renderPage writes a whole page for r the way the middleware does: Start,
// the streamed pieces, End.
func renderPage(t *testing.T, r *report.Report, deltas ...string) (string, http.Header) {
	t.Helper()
	h := http.Header{}
	nonce := Headers(h)
	var buf bytes.Buffer
	if err := startReport(&buf, r, nonce); err != nil {
		t.Fatalf("Start: %v", err)
	}
	for _, d := range deltas {
		if err := Delta(&buf, d); err != nil {
			t.Fatalf("Delta: %v", err)
		}
	}
	if err := endExplanation(&buf, r.Explanation); err != nil {
		t.Fatalf("End: %v", err)
	}
	return buf.String(), h
}

func TestHeaders(t *testing.T) {
	h := http.Header{}
	h.Set("Content-Length", "42")
	h.Set("Content-Type", "text/plain")
	nonce := Headers(h)
	if len(nonce) < 16 {
		t.Fatalf("nonce %q is too short", nonce)
	}
	want := map[string]string{
		"Content-Type":           "text/html; charset=utf-8",
		"Cache-Control":          "no-store",
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "no-referrer",
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if h.Get("Content-Length") != "" {
		t.Error("Content-Length was not deleted")
	}
	csp := h.Get("Content-Security-Policy")
	for _, d := range []string{"default-src 'none'", "script-src 'nonce-" + nonce + "'", "style-src 'nonce-" + nonce + "'", "img-src data:", "base-uri 'none'", "form-action 'none'"} {
		if !strings.Contains(csp, d) {
			t.Errorf("CSP %q lacks %q", csp, d)
		}
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'unsafe-inline'") {
		t.Errorf("CSP %q allows unsafe scripts", csp)
	}
	if other := Headers(http.Header{}); other == nonce {
		t.Error("two pages got the same nonce")
	}
}

func TestPageSectionsAndOrder(t *testing.T) {
	r := sampleReport()
	out, h := renderPage(t, r, "ViewCounter.Add writes ", "to a nil map.")

	for _, want := range []string{`id="trace"`, `id="request"`, `id="context"`, `id="build"`, `id="prompt"`, `id="markdown"`, `id="explanation"`, `class="notices"`} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(out), "</html>") {
		t.Error("document is not closed")
	}
	// The explanation is last in the document and first on screen.
	if strings.Index(out, `id="explanation"`) < strings.Index(out, `id="trace"`) {
		t.Error("explanation area is written before the trace")
	}
	if !strings.Contains(out, ".page>.explain{order:1}") || !strings.Contains(out, ".page>.trace{order:3}") {
		t.Error("CSS does not put the explanation first")
	}
	// Stream, then final, and the CSS that hides the stream once final exists.
	stream := strings.Index(out, `<div class="stream">`)
	final := strings.Index(out, `<div class="final">`)
	if stream < 0 || final < stream {
		t.Fatalf("stream block at %d, final block at %d", stream, final)
	}
	if !strings.Contains(out[stream:final], "ViewCounter.Add writes to a nil map.") {
		t.Error("streamed text is not inside the stream block")
	}
	if !regexp.MustCompile(`</div></div>\s*<div class="final">`).MatchString(out) {
		t.Error("final block does not directly follow the stream block")
	}
	if !strings.Contains(out, ".stream:has(+ .final){display:none}") {
		t.Error("no CSS rule hides the stream once the final block exists")
	}
	if !strings.Contains(out[stream:final], "explaining…") {
		t.Error("no pending indicator in the stream block")
	}

	// App frames first on screen: the innermost app frame with its source,
	// before any library frame; library frames only inside <details>.
	appAt := strings.Index(out, `class="frame app"`)
	libAt := strings.Index(out, `class="frame lib"`)
	if appAt < 0 || libAt < 0 || appAt > libAt {
		t.Errorf("first app frame at %d, first library group at %d", appAt, libAt)
	}
	if !strings.Contains(out, `<span class="no">31</span><code>	c.counts[slug]&#43;&#43;</code>`) &&
		!strings.Contains(out, `<span class="no">31</span><code>	c.counts[slug]++</code>`) {
		t.Error("failing line 31 of the app frame is not shown")
	}
	if !regexp.MustCompile(`<div class="ln hit"><span class="no">31</span>`).MatchString(out) {
		t.Error("failing line is not marked")
	}
	for _, f := range r.Frames {
		if f.Kind == report.FrameApp {
			continue
		}
		for _, at := range indexes(out[:stream], ">"+shortFunction(f.Function)+"<") {
			open := strings.LastIndex(out[:at], `<details class="frame lib">`)
			if open < 0 || strings.Contains(out[open:at], "</details>") {
				t.Errorf("library frame %s at %d is outside a <details> group", f.Function, at)
			}
		}
	}
	if strings.Count(out, ">4 library frames<") != 2 || !strings.Contains(out, "3 app frames · 8 library frames") {
		t.Error("library runs are not counted")
	}
	if !strings.Contains(out, "withRequestLog.func1") {
		t.Error("outer app frame is missing")
	}

	// Retrieved source, request and build.
	for _, want := range []string{"retrieval on · 2 chunks", "blogapp/store/views.go:12–22", "NewViewCounter", "graph", "score 0.92",
		"<th scope=\"row\">Accept</th>", "<th scope=\"row\">ref</th>", "[redacted]", "/posts/{slug}", "go1.26.8", "9c1e2f4", "modified",
		"index built 3 days ago", "Explained by gpt-4o-mini", "1432 &#43; 187 tokens", "2.3 s", "≈ $0.0003", "Copy as Markdown"} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// The rendered explanation, with its code block.
	if !strings.Contains(out, `<div class="md"><p><strong>What went wrong.</strong>`) || !strings.Contains(out, `<pre><code class="language-go">`) {
		t.Error("explanation Markdown is not rendered")
	}

	// The Markdown report rides along for "Copy as Markdown": the report
	// in Start, the explanation in End.
	if !regexp.MustCompile(`(?s)<textarea id="md-report"[^>]*>\n# ` + "`" + `assignment to entry in nil map` + "`" + `.*## Stack trace \(innermost first\).*</textarea>`).MatchString(out) {
		t.Error("the Markdown report is not embedded")
	}
	if !regexp.MustCompile(`(?s)<textarea id="md-explanation"[^>]*>\n## Explanation\n\n_Explained by gpt-4o-mini_.*What went wrong.*</textarea>`).MatchString(out) {
		t.Error("the explanation's Markdown is not embedded")
	}

	// One script, with the nonce of the CSP header.
	nonce := regexp.MustCompile(`'nonce-([^']+)'`).FindStringSubmatch(h.Get("Content-Security-Policy"))
	if nonce == nil {
		t.Fatal("no nonce in the CSP header")
	}
	checkOneScript(t, out, nonce[1])
}

// checkOneScript asserts that the page has exactly one script element and
// one style element, both carrying nonce, and no inline handlers or styles.
func checkOneScript(t *testing.T, out, nonce string) {
	t.Helper()
	scripts, styles := 0, 0
	for _, tg := range startTags(out) {
		switch tg.Name {
		case "script":
			scripts++
			if tg.Attrs["nonce"] != nonce {
				t.Errorf("script nonce %q, CSP nonce %q", tg.Attrs["nonce"], nonce)
			}
		case "style":
			styles++
			if tg.Attrs["nonce"] != nonce {
				t.Errorf("style nonce %q, CSP nonce %q", tg.Attrs["nonce"], nonce)
			}
		}
	}
	if scripts != 1 || styles != 1 {
		t.Errorf("%d script and %d style elements, want 1 and 1", scripts, styles)
	}
	if n := strings.Count(strings.ToLower(out), "<script"); n != 1 {
		t.Errorf("%d occurrences of <script, want 1", n)
	}
	if bad := unsafeMarkup(out, true); bad != "" {
		t.Errorf("page contains %s", bad)
	}
}

func indexes(s, sub string) []int {
	var out []int
	for i := 0; ; {
		j := strings.Index(s[i:], sub)
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + len(sub)
	}
}

func TestPageEscapesEverything(t *testing.T) {
	r := hostileReport()
	out, h := renderPage(t, r, xss, "more "+xss)
	nonce := regexp.MustCompile(`'nonce-([^']+)'`).FindStringSubmatch(h.Get("Content-Security-Policy"))[1]
	checkOneScript(t, out, nonce)

	lower := strings.ToLower(out)
	if strings.Contains(lower, "<img") {
		t.Error("an <img> element made it into the page")
	}
	for _, tg := range startTags(out) {
		for name, value := range tg.Attrs {
			if strings.Contains(strings.ToLower(value), "javascript:") && name != "title" {
				t.Errorf("<%s %s=%q> carries a javascript: URL", tg.Name, name, value)
			}
		}
	}
	// Raw-text elements are closed only by the page itself.
	if n := strings.Count(lower, "</textarea>"); n != 2 {
		t.Errorf("%d </textarea>, want 2 (the page's own)", n)
	}
	if n := strings.Count(lower, "</title>"); n != 1 {
		t.Errorf("%d </title>, want 1", n)
	}
	if n := strings.Count(lower, "</style>"); n != 1 {
		t.Errorf("%d </style>, want 1", n)
	}
	// The payload is shown, as text.
	if !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("escaped payload not visible in the page")
	}
	if !strings.Contains(out, "The model could not explain this failure:") {
		t.Error("explanation error not shown")
	}
}

func TestDeltaEscapes(t *testing.T) {
	var buf bytes.Buffer
	if err := Delta(&buf, `<b>"x" & 'y'</b>`); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); strings.ContainsAny(got, "<>\"'") {
		t.Errorf("Delta wrote %q", got)
	}
}

func TestEndOffline(t *testing.T) {
	var buf bytes.Buffer
	err := endExplanation(&buf, report.Explanation{Provider: "offline", Text: "The map `counts` is nil.", DurationMS: 3})
	if err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"Offline analysis", "OPENAI_API_KEY", "OPENAI_BASE_URL", "README", "<code>counts</code>", "3 ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("offline explanation lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Explained by") || strings.Contains(out, "could not explain") {
		t.Errorf("offline explanation is labelled as a model's or an error:\n%s", out)
	}
}

func TestEndModelFailure(t *testing.T) {
	var buf bytes.Buffer
	err := endExplanation(&buf, report.Explanation{Provider: "openai", Model: "gpt-4o-mini", Error: "timed out after 20s", Throttled: true, Cached: true, Truncated: true})
	if err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"The model could not explain this failure:</strong> timed out after 20s", "Explained by gpt-4o-mini", ">cached<", ">throttled<", "truncated at the token limit", `role="alert"`} {
		if !strings.Contains(out, want) {
			t.Errorf("failed explanation lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "No explanation was made") {
		t.Error("an error is reported as a missing explanation")
	}
	buf.Reset()
	if err := endExplanation(&buf, report.Explanation{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "No explanation was made") {
		t.Errorf("empty explanation not said:\n%s", buf.String())
	}
}

func TestLongMessageIsFolded(t *testing.T) {
	r := sampleReport()
	r.Error.Message = strings.Repeat("é", 3000) + "TAIL-MARK"
	out, _ := renderPage(t, r)
	h1 := out[strings.Index(out, `<h1 class="message">`):]
	h1 = h1[:strings.Index(h1, "</h1>")]
	if len(h1) > messageHead+64 {
		t.Errorf("header message is %d bytes long", len(h1))
	}
	if strings.Contains(h1, "TAIL-MARK") || strings.ContainsRune(h1, '\uFFFD') {
		t.Error("header shows the end of the message or a broken character")
	}
	more := regexp.MustCompile(`(?s)<details class="more"><summary>Show the rest of the message \([0-9.]+ KB\)</summary><pre class="message-rest">\né+TAIL-MARK</pre>`)
	if !more.MatchString(out) {
		t.Error("the rest of the message is not in a <details>")
	}
}

func TestRepeatAndNoSource(t *testing.T) {
	r := sampleReport()
	r.Frames = []report.Frame{
		{Function: "example.com/app.walk", File: "/app/tree.go", Line: 9, Kind: report.FrameApp, Repeat: 250},
		{Function: "example.com/app.main", File: "/app/main.go", Line: 3, Kind: report.FrameApp},
	}
	r.Mode = report.ModePlain
	r.Context = nil
	out, _ := renderPage(t, r)
	if !strings.Contains(out, "×250") {
		t.Error("repeat count not shown")
	}
	if !strings.Contains(out, `<div class="frame app nosrc">`) {
		t.Error("app frame without source not shown")
	}
	if !strings.Contains(out, "retrieval off") || !strings.Contains(out, "Retrieval was off") {
		t.Error("retrieval mode not shown")
	}
	if !strings.Contains(out, "2 app frames · 0 library frames") {
		t.Error("frame counts not shown")
	}
}

func TestStartNilReport(t *testing.T) {
	if err := startReport(&bytes.Buffer{}, nil, "n"); err == nil {
		t.Error("Start accepted a nil report")
	}
}
