package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestNoRowsCheckedByTheErrorMiddleware: the app's error middleware,
// which writes the status, calls a helper that tests errors.Is(err,
// sql.ErrNoRows); the store wrapped the error with %v, and the middleware
// logged it behind its own words. The explanation names the wrap and its
// function, and does not advise the test the helper already makes.
func TestNoRowsCheckedByTheErrorMiddleware(t *testing.T) {
	dir := t.TempDir()
	store := `package store

import (
	"database/sql"
	"fmt"
)

type Repo struct{ db *sql.DB }

func (r Repo) Get(id string) (string, error) {
	var name string
	if err := r.db.QueryRow("SELECT name FROM things WHERE id = $1", id).Scan(&name); err != nil {
		return "", fmt.Errorf("thing %s: %v", id, err)
	}
	return name, nil
}
`
	mw := `package web

import (
	"database/sql"
	"errors"
	"log"
	"net/http"
)

func Errors(next func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := next(w, r); err != nil {
			log.Printf("request failed: %v", err)
			w.WriteHeader(statusOf(err))
		}
	}
}

func statusOf(err error) int {
	if errors.Is(err, sql.ErrNoRows) {
		return http.StatusNotFound
	}
	return http.StatusInternalServerError
}
`
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/things\n\ngo 1.22\n", "store/store.go": store, "web/errors.go": mw})
	lines := strings.Split(mw, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "w.WriteHeader(statusOf(err))") {
			line = i + 1
		}
	}
	frame := report.Frame{Function: "example.com/things/web.Errors.func1", File: filepath.Join(dir, "web", "errors.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line - 3, Lines: lines[line-4 : line+2], Line: line}}
	r := statusReport("", frame)
	r.Logs = logs(`2026/12/02 07:00:00 request failed: thing 42: sql: no rows in result set`)
	text := Analyze(r)
	for _, want := range []string{"`Repo.Get`", "fmt.Errorf(\"thing %s: %v\", id, err)", "instead of `\"%v\"`", "`statusOf`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Answer a missing row with 404") {
		t.Errorf("the explanation advises the test statusOf already makes:\n%s", text)
	}
}
