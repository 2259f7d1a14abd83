package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// wiredModule's handlers are built in another package, the router that
// wires them, as api.Messages{…} literals; a long wiring function leaves
// the notifier out of one of them.
var wiredModule = map[string]string{
	"go.mod": "module example.com/wired\n",
	"api/messages.go": `package api

import "net/http"

// Notifier tells listeners about new messages.
type Notifier interface{ Notify(user int, msg string) }

// Messages serves messages.
type Messages struct {
	Notifier Notifier
	Limit    int
}

func (a *Messages) Create(w http.ResponseWriter, r *http.Request) {
	msg := r.FormValue("msg")
	a.Notifier.Notify(1, msg)
	w.WriteHeader(http.StatusCreated)
}

// Plugins serves plugins; it has a notifier too.
type Plugins struct{ Notifier Notifier }
`,
	"router/router.go": `package router

import (
	"net/http"

	"example.com/wired/api"
)

type hub struct{}

func (hub) Notify(int, string) {}

func Routes() http.Handler {
	mux := http.NewServeMux()
	n := hub{}
	mux.HandleFunc("/a", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/b", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/c", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/d", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/e", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/f", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/g", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/h", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/i", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/j", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/k", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/l", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/m", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/n", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/o", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/p", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/q", func(w http.ResponseWriter, r *http.Request) {})
	messages := api.Messages{Limit: 100}
	plugins := api.Plugins{Notifier: n}
	mux.HandleFunc("/messages", messages.Create)
	mux.Handle("/plugins", http.NotFoundHandler())
	_ = plugins
	return mux
}
`,
}

// TestWiredLiteralLeavingOutTheFieldIsALead: the literal that builds a
// handler from another package (api.Messages{…}) without the field the
// panic went through is the constructor, ranked after the failing frame
// and shown around the literal, past the head of a long function.
func TestWiredLiteralLeavingOutTheFieldIsALead(t *testing.T) {
	root := writeModule(t, wiredModule)
	r := shelfReport(root, "runtime error: invalid memory address or nil pointer dereference",
		report.Frame{Function: "example.com/wired/api.(*Messages).Create", File: "api/messages.go", Line: 16})
	r.Error.Kind = report.KindPanic
	cs := Static(r)
	if len(cs) < 2 || cs[1].Reason != report.ReasonConstructor || cs[1].Symbol != "Routes" {
		t.Fatalf("the wiring literal does not follow the frame: %v", reasonsInOrder(cs))
	}
	if !strings.Contains(cs[1].Text, "api.Messages{Limit: 100}") {
		t.Errorf("the constructor chunk does not show the literal:\n%s", cs[1].Text)
	}
}
