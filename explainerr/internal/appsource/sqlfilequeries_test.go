package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestQueryKeptInASQLFileByName: a column error whose query no Go
// literal holds brings the named query of a .sql file that names the
// column (goyesql's "-- name:"), not another of the same file.
func TestQueryKeptInASQLFileByName(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/lists\n",
		"queries/lists.sql": `-- name: get-list
SELECT * FROM lists WHERE id = $1;

-- name: query-lists
SELECT l.id, l.name, COUNT(*) AS subscriber_count
FROM lists l
LEFT JOIN list_stats s ON s.list_id = l.id
GROUP BY l.id, s.subscription_status
ORDER BY l.id;

-- name: delete-list
DELETE FROM lists WHERE id = $1;
`,
		"schema.sql": "CREATE TABLE lists (\n  id serial PRIMARY KEY,\n  name text\n);\n",
		"web/lists.go": `package web

import "net/http"

type queries struct{ QueryLists string }

var q queries

func getLists(w http.ResponseWriter, r *http.Request) {
	_ = q.QueryLists
	w.WriteHeader(http.StatusInternalServerError)
}
`,
	})
	fr := report.Frame{Function: "example.com/lists/web.getLists", File: "web/lists.go", Line: 11}
	var got []string
	for _, c := range Static(shelfReport(root, `pq: column "subscription_status" does not exist`, fr)) {
		if c.Reason == report.ReasonQuery {
			got = append(got, c.File+":"+c.Symbol)
			if !strings.Contains(c.Text, "subscription_status") {
				t.Errorf("the query chunk does not hold the column: %q", c.Text)
			}
		}
	}
	if len(got) != 1 || got[0] != "queries/lists.sql:query-lists" {
		t.Errorf("query chunks %q, want the named query query-lists", got)
	}
}

// TestEnumValueBringsTheTypesDefinition: PostgreSQL's "invalid input
// value for enum" brings the statement that creates the type (and any
// that adds a value to it), not the table that uses it.
func TestEnumValueBringsTheTypesDefinition(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":     "module example.com/mail\n",
		"schema.sql": "CREATE TYPE content_type AS ENUM ('richtext', 'html', 'plain');\n\nCREATE TABLE campaigns (\n  id serial PRIMARY KEY,\n  body text\n);\n",
		"web/campaigns.go": `package web

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func create(w http.ResponseWriter, r *http.Request) {
	if _, err := db.Exec("INSERT INTO campaigns (body, content_type) VALUES ($1, $2)", "x", r.FormValue("type")); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}
`,
	})
	fr := report.Frame{Function: "example.com/mail/web.create", File: "web/campaigns.go", Line: 12}
	got := schemaFiles(root, `pq: invalid input value for enum content_type: "markdown"`, fr)
	r := Static(shelfReport(root, `pq: invalid input value for enum content_type: "markdown"`, fr))
	found := false
	for _, c := range r {
		if c.Reason == report.ReasonSchema && strings.Contains(c.Text, "CREATE TYPE content_type") {
			found = true
		}
	}
	if !found {
		t.Errorf("the type's definition is not a schema chunk: %q", got)
	}
}
