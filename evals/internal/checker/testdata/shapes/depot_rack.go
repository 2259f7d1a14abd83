package shapes

import (
	"strings"
	"sync"
)

// rack finds where keys go, under a lock.
type rack struct {
	mu    sync.RWMutex
	slots map[string]int
}

func (r *rack) find(key, raw string) (int, error) {
	return r.get(key), nil
}

// get builds a slot for a key it has not seen, then stores it under the
// write lock.
func (r *rack) get(key string) int {
	r.mu.RLock()
	at, ok := r.slots[key]
	r.mu.RUnlock()
	if !ok {
		at = r.build(key, "")
		r.mu.Lock()
		r.slots[key] = at
		r.mu.Unlock()
	}
	return at
}

func (r *rack) build(key, parent string) int { return len(strings.Split(key+parent, ",")) }

func (r *rack) defaults(key string) string { return key }

// depotErrs maps keys to their errors.
type depotErrs map[string]error

func (e depotErrs) Error() string { return "depot errors" }

func (e depotErrs) absorb(other depotErrs) {
	for k, err := range other {
		if e[k] == nil {
			e[k] = err
		}
	}
}

// StrayKeyError is a key no field takes.
type StrayKeyError struct{ Key string }

func (e StrayKeyError) Error() string { return "stray key " + e.Key }

// MissingKeyError is a required key left empty.
type MissingKeyError struct{ Key string }

func (e MissingKeyError) Error() string { return "missing key " + e.Key }
