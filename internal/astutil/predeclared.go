package astutil

import "strings"

// predeclared holds Go's predeclared identifiers, those of the universe
// scope: types, constants, the zero value nil and built-in functions.
var predeclared = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`any bool byte comparable complex64 complex128 error float32 float64
	int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr
	true false iota nil
	append cap clear close complex copy delete imag len make max min new panic print println real recover`) {
		m[w] = true
	}
	return m
}()

// Predeclared reports whether name is one of Go's predeclared
// identifiers (the names go/types' Universe scope holds), read from a
// list rather than from go/types, which would link its type checker.
func Predeclared(name string) bool { return predeclared[name] }
