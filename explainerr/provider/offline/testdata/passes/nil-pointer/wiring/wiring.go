package wiring

import "net/http"

// Notifier tells listeners about events.
type Notifier interface{ Notify(event string) }

// Messages serves messages.
type Messages struct {
	Notifier Notifier
	Limit    int
}

// Plugins serves plugins; it has a notifier of the same name.
type Plugins struct{ Notifier Notifier }

// Routes wires the handlers: the messages' notifier is left out, the
// plugins' is set.
func Routes(n Notifier) http.Handler {
	mux := http.NewServeMux()
	messages := &Messages{Limit: 10}
	plugins := Plugins{Notifier: n}
	_ = plugins
	mux.HandleFunc("/messages", messages.Create)
	return mux
}

//explainerr:failure panic runtime.errorString runtime error: invalid memory address or nil pointer dereference

// Create posts a message.
func (a *Messages) Create(w http.ResponseWriter, r *http.Request) {
	a.Notifier.Notify(r.FormValue("msg")) // want `.Messages. is built without setting .Notifier. at .Routes. \(.wiring\.go:21.\)` `Set .Notifier. where the .Messages. is built`
}
