package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestQueryInAConstantNamesItsRunner: an SQL error from a query kept in a
// package constant (as sqlc generates them), answered with the error in a
// JSON body, is recognised and names the function that runs the
// constant, not only the constant's line.
func TestQueryInAConstantNamesItsRunner(t *testing.T) {
	dir := t.TempDir()
	queries := "package db\n\nimport (\n\t\"context\"\n\t\"database/sql\"\n)\n\ntype Queries struct{ db *sql.DB }\n\n" +
		"const createNote = `INSERT INTO notes (body) VALUES ($1) RETURNING id, body, creatd`\n\n" +
		"func (q *Queries) CreateNote(ctx context.Context, body string) (int64, error) {\n" +
		"\tvar id int64\n\treturn id, q.db.QueryRowContext(ctx, createNote, body).Scan(&id)\n}\n"
	handler := `package api

import (
	"encoding/json"
	"net/http"
)

func writeError(w http.ResponseWriter, err error) {
	w.WriteHeader(http.StatusInternalServerError)
	json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
}
`
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/notes\n\ngo 1.22\n", "db/queries.go": queries, "api/errors.go": handler})
	frame := report.Frame{Function: "example.com/notes/api.writeError", File: filepath.Join(dir, "api", "errors.go"), Line: 9, Kind: report.FrameApp}
	r := &report.Report{Error: report.Error{Kind: report.KindStatus, Type: "http.Status",
		Message: `{"error":"ERROR: column \"creatd\" does not exist (SQLSTATE 42703)"}`}, Frames: []report.Frame{frame}}
	text := Analyze(r)
	for _, want := range []string{"no column `creatd`", "`queries.go:10` (a constant that `(*Queries).CreateNote` runs)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
}
