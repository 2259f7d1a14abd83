package offline

import "testing"

// TestArgumentsOutOfPlaceholderOrder: a value the column's type cannot
// read, which the client sent for another field, is traced to the
// statement that passes that field's argument to the other column's
// placeholder (an INSERT's column list, the statement a constant).
func TestArgumentsOutOfPlaceholderOrder(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/events\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"time"
)

const insertEvent = "INSERT INTO events (title, starts_at, venue) VALUES ($1, $2, $3)"

// Event is an event.
type Event struct {
	Title    string
	StartsAt time.Time
	Venue    string
}

// Store keeps events.
type Store struct{ db *sql.DB }

// Add adds an event.
func (s *Store) Add(e Event) error {
	_, err := s.db.Exec(insertEvent, e.Title, e.Venue, e.StartsAt)
	return err //!ret
}
`,
	})
	r := panicReport("*pq.Error", `pq: invalid input syntax for type timestamp: "Town Hall"`, app.frame(t, "ret", "example.com/events/store.(*Store).Add"))
	r.Request.Method, r.Request.Body = "POST", `{"title":"Jazz night","starts_at":"2026-01-02T20:00:00Z","venue":"Town Hall"}`
	text := Analyze(r)
	mustHave(t, text, "arguments are not in its placeholders' order: `venue` goes to `starts_at`",
		"passes `e.Venue` as its argument 2, which fills `$2`", "The column `venue` is set by `$3`, which gets `e.StartsAt`")

	// The field whose value it is goes to its own column: no order to
	// blame, the value is the client's.
	r.Request.Body = `{"title":"Town Hall","starts_at":"2026-01-02T20:00:00Z","venue":"x"}`
	text = Analyze(r)
	mustLack(t, text, "not in its placeholders' order")
	mustHave(t, text, "validate it and answer 400 Bad Request")
}

// TestNotNullColumnFilledWithAnotherField: a NOT NULL column the INSERT
// lists is filled with an argument named for another column (nil for a
// new row): the argument is the fix, not a DEFAULT.
func TestNotNullColumnFilledWithAnotherField(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"time"
)

// Note is a note.
type Note struct {
	Body      string
	CreatedAt time.Time
	EditedAt  *time.Time
}

// Store keeps notes.
type Store struct{ db *sql.DB }

// Add adds a note.
func (s *Store) Add(n Note) error {
	_, err := s.db.Exec("INSERT INTO notes (body, created_at) VALUES ($1, $2)", n.Body, n.EditedAt)
	return err //!ret
}
`,
	})
	r := panicReport("*pq.Error", `pq: null value in column "created_at" of relation "notes" violates not-null constraint`, app.frame(t, "ret", "example.com/notes/store.(*Store).Add"))
	text := Analyze(r)
	mustHave(t, text, "fills its `$2` with `n.EditedAt`", "pass the value meant for `created_at` as `$2` instead of `n.EditedAt`")
	mustLack(t, text, "give the column a DEFAULT")
}
