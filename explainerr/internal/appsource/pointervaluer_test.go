package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestValueOnThePointerOfASlice: an argument database/sql could not
// convert, whose slice type declares Value on its pointer, brings that
// method right after the frame, though nothing the frame calls reaches
// it.
func TestValueOnThePointerOfASlice(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/lists\n",
		"model/model.go": `package model

import (
	"database/sql/driver"
	"encoding/json"
)

type Item struct{ Title string }

type Items []Item

func (is *Items) Value() (driver.Value, error) { return json.Marshal(is) }

type List struct {
	Name  string
	Items Items
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/lists/model"
)

func save(db *sql.DB, w http.ResponseWriter, l model.List) {
	if _, err := db.Exec("INSERT INTO lists (name, items) VALUES (?, ?)", l.Name, l.Items); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, "sql: converting argument $2 type: unsupported type model.Item, a struct", report.Frame{Function: "example.com/lists/web.save", File: "web/web.go", Line: 11})
	got := reasonsInOrder(Static(r))
	if len(got) < 2 || got[1] != "origin:(*Items).Value" {
		t.Fatalf("want (*Items).Value after the frame, got %v", got)
	}
}
