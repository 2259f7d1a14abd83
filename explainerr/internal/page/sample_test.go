package page

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// appSource is a window of app source around a failing line.
func appSource(start, line int, lines ...string) *report.Source {
	return &report.Source{StartLine: start, Line: line, Lines: lines}
}

// sampleReport is a realistic failure of the blog app: a nil map written by
// a method whose constructor never made it, reached through chi.
func sampleReport() *report.Report {
	return &report.Report{
		Error: report.Error{
			Kind:    report.KindPanic,
			Type:    "runtime.plainError",
			Message: "assignment to entry in nil map",
		},
		Status: 500,
		Frames: []report.Frame{
			{Function: "github.com/explainerr/explainerr/blogapp/store.(*ViewCounter).Add", File: "/work/main/blogapp/store/views.go", Line: 31, Kind: report.FrameApp,
				Source: appSource(26, 31,
					"// Add counts one view of the post with the given slug.",
					"func (c *ViewCounter) Add(slug string) {",
					"\tc.mu.Lock()",
					"\tdefer c.mu.Unlock()",
					"\tc.total++",
					"\tc.counts[slug]++",
					"}",
					"",
					"// Count returns how often slug was viewed.",
					"func (c *ViewCounter) Count(slug string) int {",
					"\tc.mu.Lock()")},
			{Function: "github.com/explainerr/explainerr/blogapp/web.(*Server).showPost", File: "/work/main/blogapp/web/posts.go", Line: 58, Kind: report.FrameApp,
				Source: appSource(53, 58,
					"\tpost, err := s.store.PostBySlug(r.Context(), slug)",
					"\tif err != nil {",
					"\t\treturn err",
					"\t}",
					"\t// Count the view before rendering.",
					"\ts.views.Add(post.Slug)",
					"\treturn s.render(w, \"post.html\", post)",
					"}",
					"",
					"func (s *Server) listPosts(w http.ResponseWriter, r *http.Request) error {",
					"\tposts, err := s.store.Posts(r.Context())")},
			{Function: "github.com/explainerr/explainerr/explainerr.HandlerFunc.ServeHTTP", File: "/work/main/explainerr/handler.go", Line: 40, Kind: report.FrameDependency},
			{Function: "net/http.HandlerFunc.ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 2322, Kind: report.FrameStdlib},
			{Function: "github.com/go-chi/chi/v5.(*Mux).routeHTTP", File: "/root/go/pkg/mod/github.com/go-chi/chi/v5@v5.5.0/mux.go", Line: 478, Kind: report.FrameDependency},
			{Function: "net/http.HandlerFunc.ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 2322, Kind: report.FrameStdlib},
			{Function: "github.com/explainerr/explainerr/blogapp/web.withRequestLog.func1", File: "/work/main/blogapp/web/middleware.go", Line: 22, Kind: report.FrameApp},
			{Function: "net/http.HandlerFunc.ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 2322, Kind: report.FrameStdlib},
			{Function: "github.com/go-chi/chi/v5.(*Mux).ServeHTTP", File: "/root/go/pkg/mod/github.com/go-chi/chi/v5@v5.5.0/mux.go", Line: 90, Kind: report.FrameDependency},
			{Function: "net/http.serverHandler.ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 3340, Kind: report.FrameStdlib},
			{Function: "net/http.(*conn).serve", File: "/usr/local/go/src/net/http/server.go", Line: 2109, Kind: report.FrameStdlib},
		},
		Request: report.Request{
			Method: "GET",
			URL:    "/posts/hello-world?ref=home",
			Route:  "/posts/{slug}",
			Headers: map[string]string{
				"Accept":     "text/html,application/xhtml+xml",
				"User-Agent": "Mozilla/5.0",
				"Cookie":     "[redacted]",
			},
			Query: map[string][]string{"ref": {"home"}},
		},
		Mode: report.ModeRAG,
		Context: []report.Chunk{
			{File: "blogapp/store/views.go", StartLine: 12, EndLine: 22, Symbol: "NewViewCounter", Reason: report.ReasonGraph, Score: 0.92,
				Text: "// NewViewCounter returns an empty counter.\nfunc NewViewCounter() *ViewCounter {\n\treturn &ViewCounter{}\n}"},
			{File: "blogapp/store/views.go", StartLine: 26, EndLine: 33, Symbol: "(*ViewCounter).Add", Reason: report.ReasonFrame, Score: 1,
				Text: "func (c *ViewCounter) Add(slug string) {\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tc.total++\n\tc.counts[slug]++\n}"},
		},
		Prompt: report.Prompt{
			System: "You explain failures of Go web applications to the developer who wrote them.",
			User:   "panic: assignment to entry in nil map\n\napp   store.(*ViewCounter).Add views.go:31\n      > c.counts[slug]++",
		},
		Explanation: report.Explanation{
			Provider:   "openai",
			Model:      "gpt-4o-mini",
			Text:       "**What went wrong.** `ViewCounter.Add` writes to `c.counts`, a map that was never made.\n\n**Why.** `NewViewCounter` returns `&ViewCounter{}` and leaves `counts` nil.\n\n**Fix.** Make the map in the constructor:\n\n```go\nfunc NewViewCounter() *ViewCounter {\n\treturn &ViewCounter{counts: map[string]int{}}\n}\n```\n",
			Usage:      &report.Usage{PromptTokens: 1432, CompletionTokens: 187},
			CostUSD:    0.00033,
			DurationMS: 2310,
		},
		Fingerprint: "3f9a1c0d5e7b",
		Build:       report.Build{GoVersion: "go1.26.8", Module: "github.com/explainerr/explainerr", Revision: "9c1e2f4", Modified: true},
		Notices:     []string{"index built 3 days ago: run `explainerr index` to refresh it"},
		Time:        time.Date(2025, 5, 1, 12, 30, 0, 0, time.UTC),
	}
}

// xss is a payload placed in every string a report can carry.
const xss = `<script>alert(1)</script><img src=x onerror=alert(2)>"'></textarea></title></style>]]><a href="javascript:alert(3)">x</a>`

// hostileReport is sampleReport with an attack in every untrusted field.
func hostileReport() *report.Report {
	r := sampleReport()
	r.Error.Message = xss
	r.Error.Type = xss
	r.Error.Chain = []string{xss}
	r.Request.URL = "/posts/" + xss
	r.Request.Route = xss
	r.Request.Headers["X-Evil"] = xss
	r.Request.Headers[xss] = "name"
	r.Request.Query = map[string][]string{xss: {xss}}
	r.Request.Form = map[string][]string{"comment": {xss}}
	r.Frames[0].Function = "example.com/app." + xss
	r.Frames[0].File = "/app/" + xss + ".go"
	r.Frames[0].Source.Lines[5] = xss
	r.Frames[3].Function = "lib." + xss
	r.Context[0].File = xss
	r.Context[0].Symbol = xss
	r.Context[0].Reason = xss
	r.Context[0].Text = xss
	r.Prompt.System = xss
	r.Prompt.User = xss
	r.Notices = []string{xss}
	r.Build.Module = xss
	r.Fingerprint = xss
	r.Explanation.Model = xss
	r.Explanation.Error = xss
	r.Explanation.Text = xss + "\n\n[click](javascript:alert(4)) <javascript:alert(5)> ![i](javascript:alert(6))\n\n" + strings.Repeat("`", 3) + "\n" + xss + "\n" + strings.Repeat("`", 3) + "\n"
	return r
}

// TestSamplePage renders the sample report as a whole page. Set
// EXPLAINERR_PAGE_SAMPLE to a file name to keep the page for a look in a
// browser, e.g.
//
//	EXPLAINERR_PAGE_SAMPLE=/tmp/page.html go test -run TestSamplePage ./explainerr/internal/page
func TestSamplePage(t *testing.T) {
	for name, r := range map[string]*report.Report{"sample": sampleReport(), "hostile": hostileReport(), "offline": offlineReport()} {
		out, _ := renderPage(t, r, "streamed text")
		if !strings.Contains(out, "</html>") {
			t.Fatalf("%s: page not closed", name)
		}
		if base := os.Getenv("EXPLAINERR_PAGE_SAMPLE"); base != "" {
			file := base
			if name != "sample" {
				file = strings.TrimSuffix(base, ".html") + "-" + name + ".html"
			}
			if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", file)
		}
	}
}

// offlineReport is sampleReport explained offline, with a library frame
// inside the failure and a streaming page left open.
func offlineReport() *report.Report {
	r := sampleReport()
	r.Error = report.Error{Kind: report.KindError, Type: "*errors.errorString", Message: "store: post \"hello-world\": sql: no rows in result set", Chain: []string{"sql: no rows in result set"}}
	r.Frames = append([]report.Frame{{Function: "database/sql.(*Row).Scan", File: "/usr/local/go/src/database/sql/sql.go", Line: 3412, Kind: report.FrameStdlib}}, r.Frames...)
	r.Mode = report.ModePlain
	r.Context = nil
	r.Notices = []string{"index not found at .explainerr/index.db: the explanation was made without source (run `explainerr index ./...`)"}
	r.Explanation = report.Explanation{Provider: "offline", Text: "**`sql.ErrNoRows`** — the query in `store.(*Store).PostBySlug` found no row for `\"hello-world\"`.\n\n- Where: `blogapp/web/posts.go:58`, `(*Server).showPost`\n- Fix: check `errors.Is(err, sql.ErrNoRows)` and answer 404.\n", DurationMS: 4}
	return r
}
