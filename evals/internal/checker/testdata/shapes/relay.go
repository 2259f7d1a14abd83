package shapes

import (
	"net/http"
	"strings"
)

// relayKind is how a relay forwards.
type relayKind int

const (
	direct relayKind = iota
	queued
)

// Relay forwards a message over a number of hops.
type Relay struct {
	hops  int
	kind  relayKind
	open  bool
	quiet bool
	pool  []int
	label string
}

// NewRelay builds a relay of n hops.
func NewRelay(n int) *Relay {
	r := Relay{
		hops:  n - 1,
		kind:  direct,
		open:  true,
		label: "main",
	}
	if n > 0 {
		r.pool = make([]int, 0, n)
	}
	return &r
}

// Hop uses one hop of the relay.
func (r *Relay) Hop(name string) {
	if r.hops == 0 {
		panic("relay: no hops left for " + name)
	}
	r.hops--
}

// Order sorts names by hand.
func Order(names []string) {
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && names[j] < names[j-1]; j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
}

// Gate routes requests to relays.
type Gate struct {
	NoRoute       http.Handler
	TrailingSlash bool
}

// Serve answers a request the gate has no route for.
func (g *Gate) Serve(w http.ResponseWriter, r *http.Request) {
	if g.TrailingSlash && strings.HasSuffix(r.URL.Path, "/") {
		http.Redirect(w, r, strings.TrimSuffix(r.URL.Path, "/"), http.StatusFound)
		return
	}
	if g.NoRoute != nil {
		g.NoRoute.ServeHTTP(w, r)
	} else {
		http.NotFound(w, r)
	}
}

// Route tidies a route name.
func (g *Gate) Route(name string) string {
	tidyName := g.tidy(name)
	return tidyName
}

func (g *Gate) tidy(name string) string {
	trimmedName := strings.TrimSpace(name)
	return strings.ToLower(trimmedName)
}

// Accept reports whether path is absolute.
func Accept(path string) bool {
	if len(path) == 0 || path[0] != '/' {
		return false
	}
	return true
}

// Absolute reports whether path is absolute, another way.
func Absolute(path string) bool {
	return strings.HasPrefix(path, "/")
}

// Tag names a relay of n hops.
func Tag(n int, label string) string { return strings.Repeat(label, n) }

// Parts splits a tag.
func Parts(tag string) (int, string) { return len(tag), tag }
