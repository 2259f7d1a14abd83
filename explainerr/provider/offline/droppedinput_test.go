package offline

import "testing"

// TestDroppedValidationErrorIsTheClients: the dropped error of a call
// that validates the request's input is answered 400, not 500; a helper
// with no ResponseWriter returns its error and leaves the answer to its
// caller rather than guessing a 500.
func TestDroppedValidationErrorIsTheClients(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/till\n\ngo 1.22\n",
		"main.go": `package main

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
)

// Order is a till order.
type Order struct{ Items []string }

func decodeAndValidateOrder(r *http.Request) (*Order, error) {
	var o Order
	if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
		return nil, err
	}
	if len(o.Items) == 0 {
		return nil, errors.New("no items")
	}
	return &o, nil
}

func order(w http.ResponseWriter, r *http.Request) {
	o, _ := decodeAndValidateOrder(r)
	w.Write([]byte(o.Items[0])) //!order
}

func host(raw string) string {
	u, _ := url.Parse(raw)
	return u.Host //!host
}

func origin(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(host(r.Header.Get("Origin"))))
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "order", "order"))
	r.Request.Method = "POST"
	text := Analyze(r)
	mustHave(t, text, "o, err := decodeAndValidateOrder(r)", "http.StatusBadRequest")
	mustLack(t, text, "http.StatusInternalServerError")

	r = panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "host", "host"))
	text = Analyze(r)
	mustHave(t, text, "u, err := url.Parse(raw)", "return an error to the caller", "and let it decide how to answer")
	mustLack(t, text, "http.StatusInternalServerError")
}
