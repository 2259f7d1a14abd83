package offline

import "testing"

// profileFiles is an app whose handler calls a method on a value it got
// from a store call whose error it discarded.
var profileFiles = map[string]string{
	"go.mod": "module example.com/profile\n\ngo 1.22\n",
	"model/user.go": `package model

import "errors"

// User is an account.
type User struct{ First, Last string }

// DisplayName is the user's full name.
func (u *User) DisplayName() string {
	return u.First + " " + u.Last //!deref
}

// ErrMissing says no user has the id.
var ErrMissing = errors.New("no such user")

// Find returns the user with the id.
func Find(id string) (*User, error) {
	if id == "" {
		return nil, ErrMissing
	}
	return &User{First: id}, nil
}
`,
	"main.go": `package main

import (
	"fmt"
	"net/http"

	"example.com/profile/model"
)

func profile(w http.ResponseWriter, r *http.Request) {
	u, _ := model.Find(r.URL.Query().Get("id"))
	fmt.Fprintln(w, u.DisplayName()) //!call
}
`,
}

// TestNilReceiverFromADiscardedError: a method that dereferences its nil
// receiver is not told to check for nil inside; the caller that dropped
// the error that made the value nil is.
func TestNilReceiverFromADiscardedError(t *testing.T) {
	app := writeMarkedApp(t, profileFiles)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/profile/model.(*User).DisplayName"),
		app.frame(t, "call", "main.profile"))
	text := Analyze(r)
	mustHave(t, text, "`u` is the receiver of `(*User).DisplayName`", "calls it on `u`", "`u, _ := model.Find(r.URL.Query().Get(\"id\"))`",
		"which discards the error", "In `main.profile`, check the error", "u, err := model.Find(r.URL.Query().Get(\"id\"))", "http.Error(w, err.Error(), http.StatusInternalServerError)")
	mustLack(t, text, "if u == nil {\n", "Check `u == nil` in `(*User).DisplayName`")
	assertGroundedIn(t, r, text, profileFiles, "err")
}
