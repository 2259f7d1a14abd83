package offline

import (
	"strings"
	"testing"
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
	if unknown := NewGrounding(r).Unknown(text); len(unknown) > 0 {
		t.Errorf("explanation names ungrounded identifiers %v:\n%s", unknown, text)
	}

	// Alone on the stack, a file keeps its base name.
	r = panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference", store, main)
	if text := Analyze(r); !strings.Contains(text, "`user.go:4`") {
		t.Errorf("a file alone on the stack lost its short name:\n%s", text)
	}
}
