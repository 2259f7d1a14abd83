// Package retrieval is the contract between explainerr and the reader of
// an app's source index, with the same register-and-look-up shape as the
// provider package: the index reader (package index/rag) registers its
// opener from its init function, and a program links it with a blank
// import, so that neither the middleware nor its users import the index,
// SQLite or cgo unless they want retrieval.
//
//	import _ "github.com/explainerr/explainerr/index/rag"
package retrieval

import (
	"context"
	"sync"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Retriever finds the app source relevant to a failure.
type Retriever interface {
	// Retrieve returns the chunks to show the model for r, most relevant
	// first. An error makes the explanation fall back to the static
	// context, with a notice on the page.
	Retrieve(ctx context.Context, r *report.Report) ([]report.Chunk, error)
}

// Opener opens the index file at path as a Retriever. When the Retriever
// is also an io.Closer, the middleware closes it when the file is rebuilt
// and reopened, and when the Explainer closes.
type Opener func(path string) (Retriever, error)

var (
	mu     sync.RWMutex
	opener Opener
)

// Register makes open the way an index file is read when retrieval is on
// and no retriever is given to the middleware. It panics if open is nil or
// an opener is already registered.
func Register(open Opener) {
	mu.Lock()
	defer mu.Unlock()
	if open == nil {
		panic("retrieval: Register of a nil opener")
	}
	if opener != nil {
		panic("retrieval: Register called twice")
	}
	opener = open
}

// Lookup returns the registered opener, nil when no package registered
// one.
func Lookup() Opener {
	mu.RLock()
	defer mu.RUnlock()
	return opener
}
