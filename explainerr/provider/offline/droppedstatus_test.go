package offline

import "testing"

// TestDroppedErrorStatusFollowsWhatFailed: the fix block of a dropped
// error answers as the failure is: a JWT from the Authorization header
// that does not parse is the client's bad credential (401), and a row
// looked up by a key the request's body gave is not found (404, as the
// handler answers elsewhere), neither a 400 nor a 500.
func TestDroppedErrorStatusFollowsWhatFailed(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/keys\n\ngo 1.22\n",
		"jwt/jwt.go": `package jwt

import "errors"

// Token is a parsed token.
type Token struct{ Valid bool }

// Parse parses a token.
func Parse(s string) (*Token, error) {
	if s == "" {
		return nil, errors.New("token is malformed")
	}
	return &Token{Valid: true}, nil
}
`,
		"main.go": `package main

import (
	"encoding/json"
	"net/http"

	"example.com/keys/jwt"
)

type reset struct{ UserID int }

func selectResetByToken(token string) (*reset, error) { return nil, nil }

func me(w http.ResponseWriter, r *http.Request) {
	tok, _ := jwt.Parse(r.Header.Get("Authorization"))
	if tok.Valid { //!me
		w.WriteHeader(http.StatusOK)
	}
}

func resetPassword(w http.ResponseWriter, r *http.Request) {
	var body struct{ Token string }
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		w.WriteHeader(422)
		return
	}
	if body.Token == "" {
		w.WriteHeader(404)
		return
	}
	pr, _ := selectResetByToken(body.Token)
	w.Write([]byte{byte(pr.UserID)}) //!reset
}
`,
	})
	text := Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "me", "me")))
	mustHave(t, text, "http.StatusUnauthorized")
	mustLack(t, text, "http.StatusBadRequest", "StatusInternalServerError")

	text = Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "reset", "resetPassword")))
	mustHave(t, text, "pr, err := selectResetByToken(body.Token)", "404")
	mustLack(t, text, "StatusInternalServerError", "WriteHeader(500)")
}
