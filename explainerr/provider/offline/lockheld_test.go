package offline

import "testing"

// counterFiles is a server whose handlers write maps under locks taken in
// several ways.
var counterFiles = map[string]string{
	"go.mod": "module example.com/counter\n\ngo 1.22\n",
	"main.go": `package main

import (
	"net/http"
	"sync"
)

type server struct {
	mu   sync.Mutex
	rw   sync.RWMutex
	seen map[string]int
	hits map[string]int
}

func newServer() *server {
	return &server{hits: make(map[string]int)}
}

func (s *server) visit(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen[r.URL.Path]++ //!seen
}

func (s *server) count(w http.ResponseWriter, r *http.Request) {
	s.rw.RLock()
	s.hits[r.URL.Path]++ //!rlock
	s.rw.RUnlock()
}

func (s *server) countLocked(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++ //!locked
	s.mu.Unlock()
}

func (s *server) countUnlocked(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.mu.Unlock()
	s.hits[r.URL.Path]++ //!released
}
`,
}

// TestNoLockAdvisedWhereOneIsHeld: a nil map written under a lock the
// function holds (taken with a deferred unlock) gets the map made, and no
// new lock.
func TestNoLockAdvisedWhereOneIsHeld(t *testing.T) {
	app := writeMarkedApp(t, counterFiles)
	text := Analyze(panicIn(t, app, "seen", "main.(*server).visit", "assignment to entry in nil map", "GET", "/a"))
	mustHave(t, text, "seen: make(map[string]int)", "already runs under", "s.mu.Lock()", "needs no other lock")
	mustLack(t, text, "Guard every read and write")
}

// TestConcurrentMapWritesUnderAHeldLock: the runtime's concurrent map
// writes on a line that holds a read lock is fixed by the write lock; on a
// line that holds the write lock, by the other accesses; on a line whose
// lock was released before it, by a lock.
func TestConcurrentMapWritesUnderAHeldLock(t *testing.T) {
	app := writeMarkedApp(t, counterFiles)
	crash := func(label, fn string) string {
		r := crashReport("concurrent map writes", app.frame(t, label, fn))
		return Analyze(r)
	}
	text := crash("rlock", "main.(*server).count")
	mustHave(t, text, "a read lock", "`s.rw.Lock()`")
	mustLack(t, text, "Guard every read and write")

	text = crash("locked", "main.(*server).countLocked")
	mustHave(t, text, "already runs under", "make each hold `s.mu`")
	mustLack(t, text, "Guard every read and write")

	text = crash("released", "main.(*server).countUnlocked")
	mustHave(t, text, "Guard every read and write of `s.hits`")
	mustLack(t, text, "already runs under")
}
