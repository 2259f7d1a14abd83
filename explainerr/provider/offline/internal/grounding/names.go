package grounding

import (
	"go/token"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// templateKeywords are the keywords of text/template and html/template
// actions, allowed in code that contains an action.
var templateKeywords = setOf(`if else end range with define block template break continue and or not eq ne lt le gt ge len index print printf println html js urlquery call slice`)

// stdFieldMethods are methods of standard library types that code reaches
// through a well-known field: r.Header.Get, the http.Header method.
var stdFieldMethods = map[string]map[string]bool{
	"Header": setOf(`Get Values`),
}

// stdFieldMethod reports whether name is selected, right after before,
// from a field stdFieldMethods knows ("Get" after "r.Header.").
func stdFieldMethod(before []goToken, name string) bool {
	n := len(before)
	if n < 2 || before[n-1].tok != token.PERIOD || before[n-2].tok != token.IDENT {
		return false
	}
	return stdFieldMethods[before[n-2].lit][name]
}

// predeclaredMethods are the methods of predeclared types: error's Error.
var predeclaredMethods = setOf(`Error`)

// setOf returns the set of the space-separated words.
func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// Predeclared reports whether name is one of Go's predeclared identifiers
// (a type, a constant, the zero value nil or a built-in function) or the
// blank identifier.
func Predeclared(name string) bool { return name == "_" || astutil.Predeclared(name) }

// StdPackage reports whether name is the name of a standard library
// package an explanation may mention (such as http or json).
func StdPackage(name string) bool { return stdPackageNames[name] }
