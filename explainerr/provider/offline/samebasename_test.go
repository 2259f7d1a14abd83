package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// hangarFiles is an app with two server.go files: the store's, whose
// search joins a table on a column another table lacks, and the web
// handler's, which only deletes.
var hangarFiles = map[string]string{
	"go.mod": "module example.com/hangar\n\ngo 1.22\n",
	"store/server.go": `package store

import "database/sql"

// Store keeps servers.
type Store struct{ db *sql.DB }

// Search lists the servers a user may see.
func (s *Store) Search(user int) error {
	_, err := s.db.Query("SELECT s.name FROM servers s JOIN permissions p ON p.server_identifier = s.id WHERE p.user_id = ?", user)
	return err
}

// Delete removes a server and its clients.
func (s *Store) Delete(id string) error {
	_, err := s.db.Exec("DELETE FROM clients WHERE server_identifier = ?", id)
	return err
}
`,
	"web/server.go": `package web

import (
	"net/http"

	"example.com/hangar/store"
)

// Servers serves the servers.
type Servers struct{ Store *store.Store }

// Remove deletes a server.
func (h *Servers) Remove(w http.ResponseWriter, r *http.Request) {
	if err := h.Store.Delete(r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestQueryOfTheFunctionTheRequestRanInAFileOfACommonName: of two
// queries that name the column, in files of one base name in two
// packages, the one the request ran is the query, not a search it never
// reached.
func TestQueryOfTheFunctionTheRequestRanInAFileOfACommonName(t *testing.T) {
	app := writeMarkedApp(t, hangarFiles)
	fr := app.frame(t, "status", "(*Servers).Remove")
	fr.Function = "example.com/hangar/web.(*Servers).Remove"
	r := statusReport("SQL logic error: no such column: server_identifier (1)", fr)
	r.Request.Method = "DELETE"
	r.Mode = report.ModeStatic
	r.Context = appsource.Static(r)
	text := Analyze(r)
	mustHave(t, text, "`(*Store).Delete`")
	mustLack(t, text, "`(*Store).Search`")
	assertGroundedIn(t, r, text, hangarFiles)
}
