package offline

import (
	"strings"
	"testing"
)

// credentialFiles is an app whose handlers return errors to its own framework,
// which answers them: the handler that issues tokens drops the error of
// parsing the e-mail address from the Basic credentials.
var credentialFiles = map[string]string{
	"go.mod": "module example.com/tokens\n\ngo 1.22\n",
	"web/errors.go": `package web

import "errors"

// NewCredentialsError is the client's error of bad credentials.
func NewCredentialsError(msg string) error { return errors.New(msg) }
`,
	"web/token.go": `package web

import (
	"context"
	"fmt"
	"net/http"
	"net/mail"
)

// Token issues a token for the Basic credentials.
func Token(ctx context.Context, w http.ResponseWriter, r *http.Request) error {
	email, pass, ok := r.BasicAuth()
	if !ok {
		return NewCredentialsError("must provide email and password")
	}
	addr, _ := mail.ParseAddress(email)
	tok, err := issue(ctx, addr.Address, pass) //!deref
	if err != nil {
		return fmt.Errorf("issue: %w", err)
	}
	_, err = w.Write([]byte(tok))
	return err
}

func issue(ctx context.Context, who, pass string) (string, error) { return who + pass, nil }
`,
}

// TestFixBlockAnswersAsTheFunctionDoes: a handler that returns its errors
// to the app's framework gets a fix block that answers as the handler's
// other bad input is answered, not an http.Error of its own, and the
// status is the client's: the address came from the request's
// credentials.
func TestFixBlockAnswersAsTheFunctionDoes(t *testing.T) {
	app := writeMarkedApp(t, credentialFiles)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/tokens/web.Token"))
	text := Analyze(r)
	mustHave(t, text, "which discards the error", "addr, err := mail.ParseAddress(email)",
		"// answer as this function answers its other bad input, at token.go:14:",
		"// return NewCredentialsError(\"must provide email and password\")")
	mustLack(t, text, "http.Error(w, err.Error(), http.StatusInternalServerError)", "return nil\n")
	assertGroundedIn(t, r, text, credentialFiles, "err")

	// A handler that answers with http.Error keeps the plain block, and a
	// parse of a server-side value is the server's error.
	plain := map[string]string{
		"go.mod": credentialFiles["go.mod"],
		"main.go": `package main

import (
	"fmt"
	"net/http"
	"net/mail"
	"os"
)

func contact(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		http.Error(w, "GET only", http.StatusMethodNotAllowed)
		return
	}
	from := os.Getenv("CONTACT_ADDRESS")
	addr, _ := mail.ParseAddress(from)
	fmt.Fprintln(w, addr.Address) //!deref
}
`,
	}
	app = writeMarkedApp(t, plain)
	r = panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "main.contact"))
	text = Analyze(r)
	mustHave(t, text, "addr, err := mail.ParseAddress(from)", "http.Error(w, err.Error(), http.StatusInternalServerError)")
	if strings.Contains(text, "answer as this function answers") {
		t.Errorf("a block of http.Error is copied:\n%s", text)
	}
}

// TestFixBlockAnswersAsTheLiteralDoes: in a middleware's function
// literal that returns errors, the dropped error joins the condition of
// the block the failing line opens, which answers an invalid token (a
// 401), not with a 500 of its own. Another package's auth.go, whose
// function spans the same line, is not read for it.
func TestFixBlockAnswersAsTheLiteralDoes(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/authmw\n\ngo 1.22\n",
		"auth/auth.go": `package auth

import "net/http"

// Ctx is a request's context.
type Ctx interface {
	Request() *http.Request
	NoContent(code int) error
}

// Token is a parsed token.
type Token struct{ Valid bool }

// Parser parses tokens.
type Parser interface{ ParseToken(s string) (*Token, error) }

// Middleware checks the token.
func Middleware(p Parser) func(next func(Ctx) error) func(Ctx) error {
	return func(next func(Ctx) error) func(Ctx) error {
		return func(c Ctx) error {
			token, _ := p.ParseToken(c.Request().Header.Get("Authorization"))
			if !token.Valid { //!deref
				return c.NoContent(http.StatusUnauthorized)
			}
			return next(c)
		}
	}
}
`,
		"api/auth.go": `package api

import "errors"

// Login is a login request.
type Login struct{ User, Pass string }

// Check checks a login.
func Check(l Login) error {
	if l.User == "" {
		return errors.New("no user")
	}
	if l.Pass == "" {
		return errors.New("no password")
	}
	if len(l.Pass) < 8 {
		return errors.New("short password")
	}
	if l.User == l.Pass {
		return errors.New("password is the user name")
	}
	if l.User == "root" {
		return errors.New("no root")
	}
	return nil
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/authmw/auth.Middleware.func1.1"))
	text := Analyze(r)
	mustHave(t, text, "token, err := p.ParseToken(c.Request().Header.Get(\"Authorization\"))",
		"if err != nil || !token.Valid {", "\treturn c.NoContent(http.StatusUnauthorized)")
	mustLack(t, text, "StatusInternalServerError")
}
