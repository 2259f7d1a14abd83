package offline

import "testing"

// TestNilFuncFieldOfAParameter: a func field called through a parameter
// (b.Notify in a handler literal registered by register(mux, b Deps)) is
// set where the module builds that type: the one literal of it, in
// another package, that leaves the field out is the fix, not a literal
// of another package's type of the same name.
func TestNilFuncFieldOfAParameter(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/hub\n",
		"api/api.go": `package api

import "net/http"

// Deps are what the handlers use.
type Deps struct {
	Name   string
	Notify func(string)
}

func register(mux *http.ServeMux, b Deps) {
	// step 1 of the registration, kept apart from the handler.
	// step 2 of the registration, kept apart from the handler.
	// step 3 of the registration, kept apart from the handler.
	// step 4 of the registration, kept apart from the handler.
	// step 5 of the registration, kept apart from the handler.
	// step 6 of the registration, kept apart from the handler.
	// step 7 of the registration, kept apart from the handler.
	// step 8 of the registration, kept apart from the handler.
	// step 9 of the registration, kept apart from the handler.
	// step 10 of the registration, kept apart from the handler.
	// step 11 of the registration, kept apart from the handler.
	// step 12 of the registration, kept apart from the handler.
	// step 13 of the registration, kept apart from the handler.
	// step 14 of the registration, kept apart from the handler.
	// step 15 of the registration, kept apart from the handler.
	// step 16 of the registration, kept apart from the handler.
	// step 17 of the registration, kept apart from the handler.
	// step 18 of the registration, kept apart from the handler.
	// step 19 of the registration, kept apart from the handler.
	// step 20 of the registration, kept apart from the handler.
	// step 21 of the registration, kept apart from the handler.
	// step 22 of the registration, kept apart from the handler.
	// step 23 of the registration, kept apart from the handler.
	// step 24 of the registration, kept apart from the handler.
	// step 25 of the registration, kept apart from the handler.
	// step 26 of the registration, kept apart from the handler.
	// step 27 of the registration, kept apart from the handler.
	// step 28 of the registration, kept apart from the handler.
	// step 29 of the registration, kept apart from the handler.
	// step 30 of the registration, kept apart from the handler.
	mux.HandleFunc("/ping", func(w http.ResponseWriter, r *http.Request) {
		b.Notify("ping") //! call
		w.Write([]byte(b.Name))
	})
}

// Handler serves the API.
func Handler(b Deps) http.Handler {
	mux := http.NewServeMux()
	register(mux, b)
	return mux
}

// Routes lists the routes; its zero Deps is never called.
func Routes() *http.ServeMux {
	mux := http.NewServeMux()
	register(mux, Deps{})
	return mux
}
`,
		"admin/admin.go": `package admin

// Deps are what the admin handlers use.
type Deps struct {
	Name   string
	Notify func(string)
}
`,
		"server.go": `package main

import (
	"example.com/hub/admin"
	"example.com/hub/api"
)

func notify(s string) {}

func serve() {
	_ = api.Handler(api.Deps{
		Name: "hub",
	})
	_ = admin.Deps{Name: "hub", Notify: notify}
}

func main() { serve() }
`,
	})
	text := Analyze(panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "call", "example.com/hub/api.register.func1")))
	mustHave(t, text, "Call of a nil function: `b.Notify` is nil", "Or set `Notify` where the `Deps` is built, at `serve` (`server.go:11`)")
}
