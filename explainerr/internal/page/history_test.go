package page

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/report"
)

func TestHistoryPageEscapesEveryField(t *testing.T) {
	const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>'&`
	v := &HistoryView{
		Nonce:       "n0nce",
		ClearAction: "/_explainerr/",
		Kept:        evil,
		Note:        evil,
		Entries: []history.Entry{{
			Report: "/_explainerr/reports/" + evil, Time: time.Now(), Method: evil, Path: evil, Route: evil,
			Status: 500, Kind: evil, Late: true, Message: evil, Explainer: evil, Count: 2,
		}, {
			Report: "/_explainerr/reports/crash-1", Kind: "crash", Count: 1,
		}},
	}
	var b strings.Builder
	if err := WriteHistory(&b, v); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	allowed := map[string]bool{}
	for _, n := range strings.Fields("html head meta title style body div header span form button h1 p section table thead tr th tbody td time code br a") {
		allowed[n] = true
	}
	for _, tg := range startTags(out) {
		if !allowed[tg.Name] {
			t.Errorf("unexpected element <%s> at %d", tg.Name, tg.Pos)
		}
		for name, value := range tg.Attrs {
			if strings.HasPrefix(name, "on") {
				t.Errorf("event handler %s on <%s>", name, tg.Name)
			}
			if name == "href" && !strings.HasPrefix(value, "/_explainerr/reports/") {
				t.Errorf("link to %q", value)
			}
		}
		if tg.Name == "style" && tg.Attrs["nonce"] != "n0nce" {
			t.Errorf("style without the nonce: %v", tg.Attrs)
		}
	}
	for _, want := range []string{"2 failures", `action="/_explainerr/"`, "tag-late", ">crash<", "no request", "not explained"} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q", want)
		}
	}

	b.Reset()
	WriteHistory(&b, &HistoryView{ClearAction: "/_explainerr/"})
	if out := b.String(); !strings.Contains(out, "No failures recorded") || strings.Contains(out, "<form") {
		t.Errorf("an empty history: %s", out)
	}
}

func TestHistoryHeadersAllowOnlyTheOwnForm(t *testing.T) {
	h := http.Header{}
	nonce := HistoryHeaders(h)
	csp := h.Get("Content-Security-Policy")
	if nonce == "" || !strings.Contains(csp, "form-action 'self'") || strings.Contains(csp, "form-action 'none'") || !strings.Contains(csp, "'nonce-"+nonce+"'") {
		t.Errorf("CSP = %q", csp)
	}
	if h.Get("X-Frame-Options") != "DENY" || h.Get("Cache-Control") != "no-store" {
		t.Errorf("headers: %v", h)
	}
}

func TestEndStoredAddsInsideThePage(t *testing.T) {
	var b strings.Builder
	if err := endStored(&b, report.Explanation{Provider: "offline", Text: "**why**"}, "/_explainerr/", `<section class="extra">x</section>`); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	extra := strings.Index(out, `<section class="extra">`)
	back := strings.Index(out, `href="/_explainerr/"`)
	body := strings.Index(out, "</body>")
	explanation := strings.Index(out, "<strong>why</strong>")
	if extra < 0 || back < 0 || body < 0 || explanation < 0 || !(explanation < extra && extra < back && back < body) {
		t.Errorf("additions misplaced (explanation %d, extra %d, link %d, </body> %d):\n%s", explanation, extra, back, body, out)
	}
	if !strings.HasSuffix(out, "</html>\n") || strings.Count(out, "</body>") != 1 {
		t.Errorf("the document is not closed once:\n%s", out)
	}
}
