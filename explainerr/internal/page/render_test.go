package page

import (
	"strings"
	"testing"
)

func TestRenderMarkdownRawHTMLIsText(t *testing.T) {
	in := "Hello <script>alert(1)</script> <b onclick=\"x()\">bold</b> got <nil>\n\n<div>\n<iframe src=\"https://evil.example\"></iframe>\n</div>\n\n<img src=x onerror=alert(1)>\n"
	out := string(RenderMarkdown(in))
	if bad := unsafeMarkup(out, false); bad != "" {
		t.Errorf("output contains %s:\n%s", bad, out)
	}
	for _, bad := range []string{"<script", "<b ", "<b>", "<div", "<iframe", "<img", "<nil"} {
		if strings.Contains(strings.ToLower(out), bad) {
			t.Errorf("output contains %q:\n%s", bad, out)
		}
	}
	for _, want := range []string{"Hello &lt;script&gt;alert(1)&lt;/script&gt;", "got &lt;nil&gt;", `<p class="raw">&lt;div&gt;`, "&lt;img src=x onerror=alert(1)&gt;"} {
		if !strings.Contains(out, want) {
			t.Errorf("raw HTML not kept as text %q:\n%s", want, out)
		}
	}
}

func TestRenderMarkdownLinks(t *testing.T) {
	cases := []struct {
		in       string
		wantHref string // "" means no link at all
		wantText string
	}{
		{"[x](javascript:alert(1))", "", "x"},
		{"[x](JaVaScRiPt:alert(1))", "", "x"},
		{"[x](java&#x73;cript:alert(1))", "", "x"},
		{"[x](<java\tscript:alert(1)>)", "", "x"},
		{"[x](vbscript:msgbox(1))", "", "x"},
		{"[x](data:text/html;base64,PHNjcmlwdD4=)", "", "x"},
		{"[x](file:///etc/passwd)", "", "x"},
		{"<javascript:alert(1)>", "", "javascript:alert(1)"},
		{"![alt text](javascript:alert(1))", "", "alt text"},
		{"![diagram](https://example.com/d.png)", "https://example.com/d.png", "diagram"},
		{"[docs](https://pkg.go.dev/net/http)", "https://pkg.go.dev/net/http", "docs"},
		{"[section](#fix)", "#fix", "section"},
		{"see https://go.dev/ref/spec", "https://go.dev/ref/spec", "https://go.dev/ref/spec"},
		{"<mailto:dev@example.com>", "mailto:dev@example.com", "dev@example.com"},
	}
	for _, c := range cases {
		out := string(RenderMarkdown(c.in))
		if bad := unsafeMarkup(out, false); bad != "" {
			t.Errorf("%q: output contains %s: %s", c.in, bad, out)
		}
		if strings.Contains(out, "<img") {
			t.Errorf("%q: output loads an image: %s", c.in, out)
		}
		var hrefs []string
		for _, tg := range startTags(out) {
			if tg.Name == "a" {
				hrefs = append(hrefs, tg.Attrs["href"])
				if tg.Attrs["rel"] != "nofollow noopener noreferrer" {
					t.Errorf("%q: link without rel: %s", c.in, out)
				}
			}
		}
		switch {
		case c.wantHref == "" && len(hrefs) > 0:
			t.Errorf("%q: want no link, got %q in %s", c.in, hrefs, out)
		case c.wantHref != "" && (len(hrefs) != 1 || hrefs[0] != c.wantHref):
			t.Errorf("%q: want link to %q, got %q in %s", c.in, c.wantHref, hrefs, out)
		}
		if !strings.Contains(out, c.wantText) {
			t.Errorf("%q: text %q lost: %s", c.in, c.wantText, out)
		}
	}
}

func TestRenderMarkdownGFM(t *testing.T) {
	out := string(RenderMarkdown("| a | b |\n|:--|--:|\n| 1 | 2 |\n\n~~old~~ new\n\n```go\nx := m[k]\n```\n"))
	for _, want := range []string{"<table>", "<td align=\"left\">1</td>", "<del>old</del>", `<pre><code class="language-go">x := m[k]`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "style=") {
		t.Errorf("output uses inline styles, which the CSP blocks:\n%s", out)
	}
}

func TestSafeURL(t *testing.T) {
	for u, want := range map[string]bool{
		"https://go.dev":            true,
		"HTTP://go.dev":             true,
		"mailto:a@b.c":              true,
		"/relative/path?x=1:2":      true,
		"#frag":                     true,
		"path/with:colon":           true,
		"javascript:alert(1)":       false,
		" \x01javascript:alert(1)":  false,
		"java\nscript:alert(1)":     false,
		"JAVASCRIPT:alert(1)":       false,
		"vbscript:x":                false,
		"data:text/html,<b>x</b>":   false,
		"data:image/png;base64,AAA": false,
		"java\\script:alert(1)":     false,
	} {
		if got := SafeURL(u); got != want {
			t.Errorf("SafeURL(%q) = %v, want %v", u, got, want)
		}
	}
}
