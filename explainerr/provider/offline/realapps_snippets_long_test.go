//go:build long

package offline_test

import (
	"strings"
	"testing"
)

// TestRealAppSnippets drives a snippet app written the way the "Let's Go"
// book's is (a store behind an interface, a recoverer and an error helper
// that log the value and the stack) through the middleware: the analyzer
// reads the panic value its recoverer logged, follows nil, nil through
// the interface to the store, and points a logged PostgreSQL error at the
// SQL text that names the missing column.
func TestRealAppSnippets(t *testing.T) {
	rs := realAppReports(t, "snippets", "GET /snippet/view/9", "GET /user/signup", "GET /")

	view := rs[0]
	if view.Error.Recoverer == "" {
		t.Fatalf("the app's recoverer was not named: %+v", view.Error)
	}
	mustContain(t, "view", view.Explanation.Text, "Nil pointer dereference: `snippet` is nil",
		"the request's log has it: `runtime error: invalid memory address or nil pointer dereference`",
		"`snippet, err := app.snippetStore.Get(id)`",
		"`app.snippetStore` is the interface `snippetStoreInterface`; the only type of the module with all its methods has `(*SnippetStore).Get`",
		"`(*SnippetStore).Get` returns `nil` with a `nil` error at `(*SnippetStore).Get` (`store.go:34`): `return nil, nil`")
	mustNotContain(t, "view", view.Explanation.Text, "value is unknown")

	signup := rs[1].Explanation.Text
	mustContain(t, "signup", signup, "Assignment to entry in nil map `app.signupViews`", "the request's log has it: `assignment to entry in nil map`",
		"signupViews: make(map[string]int),")
	mustNotContain(t, "signup", signup, "index out of range", "value is unknown")

	home := rs[2].Explanation.Text
	mustContain(t, "home", home, "### SQL error: no such column `idd`", "PostgreSQL rejected the query",
		"`ORDER BY idd DESC LIMIT 10`", "`idd` → `id`")
	mustNotContain(t, "home", home, "answer it with a 4xx", "### Error: `level=")
	if !strings.Contains(home, "store.go:17") {
		t.Errorf("home: the SQL text's line is not named:\n%s", home)
	}
}
