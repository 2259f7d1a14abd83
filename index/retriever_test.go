package index

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// showPostReport is a nil-pointer panic on ShowPost's Fprintf line (19)
// of the test module in dir, called from an outer app function.
func showPostReport(dir string) *report.Report {
	return &report.Report{
		Error: report.Error{Kind: report.KindPanic, Type: "runtime.errorString",
			Message: "runtime error: invalid memory address or nil pointer dereference"},
		Frames: []report.Frame{
			{Function: "example.com/shop/handlers.(*Server).ShowPost", File: filepath.Join(dir, "handlers/handlers.go"), Line: 19, Kind: report.FrameApp,
				Source: &report.Source{StartLine: 17, Line: 19, Lines: []string{
					"func (s *Server) ShowPost(w http.ResponseWriter, id int) {",
					"\tp, _ := s.Store.Get(id)",
					"\tfmt.Fprintf(w, \"%s by %s\", p.Title, p.Author.Name)",
					"}",
				}}},
			{Function: "net/http.HandlerFunc.ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 2294, Kind: report.FrameStdlib},
			{Function: "example.com/shop/store.(*Store).Get", File: filepath.Join(dir, "store/get.go"), Line: 6, Kind: report.FrameApp},
		},
	}
}

func openTestRetriever(t *testing.T, opts RetrieverOptions) (*Retriever, string) {
	t.Helper()
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	r, err := OpenRetriever(stats.Path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r, dir
}

func TestRetrieveOrder(t *testing.T) {
	r, dir := openTestRetriever(t, RetrieverOptions{})
	got, err := r.Retrieve(context.Background(), showPostReport(dir))
	if err != nil {
		t.Fatal(err)
	}
	var desc []string
	for _, c := range got {
		desc = append(desc, c.Reason+" "+c.File+" "+c.Symbol)
	}
	t.Logf("retrieved:\n%s", strings.Join(desc, "\n"))

	if len(got) < 2 || got[0].Symbol != "(*Server).ShowPost" || got[0].Reason != report.ReasonFrame ||
		got[1].Symbol != "(*Store).Get" || got[1].Reason != report.ReasonFrame {
		t.Fatalf("first two chunks are not the frames' functions, innermost first: %q", desc)
	}
	if got[0].File != "handlers/handlers.go" || got[0].StartLine != 16 || got[0].EndLine != 20 || !strings.Contains(got[0].Text, "p.Author.Name") {
		t.Errorf("frame chunk: %+v", got[0])
	}
	// Reasons come in order: frame, graph, similar.
	rank := map[string]int{report.ReasonFrame: 0, report.ReasonGraph: 1, report.ReasonSimilar: 2}
	if !slices.IsSortedFunc(got, func(a, b report.Chunk) int { return rank[a.Reason] - rank[b.Reason] }) {
		t.Errorf("reasons out of order: %q", desc)
	}
	bySymbol := map[string]report.Chunk{}
	seen := map[string]bool{}
	similar := 0
	for _, c := range got {
		key := c.File + ":" + c.Symbol + ":" + string(rune(c.StartLine))
		if seen[key] {
			t.Errorf("duplicate chunk %s", key)
		}
		seen[key] = true
		bySymbol[c.Symbol] = c
		if c.Reason == report.ReasonSimilar {
			similar++
			if c.Score <= -1 || c.Score > 1 {
				t.Errorf("similar score %v out of range", c.Score)
			}
		}
		if c.Text == "" {
			t.Errorf("chunk %s has no text", c.Symbol)
		}
	}
	// The receiver type of the failing method, and the Author field's
	// declaration on the failing line, come from the graph hop.
	for _, sym := range []string{"Server", "Post"} {
		if c, ok := bySymbol[sym]; !ok || c.Reason != report.ReasonGraph {
			t.Errorf("%s not retrieved through the graph: %+v", sym, c)
		}
	}
	if similar != DefaultK {
		t.Errorf("%d similar chunks, want %d", similar, DefaultK)
	}
}

func TestRetrieveCallee(t *testing.T) {
	r, dir := openTestRetriever(t, RetrieverOptions{K: -1})
	rep := showPostReport(dir)
	rep.Frames = rep.Frames[:1] // Get is off the stack: it returned
	got, err := r.Retrieve(context.Background(), rep)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range got {
		if c.Symbol == "(*Store).Get" {
			found = c.Reason == report.ReasonGraph
		}
		if c.Reason == report.ReasonSimilar {
			t.Errorf("K < 0 still retrieved a similar chunk: %s", c.Symbol)
		}
	}
	if !found {
		t.Errorf("the called (*Store).Get is not a graph chunk: %+v", got)
	}
}

func TestRetrieveTemplates(t *testing.T) {
	r, _ := openTestRetriever(t, RetrieverOptions{K: -1, GraphLimit: -1})
	for _, tc := range []struct {
		message, symbol string
		line            int
	}{
		{`template: post.html:3:14: executing "post.html" at <.Author.Name>: nil pointer evaluating *store.Author.Name`, "post.html", 1},
		{`template: post.html:8:2: executing "footer" at <.Missing>: can't evaluate field Missing`, "footer", 7},
		{`html/template: "postt.html" is undefined`, "post.html", 1},
	} {
		got, err := r.Retrieve(context.Background(), &report.Report{Error: report.Error{Kind: report.KindError, Message: tc.message}})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 || got[0].Symbol != tc.symbol || got[0].StartLine != tc.line || got[0].Reason != report.ReasonFrame {
			t.Errorf("%s: got %+v, want template %s at line %d first", tc.message, got, tc.symbol, tc.line)
		}
	}
}

func TestSearch(t *testing.T) {
	r, _ := openTestRetriever(t, RetrieverOptions{})
	got, err := r.Search(context.Background(), "posts table schema", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Symbol != "schema.sql" {
		t.Errorf("search for the schema: %+v", got)
	}
	for i := 1; i < len(got); i++ {
		if got[i].Score > got[i-1].Score {
			t.Errorf("scores not descending: %v then %v", got[i-1].Score, got[i].Score)
		}
	}
	if _, err := r.Search(context.Background(), "  ", 3); err == nil {
		t.Error("empty query accepted")
	}
}

func TestReceiverOf(t *testing.T) {
	for fn, want := range map[string][2]string{
		"example.com/app/store.(*Store).Get":      {"example.com/app/store", "Store"},
		"example.com/app/store.Store.Len":         {"example.com/app/store", "Store"},
		"example.com/app/store.NewStore":          {"example.com/app/store", ""},
		"example.com/app/store.NewStore.func1":    {"example.com/app/store", ""},
		"example.com/app/store.(*List[...]).Push": {"example.com/app/store", "List"},
		"main.main": {"main", ""},
	} {
		pkg, recv := receiverOf(fn)
		if pkg != want[0] || recv != want[1] {
			t.Errorf("receiverOf(%q) = %q, %q; want %q, %q", fn, pkg, recv, want[0], want[1])
		}
	}
}

func TestRetrieveTemplateNamesNarrowToPositionedFile(t *testing.T) {
	dir := writeTestModule(t)
	// A second page that also defines "footer".
	writeFile(t, filepath.Join(dir, "templates/about.html"), "{{define \"about.html\"}}<p>about</p>{{template \"footer\" .}}{{end}}\n{{define \"footer\"}}<footer>about</footer>{{end}}\n")
	stats := buildTestIndex(t, dir, BuildOptions{})
	r, err := OpenRetriever(stats.Path, RetrieverOptions{K: -1, GraphLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, err := r.Retrieve(context.Background(), &report.Report{Error: report.Error{
		Message: `template: post.html:8:2: executing "footer" at <.Missing>: can't evaluate field Missing`}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got {
		if c.File != "templates/post.html" {
			t.Errorf("retrieved %s %s, want only post.html's chunks", c.File, c.Symbol)
		}
	}
	if len(got) == 0 {
		t.Error("nothing retrieved")
	}
}

func TestRetrieveConcurrently(t *testing.T) {
	r, dir := openTestRetriever(t, RetrieverOptions{})
	want, err := r.Retrieve(context.Background(), showPostReport(dir))
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 20; i++ {
				got, err := r.Retrieve(context.Background(), showPostReport(dir))
				if err == nil && len(got) != len(want) {
					err = fmt.Errorf("got %d chunks, want %d", len(got), len(want))
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestRetrieveRanksAsSearch checks that the middleware's similarity step
// ranks as search does: without anchored or graph chunks, Retrieve's
// similar chunks are Search's results for the failure's query text.
func TestRetrieveRanksAsSearch(t *testing.T) {
	r, dir := openTestRetriever(t, RetrieverOptions{GraphLimit: -1})
	rep := showPostReport(dir)
	for i := range rep.Frames {
		rep.Frames[i].File = "/elsewhere/" + filepath.Base(rep.Frames[i].File) // no frame anchors
	}
	got, err := r.Retrieve(context.Background(), rep)
	if err != nil {
		t.Fatal(err)
	}
	want, err := r.Search(context.Background(), QueryText(rep), DefaultK)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(got) != DefaultK {
		t.Fatalf("Retrieve gave %d chunks, Search %d; want %d", len(got), len(want), DefaultK)
	}
	for i := range want {
		if got[i].Reason != report.ReasonSimilar || got[i].File != want[i].File || got[i].StartLine != want[i].StartLine || got[i].Score != want[i].Score {
			t.Errorf("chunk %d: Retrieve %s %s %.3f, Search %s %.3f", i, got[i].Reason, got[i].Symbol, got[i].Score, want[i].Symbol, want[i].Score)
		}
	}
}
