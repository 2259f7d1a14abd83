package offline

import "testing"

// badgeFiles save a badge the handler looked up and, with newOnly, made
// anew only when none was found; without it, always made anew.
func badgeFiles(newOnly bool) map[string]string {
	lookup := "b, err := s.Find(code)\n\t\tif err != nil {\n\t\t\thttp.Error(w, err.Error(), http.StatusInternalServerError)\n\t\t\treturn\n\t\t}\n\t\tif b == nil {\n\t\t\tb = &store.Badge{Code: code}\n\t\t}"
	if !newOnly {
		lookup = "b := &store.Badge{Code: code}"
	}
	return map[string]string{
		"go.mod": "module example.com/badges\n\ngo 1.22\n\nrequire github.com/mattn/go-sqlite3 v1.14.22\n",
		"store/store.go": `package store

import "database/sql"

// Badge is a badge.
type Badge struct{ Code, Title string }

// Store keeps badges.
type Store struct{ db *sql.DB }

// Find finds a badge; nil when there is none.
func (s *Store) Find(code string) (*Badge, error) { return nil, nil }

// Put writes a badge.
func (s *Store) Put(b *Badge) error {
	_, err := s.db.Exec("INSERT INTO badges (code, title) VALUES (?, ?)", b.Code, b.Title)
	return err
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/badges/store"
)

// Save saves a badge's title.
func Save(s *store.Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		code := r.FormValue("code")
		` + lookup + `
		b.Title = r.FormValue("title")
		if err := s.Put(b); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError) //! put
		}
	}
}
`,
	}
}

// TestUniqueViolationOfAnUpdate: a unique violation of a write given a
// row the handler looked up and made anew only when none was found is an
// update done as an insert: no duplicate is blamed on the client and no
// 409 or check first is advised. A row always made anew keeps the
// duplicate reading.
func TestUniqueViolationOfAnUpdate(t *testing.T) {
	const msg = "UNIQUE constraint failed: badges.code\n"
	app := writeMarkedApp(t, badgeFiles(true))
	text := Analyze(statusReport(msg, app.frame(t, "put", "example.com/badges/web.Save.func1")))
	mustHave(t, text, "`b` is looked up at", "made new only when none was found", "Make `(*Store).Put` replace or update an existing row")
	mustLack(t, text, "The request sends it", "409", "check for the value first")

	app = writeMarkedApp(t, badgeFiles(false))
	r := statusReport(msg, app.frame(t, "put", "example.com/badges/web.Save.func1"))
	r.Request.Method, r.Request.Form = "POST", map[string][]string{"code": {"gold"}, "title": {"Gold"}}
	text = Analyze(r)
	mustHave(t, text, "The request sends it (its field `code`)", "check for the value first")
	mustLack(t, text, "is looked up at")
}
