package respcapture

import (
	"log/slog"
	"net/http"

	"github.com/explainerr/explainerr/explainerr/stack"
)

// Owner is what the writers of one middleware share: how call sites are
// classified, where calls made after a handler returned are logged, and
// the mark of every request that did not fail.
type Owner struct {
	classifier *stack.Classifier
	log        *slog.Logger
	// returned is the record every writer starts with, which nothing may
	// change: a writer replaces it by a record of its own before it
	// records anything.
	returned Failure
}

// NewOwner returns the Owner of one middleware's writers: c tells the
// app's frames when a call site is named, log receives the warnings about
// calls made after a handler returned.
func NewOwner(c *stack.Classifier, log *slog.Logger) *Owner {
	o := &Owner{classifier: c, log: log}
	o.returned = Failure{owner: o, returned: true}
	return o
}

// Init makes w, a zero Writer, the writer of one request's response to rw
// and returns it. It allocates nothing, so that a Writer can share an
// allocation with what the caller records beside it.
func (o *Owner) Init(w *Writer, rw http.ResponseWriter) *Writer {
	w.ResponseWriter = rw
	w.fail = &o.returned
	return w
}
