package explainerr

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// retrievalNotLinked says what to add when retrieval is on and no index
// reader is linked.
const retrievalNotLinked = "Retrieval is on (EXPLAINERR_CONTEXT=rag) but the index reader is not linked into this program, " +
	"so the explanation is made from the app's files without the index. To retrieve from it, add this import to your main package: import " + RetrievalImport

// errRetrievalNotLinked is the retrieval error when no index reader is
// linked; the notice that says so is made once, by New.
var errRetrievalNotLinked = errors.New("retrieval is on but no index reader is linked")

// errNoIndex marks the retrieval error when there is no index file.
var errNoIndex = errors.New("no index")

// indexHint says how to build the index from the user's own module.
const indexHint = "build it with \"go tool explainerr index ./...\" at your module's root " +
	"(after \"go get -tool github.com/explainerr/explainerr/cmd/explainerr\")"

// ragState gives the middleware a retriever: the one configured, or one
// opened from the index file on first use and reopened when the file is
// rebuilt. A missing index is an error for each failure (so that the page
// says so), not for New: the index may be built while the server runs.
type ragState struct {
	fixed Retriever
	path  string

	mu      sync.Mutex
	opened  Retriever
	closer  io.Closer
	modTime time.Time
}

func newRAGState(r Retriever, path string) *ragState {
	if path == "" {
		path = DefaultIndexPath()
	}
	return &ragState{fixed: r, path: path}
}

func (s *ragState) retrieve(ctx context.Context, r *report.Report) (chunks []report.Chunk, err error) {
	ret, err := s.retriever()
	if err != nil {
		return nil, err
	}
	// A retriever that panics costs the retrieval, not the page.
	defer func() {
		if p := recover(); p != nil {
			chunks, err = nil, fmt.Errorf("the retriever panicked: %s", safeSprint(p))
		}
	}()
	return ret.Retrieve(ctx, r)
}

func (s *ragState) retriever() (Retriever, error) {
	if s.fixed != nil {
		return s.fixed, nil
	}
	open := registeredIndexOpener()
	if open == nil {
		return nil, errRetrievalNotLinked
	}
	st, err := os.Stat(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s: %s", errNoIndex, s.path, indexHint)
	} else if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.opened != nil && st.ModTime().Equal(s.modTime) {
		return s.opened, nil
	}
	if s.closer != nil {
		s.closer.Close()
		s.opened, s.closer = nil, nil
	}
	ret, err := open(s.path)
	if err != nil {
		return nil, err
	}
	s.opened, s.modTime = ret, st.ModTime()
	s.closer, _ = ret.(io.Closer)
	return ret, nil
}

func (s *ragState) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closer != nil {
		err := s.closer.Close()
		s.opened, s.closer = nil, nil
		return err
	}
	return nil
}
