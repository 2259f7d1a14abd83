package offline

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// TestNilReceiverHeldInAFieldTheConstructorLeavesOut: a store method
// panics on a line that reads its field and calls a library's methods on
// it; the receiver was passed on by another method of the store, and the
// handler called that on its own field, which its constructor never sets.
// That evidence picks the receiver among the line's values, and the fix
// is in the constructor, not a nil check in the store.
func TestNilReceiverHeldInAFieldTheConstructorLeavesOut(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/jot\n\ngo 1.22\n",
		"repo/repo.go": `package repo

import "database/sql"

// Notes keeps notes.
type Notes struct{ db *sql.DB }

// NewNotes returns the notes of db.
func NewNotes(db *sql.DB) *Notes { return &Notes{db: db} }

func (n *Notes) count(owner int) int {
	var c int
	n.db.QueryRow("SELECT count(*) FROM notes WHERE owner = ?", owner).Scan(&c) //!site
	return c
}

// Quota reports whether owner may add a note.
func (n *Notes) Quota(owner int) bool {
	return n.count(owner) < 10 //!via
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/jot/repo"
)

// Handler answers notes.
type Handler struct {
	notes *repo.Notes
	name  string
}

// NewHandler returns the handler.
func NewHandler() *Handler {
	return &Handler{name: "jot"}
}

// Add adds a note.
func (h *Handler) Add(w http.ResponseWriter, r *http.Request) {
	if !h.notes.Quota(1) { //!call
		http.Error(w, "over quota", http.StatusForbidden)
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "site", "example.com/jot/repo.(*Notes).count"), app.frame(t, "via", "example.com/jot/repo.(*Notes).Quota"), app.frame(t, "call", "example.com/jot/web.(*Handler).Add"))
	// The static context holds the constructor that left the field out.
	var ctx []string
	for _, c := range appsource.Static(r) {
		ctx = append(ctx, string(c.Reason)+" "+c.Symbol)
	}
	if !slices.Contains(ctx, "constructor NewHandler") {
		t.Errorf("the static context %q lacks the handler's constructor", ctx)
	}
	text := Analyze(r)
	mustHave(t, text, "Nil pointer dereference: `n` is nil", "called on the same receiver by `(*Notes).Quota`",
		"calls on `h.notes`", "`Handler` is built without setting `notes` at `NewHandler` (`web.go:17`)",
		"Set `notes` where the `Handler` is built")
	mustLack(t, text, "one of", "if n == nil")
	assertGroundedIn(t, r, text, files)
}
