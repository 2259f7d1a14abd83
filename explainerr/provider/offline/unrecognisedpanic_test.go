package offline

import "testing"

// ledgerPanicFiles answer a field error with 404 and panic with any other;
// the service wraps the store's field error with %v on its way.
var ledgerPanicFiles = map[string]string{
	"go.mod": "module example.com/ledger\n",
	"errors.go": `package main

// FieldErrors are errors about the request's fields.
type FieldErrors []string

func (fe FieldErrors) Error() string { return "field: " + fe[0] }
`,
	"service.go": `package main

import "fmt"

func find(id int) error { return FieldErrors{"NOT_FOUND"} }

// Rename renames the entry id.
func Rename(id int, name string) error {
	if err := find(id); err != nil {
		return fmt.Errorf("entry %d not renamed: %v", id, err) //! wrap
	}
	return nil
}
`,
	"handler.go": `package main

import "net/http"

func rename(w http.ResponseWriter, r *http.Request) {
	err := Rename(7, r.FormValue("name"))
	if err != nil {
		if fe, ok := err.(FieldErrors); ok {
			http.Error(w, fe.Error(), http.StatusNotFound)
			return
		}
		panic(err) //! panic
	}
	w.WriteHeader(http.StatusNoContent)
}
`,
}

// TestPanicForAnErrorNotRecognised: a handler that answers the errors it
// recognises and panics with the rest is not told to return errors with
// a status (it does); the %v wrap that made a new error is named.
func TestPanicForAnErrorNotRecognised(t *testing.T) {
	app := writeMarkedApp(t, ledgerPanicFiles)
	r := panicReport("*fmt.wrapError", "entry 7 not renamed: field: NOT_FOUND", app.frame(t, "panic", "rename"))
	r.Request.Method = "POST"
	text := Analyze(r)
	mustHave(t, text, "It answers the errors it recognises before, as at `rename` (`handler.go:8`)",
		"Its message is made at `Rename` (`service.go:10`)", "formats the error with `\"%v\"`",
		"Wrap it with `\"%w\"` at `service.go:10`")
	mustLack(t, text, "instead of panicking")
}
