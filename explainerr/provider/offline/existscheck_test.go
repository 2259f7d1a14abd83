package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// tagsStore is a store whose look-up of a tag drops its query's error
// (the query names a column the table lacks), before an insert that the
// unique constraint on (user_id, name) rejects.
const tagsStore = `package store

import "database/sql"

const schema = ` + "`CREATE TABLE tags (id serial PRIMARY KEY, user_id integer NOT NULL, name text NOT NULL, UNIQUE (user_id, name))`" + `

type Store struct{ db *sql.DB }

// TagExists reports whether the user has a tag of that name.
func (s *Store) TagExists(userID int64, name string) bool {
	var found bool
	s.db.QueryRow("SELECT true FROM tags WHERE user_id=$1 AND nmae=$2", userID, name).Scan(&found)
	return found
}

// TagIDExists reports whether the user has the tag id; it drops its
// error too, but its query is sound.
func (s *Store) TagIDExists(userID, id int64) bool {
	var found bool
	s.db.QueryRow("SELECT true FROM tags WHERE user_id=$1 AND id=$2", userID, id).Scan(&found)
	return found
}

// CreateTag stores a tag.
func (s *Store) CreateTag(userID int64, name string) error {
	_, err := s.db.Exec("INSERT INTO tags (user_id, name) VALUES ($1, $2)", userID, name)
	return err
}
`

// TestUniqueDespiteALookupThatDropsItsError: the app looks for the value
// first, so that is not advised again; of the two look-ups that drop
// their Scan error, the one whose query names a column the table lacks is
// named as the fault.
func TestUniqueDespiteALookupThatDropsItsError(t *testing.T) {
	dir := t.TempDir()
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/tags\n\ngo 1.22\n", "store/store.go": tagsStore})
	lines := strings.Split(tagsStore, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "INSERT INTO tags") {
			line = i + 1
		}
	}
	frame := report.Frame{Function: "example.com/tags/store.(*Store).CreateTag", File: filepath.Join(dir, "store", "store.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line, Lines: lines[line-1 : line], Line: line}}
	text := Analyze(statusReport(`pq: duplicate key value violates unique constraint "tags_user_id_name_key"`+"\n", frame))
	mustHave(t, text, "`(*Store).TagExists`", "drops the error", "`store.go:12`", "check the error of `Scan`", "Its query names `nmae`, which the schema does not give `tags` (it has `name`)")
	mustLack(t, text, "check for the value first")
}
