package shapes

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// TillerOptions configure a tiller.
type TillerOptions struct {
	Limit   int
	Methods []string
	Accept  func(r *http.Request, name string) bool
}

// Tiller steers requests.
type Tiller struct {
	Log     func(string)
	name    string
	limit   int
	pause   int
	methods []string
	names   []string
}

// NewTiller builds a tiller from its options.
func NewTiller(opts TillerOptions) *Tiller {
	t := &Tiller{
		name:  "tiller",
		pause: 3,
	}
	t.limit = opts.Limit
	if len(opts.Methods) == 0 {
		t.methods = []string{http.MethodGet, http.MethodPost, http.MethodHead}
	} else {
		t.methods = opts.Methods
	}
	return t
}

// everyMethod lists the methods a permissive tiller takes.
var everyMethod = []string{http.MethodGet, http.MethodPut, http.MethodDelete}

// steer answers a request that carries a token.
func (t *Tiller) steer(w http.ResponseWriter, r *http.Request) {
	_, hasToken := r.Header["Token"]
	if r.Method == http.MethodPost && r.Header.Get("X-Tiller-Mode") != "" && hasToken {
		w.WriteHeader(http.StatusAccepted)
	}
	if len(t.names) > 0 {
		w.Header().Set("X-Tiller-Names", strings.Join(t.names, ", "))
	}
}

// tillerPause is the pause between two steers.
func tillerPause(t *Tiller) time.Duration { return time.Duration(t.pause) * time.Second }

// tillerSet is a sortable list of tillers.
type tillerSet []*Tiller

// tillerLabel names a tiller and its pause.
func tillerLabel(t *Tiller) string {
	time.Sleep(2 * time.Millisecond)
	return fmt.Sprintf("tiller(%s [%d])", t.name, t.pause)
}

// tillerMark marks a label as taken or free.
func tillerMark(taken map[string]bool, label string) string {
	if taken[label] {
		return "busy:" + label
	} else {
		return label
	}
}
