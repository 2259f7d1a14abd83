package shapes

import "io"

// Table registers paths by method; its methods have pointer receivers but
// Size, which has a value receiver.
type Table struct {
	routes map[string][]string
}

// Route registers path for method.
func (t *Table) Route(method, path string) {
	t.routes[method] = append(t.routes[method], path)
}

// OnGet registers path for GET and HEAD requests.
func (t *Table) OnGet(path string) {
	t.Route("HEAD", path)
	t.Route("GET", path)
}

// OnHead registers path for HEAD requests.
func (t *Table) OnHead(path string) {
	t.Route("HEAD", path)
}

// OnDelete registers path for DELETE requests.
func (t *Table) OnDelete(path string) {
	t.Route("DELETE", path)
}

// Size counts the methods with a route.
func (t Table) Size() int {
	return len(t.routes)
}

// stopAt returns a test that holds for every byte but b.
func stopAt(b byte) func(byte) bool {
	return func(c byte) bool { return c != b }
}

// scan reads s from i while f holds, with named results.
func scan(s string, f func(byte) bool, i int) (word string, next byte, j int) {
	for j = i; j < len(s); j++ {
		if !f(s[j]) {
			return s[i:j], s[j], j
		}
	}
	return s[i:], 0, j
}

// Drain reads what the feed's source holds.
func Drain(f *Feed) int64 {
	n, _ := io.Copy(io.Discard, f.Source)
	return n
}

// Paths lists the paths of a method.
type Paths []string

// PathsOf returns the paths registered for method, as a named slice type.
func (t Table) PathsOf(method string) Paths {
	return t.routes[method]
}

// Any returns a value of any type: here, a test.
func Any() any {
	return stopAt('/')
}
