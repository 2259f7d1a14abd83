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

// TestRAGProvenance: a rag context starts with the static context, holds
// a frame chunk on each app frame of the indexed app, and adds the
// index's chunks that fit; a retriever that anchors nothing, a context
// built from the static one alone, one that is not the static one's
// first, and chunks that do not say where they came from fail.
func TestRAGProvenance(t *testing.T) {
	frames := []report.Frame{
		{Function: "app.F", File: "/src/blogapp/app/a.go", Line: 15, Kind: report.FrameApp},
		{Function: "handler.ServeHTTP", File: "/src/handler/h.go", Line: 40, Kind: report.FrameApp},
		{Function: "net/http.serve", File: "/go/net/http/server.go", Line: 9, Kind: report.FrameStdlib},
	}
	static := []report.Chunk{ctxChunk("blogapp/app/a.go", 10, 22, "frame"), ctxChunk("blogapp/app/c.go", 3, 4, "origin")}
	retrieved := []report.Chunk{ctxChunk("blogapp/app/a.go", 8, 22, "frame"), ctxChunk("blogapp/app/d.go", 30, 40, "similar")}
	good := append(append([]report.Chunk(nil), static...), ctxChunk("blogapp/app/d.go", 30, 40, "similar"))
	if got := RAGProvenance(good, static, retrieved, frames, "blogapp", 8, 1000); len(got) != 0 {
		t.Errorf("a rag context: %v", got)
	}
	if got := RAGProvenance(static, static, retrieved, frames, "blogapp", 8, 0); len(got) != 0 {
		t.Errorf("a rag context with no room for the index's chunks: %v", got)
	}
	cases := []struct {
		name      string
		ctx       []report.Chunk
		retrieved []report.Chunk
		want      []string
	}{
		{"built from the static context", static, retrieved, []string{"the index's chunk blogapp/app/d.go:30-40 similar fits in the prompt"}},
		{"random chunks", append(append([]report.Chunk(nil), static...), ctxChunk("blogapp/app/x.go", 1, 9, "similar")),
			[]report.Chunk{ctxChunk("blogapp/app/x.go", 1, 9, "similar")}, []string{"the index anchored no chunk on the app frame app.F"}},
		{"not the static context first", []report.Chunk{ctxChunk("blogapp/app/d.go", 30, 40, "similar"), static[0], static[1]}, retrieved,
			[]string{"does not start with the static context"}},
		{"no reasons", append(append([]report.Chunk(nil), static...), ctxChunk("blogapp/app/b.go", 1, 9, "")), retrieved,
			[]string{"does not say where it came from"}},
		{"no frame", []report.Chunk{static[1]}, retrieved, []string{"no frame chunk covers the app frame app.F"}},
	}
	for _, c := range cases {
		got := strings.Join(RAGProvenance(c.ctx, static, c.retrieved, frames, "blogapp", 8, 1000), "\n")
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
