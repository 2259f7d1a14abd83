package offline

import "testing"

// prefsFiles keep a user's preferences as JSON in a store and decode them
// on a GET.
var prefsFiles = map[string]string{
	"go.mod": "module example.com/prefs\n",
	"prefs.go": `package main

import (
	"encoding/json"
	"net/http"
)

// Prefs are a user's stored preferences.
type Prefs struct {
	Theme string ` + "`json:\"theme\"`" + `
	Feed  struct {
		PageSize int    ` + "`json:\"page_size\"`" + `
		Order    string ` + "`json:\"order\"`" + `
	} ` + "`json:\"feed\"`" + `
}

var stored = map[string]string{}

func prefs(w http.ResponseWriter, r *http.Request) {
	var p Prefs
	if err := json.Unmarshal([]byte(stored[r.FormValue("u")]), &p); err != nil { //! decode
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	json.NewEncoder(w).Encode(p)
}
`,
}

// TestJSONTypeOfAStoredValue: a JSON type error on a GET, whose JSON is no
// request body, cites the field's declaration along the JSON path and
// advises making the type fit what the app reads, not sending another
// value; with a body, the client's value is the fault.
func TestJSONTypeOfAStoredValue(t *testing.T) {
	app := writeMarkedApp(t, prefsFiles)
	msg := "json: cannot unmarshal array into Go struct field Prefs.feed.order of type string"
	r := statusReport(msg+"\n", app.frame(t, "decode", "prefs"))
	r.Request.Method = "GET"
	text := Analyze(r)
	mustHave(t, text, "The field is declared at `prefs.go:13`: `` Order    string", "the app read it from data it keeps or fetches",
		"Make the field's Go type fit the JSON the app reads (an `array`, not `string`)")
	mustLack(t, text, "Send the value", "400 Bad Request", `json:",string"`)

	r = statusReport(msg+"\n", app.frame(t, "decode", "prefs"))
	r.Request.Method = "POST"
	r.Request.Body = `{"feed":{"order":["new"]}}`
	text = Analyze(r)
	mustHave(t, text, "The field is declared at `prefs.go:13`", "the client sent the wrong type", "400 Bad Request")
	mustLack(t, text, "data it keeps")
}
