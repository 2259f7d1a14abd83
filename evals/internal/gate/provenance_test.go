package gate

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func ctxChunk(file string, start, end int, reason string) report.Chunk {
	return report.Chunk{File: file, StartLine: start, EndLine: end, Reason: reason}
}

func TestPlainProvenance(t *testing.T) {
	if got := PlainProvenance(nil, "## Error\npanic"); len(got) != 0 {
		t.Errorf("a plain context: %v", got)
	}
	user := "## Error\npanic\n\n## App source\n\n### a.go:1-3 F\n```go\nfunc F() {\n}\n```\n"
	if got := PlainProvenance([]report.Chunk{ctxChunk("a.go", 1, 3, "frame")}, user); len(got) != 2 {
		t.Errorf("plain with source: %v, want the context and the prompt named", got)
	}
}

func TestStaticProvenance(t *testing.T) {
	fresh := []report.Chunk{ctxChunk("a.go", 10, 20, "frame"), ctxChunk("b.go", 1, 5, "graph")}
	if got := StaticProvenance(fresh, fresh); len(got) != 0 {
		t.Errorf("the fresh context itself: %v", got)
	}
	added := append(append([]report.Chunk(nil), fresh...), ctxChunk("c.go", 3, 9, "similar"))
	got := StaticProvenance(added, fresh)
	if len(got) != 2 || !strings.Contains(got[0], "came from the index") || !strings.Contains(got[1], "c.go:3-9 similar") {
		t.Errorf("static with a chunk from the index: %v", got)
	}
	relabelled := []report.Chunk{ctxChunk("a.go", 10, 20, "frame"), ctxChunk("b.go", 1, 5, "origin")}
	if got := StaticProvenance(relabelled, fresh); len(got) != 1 {
		t.Errorf("another reason: %v", got)
	}
}

func TestRAGProvenance(t *testing.T) {
	frames := []report.Frame{
		{Function: "app.F", File: "/src/blogapp/app/a.go", Line: 15, Kind: report.FrameApp},
		{Function: "handler.ServeHTTP", File: "/src/handler/h.go", Line: 40, Kind: report.FrameApp},
		{Function: "net/http.serve", File: "/go/net/http/server.go", Line: 9, Kind: report.FrameStdlib},
	}
	anchors := []report.Chunk{ctxChunk("blogapp/app/a.go", 8, 22, "frame")}
	good := []report.Chunk{ctxChunk("blogapp/app/a.go", 8, 22, "frame"), ctxChunk("blogapp/app/b.go", 1, 9, "graph"),
		ctxChunk("blogapp/app/c.go", 3, 4, "origin"), ctxChunk("blogapp/app/d.go", 30, 40, "similar")}
	if got := RAGProvenance(good, anchors, frames, "blogapp", 8); len(got) != 0 {
		t.Errorf("a rag context: %v", got)
	}
	cases := []struct {
		name string
		ctx  []report.Chunk
		want []string
	}{
		{"built from the static context", []report.Chunk{ctxChunk("blogapp/app/a.go", 10, 20, "frame"), ctxChunk("blogapp/app/b.go", 2, 9, "graph")},
			[]string{"anchored chunk blogapp/app/a.go:8-22"}},
		{"random chunks", []report.Chunk{ctxChunk("blogapp/app/x.go", 1, 9, "similar"), ctxChunk("blogapp/app/y.go", 3, 7, "similar")},
			[]string{"anchored chunk", "no frame chunk covers the app frame app.F"}},
		{"no reasons", []report.Chunk{ctxChunk("blogapp/app/a.go", 8, 22, "frame"), ctxChunk("blogapp/app/b.go", 1, 9, "")},
			[]string{"does not say where it came from"}},
	}
	for _, c := range cases {
		got := strings.Join(RAGProvenance(c.ctx, anchors, frames, "blogapp", 8), "\n")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", c.name, got, w)
			}
		}
		if strings.Contains(got, "handler.ServeHTTP") {
			t.Errorf("%s: a frame outside the indexed app is held to an anchor: %s", c.name, got)
		}
	}
}

// TestRAGProvenanceOfALongFunction: an anchored function too long to be
// shown whole may be shown around its frame's line; a short one may not.
func TestRAGProvenanceOfALongFunction(t *testing.T) {
	frames := []report.Frame{{Function: "app.F", File: "/src/blogapp/app/a.go", Line: 150, Kind: report.FrameApp}}
	long := ctxChunk("blogapp/app/a.go", 8, 220, "frame")
	long.Text = strings.Repeat("x", report.MaxWholeFrame+1)
	window := []report.Chunk{ctxChunk("blogapp/app/a.go", 138, 156, "frame")}
	if got := RAGProvenance(window, []report.Chunk{long}, frames, "blogapp", 8); len(got) != 0 {
		t.Errorf("a long function shown around its frame's line: %v", got)
	}
	short := long
	short.Text = "func F() {}"
	if got := strings.Join(RAGProvenance(window, []report.Chunk{short}, frames, "blogapp", 8), "\n"); !strings.Contains(got, "anchored chunk") {
		t.Errorf("a function short enough to be shown whole, shown in part, passed: %q", got)
	}
}
