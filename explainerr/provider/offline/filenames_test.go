package offline

import (
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestSameBaseNamesAreToldApart: a trace through http/user.go and
// store/user.go names each by its directory, so that `user.go:N` never
// leaves the reader guessing; a base name no other app file on the stacks
// shares stays short.
func TestSameBaseNamesAreToldApart(t *testing.T) {
	store := appFrame(t, "example.com/blog/store.(*Users).Find", "store/user.go", `
package store

func (u *Users) Find(id string) *User {
	return u.byID[id].Clone() //!
}
`)
	handler := appFrame(t, "example.com/blog/http.(*Server).showUser", "http/user.go", `
package http

func (s *Server) showUser(w http.ResponseWriter, r *http.Request) {
	user := s.Users.Find(r.PathValue("id")) //!
	render(w, user)
}
`)
	main := appFrame(t, "main.main", "main.go", `
package main

func main() {
	run() //!
}
`)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference", store, handler, main)
	text := Analyze(r)
	for _, want := range []string{"`store/user.go:4`", "`http/user.go:4`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, "`user.go:") {
		t.Errorf("the explanation names a user.go without its directory:\n%s", text)
	}
	if unknown := slices.Collect(grounding.New(r).Unknown(text)); len(unknown) > 0 {
		t.Errorf("explanation names ungrounded identifiers %v:\n%s", unknown, text)
	}

	// Alone on the stack, a file keeps its base name.
	r = panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference", store, main)
	if text := Analyze(r); !strings.Contains(text, "`user.go:4`") {
		t.Errorf("a file alone on the stack lost its short name:\n%s", text)
	}
}

// TestCitedFileSharingABaseNameIsToldApart: a line quoted from a file that
// is not on the stack but shares a base name with one that is (the store's
// dial.go next to the handler's) is named by its directory; the stack's
// own keeps the short name the trace shows next to it.
func TestCitedFileSharingABaseNameIsToldApart(t *testing.T) {
	a := newAnalysis(panicReport("runtime.errorString", "boom", appFrame(t, "example.com/blog/http.(*Server).show", "http/dial.go", `
package http

func (s *Server) show() {
	s.dials.Find() //!
}
`)))
	if got := a.fileName("/home/dev/blog/sqlite/dial.go"); got != "sqlite/dial.go" {
		t.Errorf("a cited file sharing the stack's base name is named %q, want sqlite/dial.go", got)
	}
	if got := a.fileName("/home/dev/blog/http/dial.go"); got != "dial.go" {
		t.Errorf("the stack's only dial.go is named %q, want dial.go", got)
	}
	if got := a.fileName("/home/dev/blog/sqlite/user.go"); got != "user.go" {
		t.Errorf("a cited file with a base name of its own is named %q", got)
	}
}

// TestQuotedChunkLinesNameTheirFile: lines quoted from the context (a
// query in storage/extra.go, next to the handler's extra.go on the stack)
// carry the file name the explanation must write.
func TestQuotedChunkLinesNameTheirFile(t *testing.T) {
	r := panicReport("runtime.errorString", "boom", appFrame(t, "example.com/blog.(*Server).count", "extra.go", `
package blog

func (s *Server) count() {
	s.store.Count() //!
}
`))
	r.Context = []report.Chunk{
		chunk("internal/storage/extra.go", "Count", 38, "func (d *DB) Count() int {\n\td.QueryRow(`SELECT count(*) FROM messages WHERE deleted_at IS NULL`)\n}"),
		chunk("extra.go", "count", 3, "func (s *Server) count() {"),
	}
	files := map[string]string{}
	for _, l := range newAnalysis(r).c {
		files[l.Text] = l.File
	}
	if got := files["\td.QueryRow(`SELECT count(*) FROM messages WHERE deleted_at IS NULL`)"]; got != "internal/storage/extra.go" {
		t.Errorf("the query's line is in file %q, want internal/storage/extra.go", got)
	}
	if got := files["\ts.store.Count()"]; got != "extra.go" {
		t.Errorf("the stack's own line is in file %q, want extra.go", got)
	}
}
