package offline

import (
	"testing"
)

// TestCallerThatLetsNotFoundThrough: a handler that lets the store's
// not-found error through its check (err != nil && !errors.Is(err,
// ErrNotFound)) and then tests the result for nil gets that error wrapped
// with %v: the fault is the wrap, not a caller that expects nil.
func TestCallerThatLetsNotFoundThrough(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/queue\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"errors"
	"fmt"
)

// ErrNotFound is a missing row.
var ErrNotFound = errors.New("data not found")

// Queue is a user's play queue.
type Queue struct{ Items []string }

// Queues reads play queues.
type Queues struct{ rows map[string]*Queue }

// Get returns the queue of user.
func (q *Queues) Get(user string) (*Queue, error) {
	row, ok := q.rows[user]
	if !ok {
		return nil, fmt.Errorf("queue of %s: %v", user, ErrNotFound) //!wrap
	}
	return row, nil
}
`,
		"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/queue/store"
)

// Queues is the store the handlers use.
var Queues *store.Queues

// getQueue answers the user's queue, an empty one when there is none.
func getQueue(w http.ResponseWriter, r *http.Request) {
	q, err := Queues.Get("alice")
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!fail
		return
	}
	if q == nil {
		w.Write([]byte("[]"))
		return
	}
	w.Write([]byte(q.Items[0]))
}
`,
	})
	_, wrap := app.line("wrap")
	r := panicReport("http.Status", "queue of alice: data not found", app.frame(t, "fail", "example.com/queue/web.getQueue"))
	r.Error.Kind = "status"
	r.Status = 500
	text := Analyze(r)
	mustHave(t, text, "Wrap it with `\"%w\"`", "at `store.go:"+itoa(wrap)+"`")
	mustLack(t, text, "where its caller expects nil", "as its caller expects")
}
