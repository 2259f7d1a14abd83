package offline

import "testing"

// itemFiles is a store whose named DELETE names a parameter its argument
// struct is not tagged with.
var itemFiles = map[string]string{
	"go.mod": "module example.com/items\n\ngo 1.22\n",
	"store/store.go": `package store

import "github.com/jmoiron/sqlx"

// Store keeps items.
type Store struct{ db *sqlx.DB }

// Delete removes an item.
func (s *Store) Delete(id string) error {
	data := struct {
		ID string ` + "`db:\"item_id\"`" + `
	}{ID: id}
	const q = ` + "`" + `
	DELETE FROM items
	WHERE item_id = :id` + "`" + `
	_, err := s.db.NamedExec(q, data)
	return err
}
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/items/store"
)

var items *store.Store

func remove(w http.ResponseWriter, r *http.Request) {
	if err := items.Delete(r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestNamedParameterNoFieldIsTaggedWith: sqlx's missing named parameter
// is traced to the query that names it, and the fix names the struct's
// tag the message shows.
func TestNamedParameterNoFieldIsTaggedWith(t *testing.T) {
	msg := `delete: could not find name id in struct { ID string "db:\"item_id\"" }{ID:"7"}`
	app := writeMarkedApp(t, itemFiles)
	text := Analyze(statusReport(msg, app.frame(t, "status", "remove")))
	mustHave(t, text, "A named parameter `:id` no field of the argument is tagged with",
		"The struct's tags the message shows are `item_id`.",
		"The query that names `:id` is in `(*Store).Delete` (`store.go:15`)",
		"In `(*Store).Delete`, name the parameter as the struct is tagged (`:id` → `:item_id`)")
}
