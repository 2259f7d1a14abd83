package page

import (
	"regexp"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestMarkdownReport(t *testing.T) {
	md := markdownOf(sampleReport())
	for _, want := range []string{
		"# `assignment to entry in nil map`",
		"**panic** · `runtime.plainError` · `GET /posts/hello-world?ref=home` (route `/posts/{slug}`) · status 500 Internal Server Error",
		"## Error\n\n```text\nassignment to entry in nil map\n```",
		"## Stack trace (innermost first)",
		"app   github.com/explainerr/explainerr/blogapp/store.(*ViewCounter).Add\n      /work/main/blogapp/store/views.go:31\n      > 31 | c.counts[slug]++\n",
		"app   github.com/explainerr/explainerr/blogapp/web.(*Server).showPost\n      /work/main/blogapp/web/posts.go:58\n      > 58 | s.views.Add(post.Slug)\n",
		"  … 4 library frames: github.com/explainerr/explainerr/explainerr, net/http, github.com/go-chi/chi/v5\n",
		"app   github.com/explainerr/explainerr/blogapp/web.withRequestLog.func1\n",
		"## Source\n\n### `store.(*ViewCounter).Add` — `/work/main/blogapp/store/views.go:31`\n\n```go\n",
		"> 31 | \tc.counts[slug]++\n",
		"  30 | \tc.total++\n",
		"## Request\n\n```text\nGET /posts/hello-world?ref=home\nRoute: /posts/{slug}\nStatus: 500\nHeaders:\n  Accept: text/html,application/xhtml+xml\n  Cookie: [redacted]\n",
		"Query:\n  ref: home\n",
		"## Build\n\n- Go: `go1.26.8`\n- Module: `github.com/explainerr/explainerr`\n- Revision: `9c1e2f4 (modified)`\n- Fingerprint: `3f9a1c0d5e7b`\n",
		"## Retrieved source (retrieval on, 2 chunks)\n\n- `blogapp/store/views.go:12-22` `NewViewCounter` — graph, score 0.92\n- `blogapp/store/views.go:26-33` `(*ViewCounter).Add` — frame, score 1.00\n",
		"## Notices\n\n- index built 3 days ago",
		"## Explanation\n\n_Explained by gpt-4o-mini_ · 1432 + 187 tokens · ≈ $0.0003 · 2.3 s\n\n**What went wrong.**",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks:\n%s\n--- in ---\n%s", want, md)
		}
	}
	// App frames come before the collapsed library frames and the library
	// frames are not listed one by one.
	if strings.Index(md, "(*ViewCounter).Add") > strings.Index(md, "library frames") {
		t.Error("library frames are listed before the innermost app frame")
	}
	if strings.Contains(md, "routeHTTP") || strings.Contains(md, "(*conn).serve") {
		t.Error("collapsed library frames are listed one by one")
	}
	// Three app frames, but only the two with source get a source block.
	if n := strings.Count(md, "### "); n != 2 {
		t.Errorf("%d source blocks, want 2", n)
	}
}

// TestMarkdownExplanationFirst checks that the explanation is the report's
// first section, as on the page: right under the title and the facts line,
// before the error and the trace; and that the report ends with one
// newline.
func TestMarkdownExplanationFirst(t *testing.T) {
	md := markdownOf(sampleReport())
	head := "# `assignment to entry in nil map`\n\n**panic** · `runtime.plainError` · `GET /posts/hello-world?ref=home` (route `/posts/{slug}`) · status 500 Internal Server Error\n\n## Explanation\n\n"
	if !strings.HasPrefix(md, head) {
		t.Fatalf("the report does not start with its title, facts and explanation:\n%s", md)
	}
	sections := regexp.MustCompile(`(?m)^## (\w+)`).FindAllStringSubmatch(md, -1)
	var order []string
	for _, s := range sections {
		order = append(order, s[1])
	}
	if got, want := strings.Join(order, " "), "Explanation Error Stack Source Request Build Retrieved Notices"; got != want {
		t.Errorf("sections %q, want %q", got, want)
	}
	if !strings.Contains(md, "2.3 s\n\n**What went wrong.**") || !strings.Contains(md, "\n\n## Error\n\n") {
		t.Errorf("the explanation is not a section of its own:\n%s", md)
	}
	if !strings.HasSuffix(md, "\n") || strings.HasSuffix(md, "\n\n") {
		t.Errorf("the report ends with %q, want one newline", md[max(0, len(md)-20):])
	}
}

func TestMarkdownWithPutsSectionsAfterTheExplanation(t *testing.T) {
	r := sampleReport()
	md := markdownWith(r, "\n## Follow-up questions\n\n### Why nil?\n\nNobody made it.\n")
	want := "Make the map in the constructor:\n\n```go\nfunc NewViewCounter() *ViewCounter {\n\treturn &ViewCounter{counts: map[string]int{}}\n}\n```\n\n## Follow-up questions\n\n### Why nil?\n\nNobody made it.\n\n## Error\n"
	if !strings.Contains(md, want) {
		t.Errorf("the follow-ups are not between the explanation and the error:\n%s", md)
	}
	if markdownWith(r, "") != markdownOf(r) || markdownWith(r, "\n\n") != markdownOf(r) {
		t.Error("MarkdownWith without sections differs from Markdown")
	}
	if markdownWith(nil, "## Follow-up questions\n") != "" {
		t.Error("markdownWith(nil) is not empty")
	}
}

// TestCopiedReportIsTheServedReport checks the contract of the page's "Copy
// as Markdown" button (assets/page.js): the report embedded in the page,
// with the explanation spliced in before its first "## " section, is the
// Markdown report the server sends.
func TestCopiedReportIsTheServedReport(t *testing.T) {
	for name, r := range map[string]*report.Report{"sample": sampleReport(), "hostile": hostileReport()} {
		report := strings.TrimRight(markdownReport(r, false, ""), " \t\n") + "\n"
		explanation := strings.TrimRight(markdownExplanation(r.Explanation), " \t\n") + "\n"
		at := strings.Index(report, "\n## ")
		if at < 0 {
			t.Fatalf("%s: the embedded report has no section", name)
		}
		copied := report[:at+1] + explanation + "\n" + report[at+1:]
		if md := markdownOf(r); copied != md {
			t.Errorf("%s: the copied report differs from the served one:\ncopied:\n%s\nserved:\n%s", name, copied, md)
		}
	}
}

func TestMarkdownExplanationStates(t *testing.T) {
	r := sampleReport()
	r.Explanation = report.Explanation{Provider: "offline", Text: "The map is nil."}
	if md := markdownOf(r); !strings.Contains(md, "_Offline analysis (no model configured)_\n\nThe map is nil.\n") {
		t.Errorf("offline explanation:\n%s", md)
	}
	r.Explanation = report.Explanation{Provider: "openai", Model: "gpt-4o-mini", Error: "HTTP 500 after 3 attempts", Throttled: true}
	if md := markdownOf(r); !strings.Contains(md, "> **The model could not explain this failure:** HTTP 500 after 3 attempts") || !strings.Contains(md, "throttled") {
		t.Errorf("failed explanation:\n%s", md)
	}
	r.Mode = report.ModePlain
	r.Context = nil
	if md := markdownOf(r); !strings.Contains(md, "## Retrieved source (retrieval off)\n\nNo source was retrieved") {
		t.Errorf("plain mode:\n%s", md)
	}
	if markdownOf(nil) != "" {
		t.Error("markdownOf(nil) is not empty")
	}
}

// TestMarkdownFencesHold checks that report text cannot break out of its
// code span or fenced block: rendered, every payload stays code.
func TestMarkdownFencesHold(t *testing.T) {
	r := hostileReport()
	breakout := "```\n# Injected heading\n````\n[click](https://evil.example)\n"
	r.Error.Message = breakout + xss
	r.Request.URL = "/x`` [click](https://evil.example) ``"
	r.Frames[0].Source.Lines[5] = "````"
	r.Explanation = report.Explanation{Provider: "offline", Text: "ok"}
	md := markdownOf(r)
	out := string(RenderMarkdown(md))
	if strings.Contains(out, "<h1>Injected heading</h1>") {
		t.Errorf("a message broke out of its fenced block:\n%s", md)
	}
	if strings.Contains(out, `href="https://evil.example"`) {
		t.Errorf("report text became a link:\n%s", out)
	}
	if bad := unsafeMarkup(out, false); bad != "" {
		t.Errorf("rendered Markdown report contains %s", bad)
	}
}

func TestCodeSpan(t *testing.T) {
	for in, want := range map[string]string{
		"plain":      "`plain`",
		"a`b":        "`` a`b ``",
		"`x`":        "`` `x` ``",
		"a\nb":       "`a b`",
		"":           "` `",
		"x ``` y ``": "```` x ``` y `` ````",
	} {
		if got := code(in); got != want {
			t.Errorf("code(%q) = %q, want %q", in, got, want)
		}
	}
}
