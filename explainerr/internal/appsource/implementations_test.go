package appsource

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// layeredModule is an app whose handler calls a store through an
// interface-typed field; the implementation lives in another package and
// gets one of its methods from an embedded struct. A mock and a type that
// has only some of the methods do not implement it.
var layeredModule = map[string]string{
	"go.mod": "module example.com/notes\n",
	"app/store.go": `package app

// Store keeps notes.
type Store interface {
	Reader
	Put(id, text string) error
}

// Reader reads notes.
type Reader interface {
	Get(id string) (string, error)
}
`,
	"app/handler.go": `package app

import "net/http"

// Server serves notes.
type Server struct{ store Store }

func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	text, err := s.store.Get(r.URL.Query().Get("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(text))
}
`,
	"sqlite/notes.go": `package sqlite

import "database/sql"

type base struct{ db *sql.DB }

func (b *base) Put(id, text string) error {
	_, err := b.db.Exec("INSERT INTO notes VALUES (?, ?)", id, text)
	return err
}

// Notes is the SQLite store.
type Notes struct{ *base }

// Get reads a note.
func (n *Notes) Get(id string) (string, error) {
	var text string
	err := n.db.QueryRow("SELECT txt FROM notes WHERE id = ?", id).Scan(&text)
	return text, err
}
`,
	"sqlite/mock.go": `package sqlite

// MockNotes stands in for Notes in tests.
type MockNotes struct{}

func (MockNotes) Get(string) (string, error) { return "", nil }
func (MockNotes) Put(string, string) error   { return nil }
`,
	"cache/cache.go": `package cache

// Cache has a Get but no Put: it is no Store.
type Cache struct{}

func (Cache) Get(string) (string, error) { return "", nil }
`,
}

// TestCallThroughAnInterfaceReachesItsImplementation: a call through an
// interface-typed field resolves to the module types that implement the
// interface (method sets read with embedding, interfaces with their
// embedded ones), and the static context shows the implementation,
// marked as such.
func TestCallThroughAnInterfaceReachesItsImplementation(t *testing.T) {
	root := writeModule(t, layeredModule)
	handler := filepath.Join(root, "app", "handler.go")
	r := &report.Report{Frames: []report.Frame{
		{Function: "example.com/notes/app.(*Server).show", File: handler, Line: 11, Kind: report.FrameApp},
	}}
	var got []string
	for _, c := range Static(r) {
		got = append(got, c.Reason+":"+c.File+":"+c.Symbol)
	}
	want := "frame:app/handler.go:(*Server).show graph:app/handler.go:Server implementation:sqlite/notes.go:(*Notes).Get"
	if strings.Join(got, " ") != want {
		t.Errorf("static context %q, want %q", got, want)
	}
	m := Load(handler)
	if refs := m.Implementations(filepath.Join(root, "app"), "Store", "Put"); len(refs) != 1 || FuncName(refs[0].Decl) != "(*base).Put" {
		t.Errorf("Put resolves to %v, want the embedded (*base).Put", refs)
	}
	if refs := m.Implementations(filepath.Join(root, "app"), "Reader", "Get"); len(refs) != 2 {
		t.Errorf("Reader.Get resolves to %d methods, want Notes' and Cache's", len(refs))
	}
	if refs := m.Implementations(filepath.Join(root, "app"), "Server", "show"); refs != nil {
		t.Errorf("a struct resolves as an interface: %v", refs)
	}
}

// TestRetrievalGetsTheImplementation: the rag context holds the static
// context (the implementation a frame calls through an interface
// included) chunk for chunk, then the retrieved chunks it does not hold
// yet; the index's anchor of a frame the static context shows is not
// added again.
func TestRetrievalGetsTheImplementation(t *testing.T) {
	root := writeModule(t, layeredModule)
	handler := filepath.Join(root, "app", "handler.go")
	r := &report.Report{Frames: []report.Frame{
		{Function: "example.com/notes/app.(*Server).show", File: handler, Line: 11, Kind: report.FrameApp},
	}}
	retrieved := []report.Chunk{
		{File: "app/handler.go", StartLine: 7, EndLine: 15, Symbol: "(*Server).show", Reason: report.ReasonFrame, Text: "\nfunc (s *Server) show"},
		{File: "app/handler.go", StartLine: 5, EndLine: 6, Symbol: "Server", Reason: report.ReasonGraph},
		{File: "cache/cache.go", StartLine: 6, EndLine: 6, Symbol: "Cache.Get", Reason: report.ReasonSimilar},
	}
	var got []string
	for _, c := range WithRetrieved(Static(r), retrieved) {
		got = append(got, fmt.Sprintf("%s:%s:%d", c.Reason, c.Symbol, c.StartLine))
	}
	if want := "frame:(*Server).show:8 graph:Server:6 implementation:(*Notes).Get:16 similar:Cache.Get:6"; strings.Join(got, " ") != want {
		t.Errorf("chunks %q, want %q", got, want)
	}
	retrieved = append(retrieved, report.Chunk{File: "sqlite/notes.go", StartLine: 15, EndLine: 20, Reason: report.ReasonSimilar})
	if got := WithRetrieved(Static(r), retrieved); len(got) != 4 {
		t.Errorf("a chunk holding the implementation's lines was not added once: %+v", got)
	}
}
