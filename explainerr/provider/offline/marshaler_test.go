package offline

import (
	"fmt"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// moneyFiles is an app whose response holds a type with a MarshalJSON
// of its own, written by hand.
var moneyFiles = map[string]string{
	"go.mod": "module example.com/till\n\ngo 1.22\n",
	"money.go": `package main

import (
	"encoding/json"
	"fmt"
)

// cents is an amount of money, written as "12.50".
type cents int64

// MarshalJSON writes the amount with two decimals.
func (c cents) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("%d.%02d", c/100, c%100)), nil //!marshal
}

// tag is a label that writes itself with json.Marshal.
type tag string

// MarshalJSON writes the label as a JSON string.
func (t tag) MarshalJSON() ([]byte, error) {
	return json.Marshal(string(t))
}
`,
	"main.go": `package main

import (
	"encoding/json"
	"net/http"
)

// entry is one line of the ledger.
type entry struct {
	Amount cents ` + "`json:\"amount\"`" + `
}

func listEntries(w http.ResponseWriter, r *http.Request) { //!handler
	rows := loadEntries() //!load
	if err := json.NewEncoder(w).Encode(rows); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func loadEntries() []entry { return nil }

func main() {
	http.HandleFunc("GET /entries", listEntries)
}
`,
}

// TestMarshalerThatWritesNoJSON: encoding/json's "error calling
// MarshalJSON for type …" is the encoding of a value the app writes that
// failed in the app's own method, which no frame shows: the analysis
// names the method and its return, advises encoding with json.Marshal
// (the method builds its bytes by hand) and says no input is at fault;
// it does not read the message as invalid input. A successful statement
// an ORM traced with the app's line (no error after the location) is no
// place where the error was met: with no other log line, the route's
// handler stands in.
func TestMarshalerThatWritesNoJSON(t *testing.T) {
	app := writeMarkedApp(t, moneyFiles)
	_, load := app.line("load")
	_, marshal := app.line("marshal")
	msg := "json: error calling MarshalJSON for type main.cents: invalid character '.' after top-level value"
	r := &report.Report{
		Error:   report.Error{Kind: report.KindStatus, Type: "http.Status", Message: msg},
		Status:  500,
		Frames:  []report.Frame{{Function: "github.com/some/framework/adaptor.handlerFunc.func1", File: "/go/pkg/mod/github.com/some/framework/adaptor/adaptor.go", Line: 168, Kind: report.FrameDependency}},
		Request: report.Request{Method: "GET", URL: "/entries"},
		Logs: []report.LogLine{
			{Text: fmt.Sprintf("\r\n2026/12/04 23:40:06 %s/main.go:%d\n[0.124ms] [rows:3] SELECT * FROM `entries`", app.root, load)},
		},
		Build: report.Build{Module: "example.com/till", Dir: app.root},
	}
	r.Context = appsource.Static(r)
	text := Analyze(r)
	mustHave(t, text, "the `MarshalJSON` of `main.cents` returned bytes that are not JSON",
		"`cents.MarshalJSON` (`money.go:"+itoa(marshal)+"`)", "encode what it writes with `json.Marshal`",
		"The request's route is handled by `listEntries`")
	mustLack(t, text, "Invalid JSON", "The input is not valid JSON", "leads to the app's code that met the error")
	if !hasChunk(r.Context, "cents.MarshalJSON") {
		t.Errorf("the static context lacks the method: %v", chunkSymbols(r.Context))
	}

	// The same failure logged with the error after the location is where
	// it was met.
	r.Logs[0].Text = fmt.Sprintf("\r\n2026/12/04 23:40:06 %s/main.go:%d no such table: entries\n[0.124ms] [rows:0] SELECT * FROM `entries`", app.root, load)
	r.Context = nil
	mustHave(t, Analyze(r), "leads to the app's code that met the error (a place it names, or the literal that worded it), at `main.go:"+itoa(load)+"`")

	// A method that encodes with json.Marshal is not advised to.
	r.Error.Message = "json: error calling MarshalJSON for type main.tag: unexpected end of JSON input"
	r.Logs = nil
	text = Analyze(r)
	mustHave(t, text, "the `MarshalJSON` of `main.tag` returned bytes that are not JSON", "what it adds around the bytes `json.Marshal` gives")
	mustLack(t, text, "rather than building the bytes by hand")
}
