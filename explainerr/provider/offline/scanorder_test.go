package offline

import (
	"strings"
	"testing"
)

// memberStore is a store whose Scan takes the select list's columns in
// the order scan gives.
func memberStore(scan string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/club\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"time"
)

// Member is a member.
type Member struct {
	ID       int
	Name     string
	JoinedAt time.Time
}

// Store keeps members.
type Store struct{ db *sql.DB }

// Member returns a member.
func (s *Store) Member(id int) (Member, error) {
	var m Member
	query := ` + "`SELECT id, name, joined_at FROM members WHERE id = $1`" + `
	err := s.db.QueryRow(query, id).Scan(` + scan + `) //!scan
	return m, err
}
`,
	}
}

// TestScanDestinationsOutOfOrder: a Scan error on a column whose
// destination at its index is another field's is the select list and
// the Scan in different orders; one whose destination is the column's own
// field is a type to change.
func TestScanDestinationsOutOfOrder(t *testing.T) {
	msg := `sql: Scan error on column index 1, name "name": unsupported Scan, storing driver.Value type string into type *time.Time`
	app := writeMarkedApp(t, memberStore("&m.ID, &m.JoinedAt, &m.Name"))
	text := Analyze(panicReport("*errors.errorString", msg, app.frame(t, "scan", "example.com/club/store.(*Store).Member")))
	mustHave(t, text, "The Scan's destinations are not in the query's order", "selects `name` as its column 2", "puts that column into `&m.JoinedAt`, a `time.Time`", "`&m.Name`, where `name` belongs")
	mustLack(t, text, "Scan the column into a Go type")

	msg = `sql: Scan error on column index 2, name "joined_at": unsupported Scan, storing driver.Value type string into type *time.Time`
	app = writeMarkedApp(t, memberStore("&m.ID, &m.Name, &m.JoinedAt"))
	text = Analyze(panicReport("*errors.errorString", msg, app.frame(t, "scan", "example.com/club/store.(*Store).Member")))
	if strings.Contains(text, "not in the query's order") {
		t.Errorf("a destination that is the column's own field is said to be out of order:\n%s", text)
	}
}
