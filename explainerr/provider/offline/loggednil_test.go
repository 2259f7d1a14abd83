package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestNilFromALoggedErrorNamesTheLogLine: a helper that logs its error and
// returns the nil result leaves the reason in the request's log; the
// explanation offers that logged error as the likely reason, hedged, and
// asks for the error to be returned.
func TestNilFromALoggedErrorNamesTheLogLine(t *testing.T) {
	dir := t.TempDir()
	src := `package main

import (
	"database/sql"
	"log"
)

var db *sql.DB

func query(q string) *sql.Rows {
	rows, err := db.Query(q)
	if err != nil {
		log.Println(err)
	}
	return rows
}

func search(term string) int {
	rows := query("SELECT id FROM tasks WHERE title LIKE '%" + term + "%'")
	n := 0
	for rows.Next() {
		n++
	}
	return n
}
`
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/tasks\n\ngo 1.22\n", "main.go": src})
	lines := strings.Split(src, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "rows.Next()") {
			line = i + 1
		}
	}
	frame := report.Frame{Function: "main.search", File: filepath.Join(dir, "main.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line - 5, Lines: lines[line-6 : line+4], Line: line}}
	r := panicReport("runtime.errorString", nilPointerMsg,
		libFrame(report.FrameStdlib, "database/sql.(*Rows).Next", "/usr/local/go/src/database/sql/sql.go", 3001), frame)
	r.Logs = logs(`2026/12/01 09:49:23 near "s": syntax error`)
	text := Analyze(r)
	for _, want := range []string{"The request logged `near \"s\": syntax error`", "Make `query` return its error"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	// An error that names no failure in words: a closed database.
	r.Logs = logs("2026/12/01 09:49:23 sql: database is closed")
	if text := Analyze(r); !strings.Contains(text, "The request logged `sql: database is closed`") {
		t.Errorf("the closed database's error is not offered as the reason:\n%s", text)
	}
	// Without an error in the log, nothing is said about it.
	r.Logs = logs("2026/12/01 09:49:23 searching for it's")
	if text := Analyze(r); strings.Contains(text, "The request logged") {
		t.Errorf("a plain log line was offered as the reason:\n%s", text)
	}
}
