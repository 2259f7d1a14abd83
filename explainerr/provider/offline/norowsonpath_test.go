package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// visitFiles look a visitor up by a token; the store wraps the lookup's
// error with %v, and the service, which the middleware calls, tests for
// sql.ErrNoRows to treat an unknown token as no visitor.
var visitFiles = map[string]string{
	"go.mod": "module example.com/visit\n",
	"main.go": `package main

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
)

type store struct{ db *sql.DB }

func (s store) byToken(token string) (string, error) {
	var id string
	if err := s.db.QueryRow("SELECT id FROM visitors WHERE token = $1", token).Scan(&id); err != nil {
		return "", fmt.Errorf("by token: %v", err)
	}
	return id, nil
}

type service struct{ s store }

func (v service) visitor(token string) (string, error) {
	id, err := v.s.byToken(token)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

func middleware(v service, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := v.visitor(r.Header.Get("Token")); err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError) //! status
			return
		}
		next.ServeHTTP(w, r)
	})
}
`,
}

// TestNoRowsTestOnThePath: a not-found error wrapped with %v, which a
// function on the request's path already tests for, is fixed by the
// wrap alone; no new test answering 404 is advised.
func TestNoRowsTestOnThePath(t *testing.T) {
	app := writeMarkedApp(t, visitFiles)
	r := panicReport("*fmt.wrapError", "by token: sql: no rows in result set", app.frame(t, "status", "middleware.func1"))
	r.Error.Kind = report.KindStatus
	text := Analyze(r)
	mustHave(t, text, "The request's path already tests for it", "Wrap it with `\"%w\"` instead of `\"%v\"`")
	mustLack(t, text, "Answer a missing row with 404 Not Found")
}
