package offline

import "testing"

// memberBadgeFiles: a middleware stores a pointer under "member"; two handlers
// assert the value type.
var memberBadgeFiles = map[string]string{
	"go.mod": "module example.com/badge\n",
	"main.go": `package main

import "net/http"

type Member struct{ Name string }

type ctx struct{ vals map[string]any }

func (c *ctx) Set(k string, v any) { c.vals[k] = v }
func (c *ctx) MustGet(k string) any { return c.vals[k] }

func auth(c *ctx) {
	m := Member{Name: "ann"}
	c.Set("member", &m)
}

func profile(c *ctx, w http.ResponseWriter) {
	m := c.MustGet("member").(Member) //! profile
	w.Write([]byte(m.Name))
}

func badge(c *ctx, w http.ResponseWriter) {
	m := c.MustGet("member").(Member)
	w.Write([]byte("badge of " + m.Name))
}
`,
}

// TestStoredTypeEveryReadAsserts: when every read of a stored value
// asserts the type the setter does not store, the fix is the setter, with
// the other reads named; no comma-ok form is advised for a mismatch that
// happens on every request.
func TestStoredTypeEveryReadAsserts(t *testing.T) {
	app := writeMarkedApp(t, memberBadgeFiles)
	text := Analyze(panicReport("*runtime.TypeAssertionError", "interface conversion: interface {} is *main.Member, not main.Member", app.frame(t, "profile", "example.com/badge.profile")))
	mustHave(t, text, "The other reads of `\"member\"` assert", "`main.go:23`", "Store a `Member` at `main.go:14`")
	mustLack(t, text, "two-result form")
}
