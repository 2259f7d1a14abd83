package offline

import (
	"strings"
	"testing"
)

// tallyFiles is an app whose handler counts tags in a Tally made by a
// constructor of another package; main.go's handler is replaced per case.
func tallyFiles(constructor, handler string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/app\n\ngo 1.22\n",
		"tally/tally.go": `package tally

// Tally counts tags.
type Tally struct {
	n     int
	byTag map[string]int
}

var kept *Tally

` + constructor + `

// Add counts tag.
func (t *Tally) Add(tag string) {
	t.n++
	t.byTag[tag]++ //!write
}
`,
		"main.go": `package main

import (
	"fmt"
	"net/http"
	"strings"

	"example.com/app/tally"
)

var registry []*tally.Tally

type server struct{ totals *tally.Tally }

` + handler + `
`,
	}
}

const freshConstructor = `// New returns an empty tally.
func New() *Tally {
	t := &Tally{}
	return t
}`

// TestLockAdviceOnlyForSharedReceivers: a nil map field written through a
// receiver the handler makes itself for each request gets no lock advice,
// and says why; one reached through a long-lived value, handed to a
// package variable first, or made by a constructor that hands out a kept
// value still does.
func TestLockAdviceOnlyForSharedReceivers(t *testing.T) {
	cases := []struct {
		name, constructor, handler string
		wantLock                   bool
	}{
		{"made per request", freshConstructor, `func handleTags(w http.ResponseWriter, r *http.Request) {
	t := tally.New()
	for _, tag := range strings.Split(r.URL.Query().Get("tags"), ",") {
		t.Add(tag) //!call
	}
	fmt.Fprint(w, t)
}`, false},
		{"a literal per request", freshConstructor, `func handleTags(w http.ResponseWriter, r *http.Request) {
	var t = &tally.Tally{}
	t.Add(r.URL.Query().Get("tag")) //!call
}`, false},
		{"a long-lived field", freshConstructor, `func (s *server) handleTags(w http.ResponseWriter, r *http.Request) {
	s.totals.Add(r.URL.Query().Get("tag")) //!call
}`, true},
		{"kept before the write", freshConstructor, `func handleTags(w http.ResponseWriter, r *http.Request) {
	t := tally.New()
	registry = append(registry, t)
	t.Add(r.URL.Query().Get("tag")) //!call
}`, true},
		{"kept later in the loop", freshConstructor, `func handleTags(w http.ResponseWriter, r *http.Request) {
	t := tally.New()
	for _, tag := range strings.Split(r.URL.Query().Get("tags"), ",") {
		t.Add(tag) //!call
		registry = append(registry, t)
	}
}`, true},
		{"a constructor handing out a kept value", `// New returns the one tally, made on first use.
func New() *Tally {
	if kept == nil {
		kept = &Tally{}
	}
	return kept
}`, `func handleTags(w http.ResponseWriter, r *http.Request) {
	t := tally.New()
	t.Add(r.URL.Query().Get("tag")) //!call
}`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := writeMarkedApp(t, tallyFiles(c.constructor, c.handler))
			caller := "main.handleTags"
			if strings.Contains(c.handler, "(s *server)") {
				caller = "main.(*server).handleTags"
			}
			r := panicReport("runtime.plainError", "assignment to entry in nil map",
				app.frame(t, "write", "example.com/app/tally.(*Tally).Add"),
				app.frame(t, "call", caller))
			text := Analyze(r)
			if !strings.Contains(text, "byTag") {
				t.Fatalf("the explanation does not name the map:\n%s", text)
			}
			if got := strings.Contains(text, "sync.Mutex"); got != c.wantLock {
				t.Errorf("lock advised: %v, want %v:\n%s", got, c.wantLock, text)
			}
			if !c.wantLock && !strings.Contains(text, "needs no lock") {
				t.Errorf("the explanation does not say why no lock is needed:\n%s", text)
			}
		})
	}
}

// TestNoSharingClaimedForAReceiverPassedThrough: the nil map's method is
// called by another method on its own receiver (the value came from
// further up the stack, here made per request): no sharing is claimed
// and no lock advised.
func TestNoSharingClaimedForAReceiverPassedThrough(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/drive\n\ngo 1.22\n",
		"fs/fs.go": `package fs

// FS walks a user's files.
type FS struct {
	cache map[string]int
}

// New returns a file system for one request.
func New() *FS {
	return &FS{}
}

func (f *FS) remember(p string) {
	f.cache[p]++ //!write
}

// List lists a folder.
func (f *FS) List(p string) {
	f.remember(p) //!call
}
`,
		"web/list.go": `package web

import (
	"net/http"

	"example.com/drive/fs"
)

func list(w http.ResponseWriter, r *http.Request) {
	fs.New().List(r.URL.Path)
}
`,
	})
	r := panicReport("runtime.plainError", "assignment to entry in nil map",
		app.frame(t, "write", "example.com/drive/fs.(*FS).remember"), app.frame(t, "call", "example.com/drive/fs.(*FS).List"))
	text := Analyze(r)
	mustHave(t, text, "cache: make(map[string]int)")
	mustLack(t, text, "that serves them", "Lock")
}
