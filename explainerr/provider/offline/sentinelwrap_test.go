package offline

import "testing"

// TestShortWrapOfASentinel: a wrap whose format has little text of its
// own ("p %s: %v") is found when the message ends with a sentinel's text,
// and a test of that sentinel in a handler the stack does not show is
// named rather than said to be missing.
func TestShortWrapOfASentinel(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/parts\n",
		"store/store.go": `package store

import (
	"errors"
	"fmt"
)

// ErrGone is a part that is not there.
var ErrGone = errors.New("part not found")

// Store keeps parts.
type Store struct{ parts map[string]string }

func (s *Store) read(id string) (string, error) {
	p, ok := s.parts[id]
	if !ok {
		return "", ErrGone
	}
	return p, nil
}

// Part returns a part.
func (s *Store) Part(id string) (string, error) {
	p, err := s.read(id)
	if err != nil {
		return "", fmt.Errorf("p %s: %v", id, err)
	}
	return p, nil
}
`,
		"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/parts/store"
)

// Show answers a part, 404 when it is gone.
func Show(s *store.Store, w http.ResponseWriter, id string) error {
	p, err := s.Part(id)
	if errors.Is(err, store.ErrGone) {
		http.Error(w, "no such part", http.StatusNotFound)
		return nil
	}
	if err != nil {
		return err
	}
	_, err = w.Write([]byte(p))
	return err
}

// Serve answers every request through a table of handlers.
func Serve(w http.ResponseWriter, r *http.Request, h func() error) {
	if err := h(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
	})
	r := statusReport("p x9: part not found", app.frame(t, "fail", "example.com/parts/web.Serve"))
	text := Analyze(r)
	mustHave(t, text, `fmt.Errorf("p %s: %w", id, err)`, "The module tests that error at")
	mustLack(t, text, "nothing on the error's path tests it", "Return a sentinel error")
}
