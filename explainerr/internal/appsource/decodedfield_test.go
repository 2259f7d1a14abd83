package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// inventoryModule keeps its options as JSON: a struct type of another
// package, one level nested in an anonymous struct and one in a named
// type, a tagged field and an untagged one.
var inventoryModule = map[string]string{
	"go.mod":         "module example.com/inventory\n",
	"api/options.go": "package api\n\n// Options is what the API shows.\ntype Options struct {\n\tDisplay string\n}\n",
	"model/options.go": `package model

// Options are the shop's stored options.
type Options struct {
	Name    string ` + "`json:\"name\"`" + `
	Display struct {
		Columns  int    ` + "`json:\"columns\"`" + `
		Currency string ` + "`json:\"currency\"`" + `
	} ` + "`json:\"display\"`" + `
	Mail *MailOptions ` + "`json:\"mail\"`" + `
	Exportable bool ` + "`json:\"privacy.exportable\"`" + `
	Legacy string ` + "`json:\"-\"`" + `
}

// MailOptions say how mail is sent.
type MailOptions struct {
	Host string
	Port int
}
`,
	"web/options.go": `package web

import (
	"encoding/json"
	"net/http"

	"example.com/inventory/model"
)

// Options is a view of the options.
type Options struct{ Columns string }

func options(w http.ResponseWriter, r *http.Request) {
	var o model.Options
	if err := json.Unmarshal([]byte(stored), &o); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

var stored = "{}"
`,
}

// TestDecodedFieldChunk: a JSON type error brings the declaration of the
// field it names, followed along the path through an anonymous struct, a
// pointer to a named type and an untagged field; a type of the same name
// in another package, whose fields do not lead along the path, is not
// taken.
func TestDecodedFieldChunk(t *testing.T) {
	root := writeModule(t, inventoryModule)
	for _, tc := range []struct {
		msg, symbol, line string
	}{
		{"json: cannot unmarshal array into Go struct field Options.display.columns of type int", "Options", "Columns  int"},
		{"json: cannot unmarshal string into Go struct field Options.mail.port of type int", "MailOptions", "Port int"},
		{"json: cannot unmarshal number into Go struct field Options.name of type string", "Options", `Name    string`},
		// A tag that holds a dot is one name of the path.
		{"json: cannot unmarshal array into Go struct field Options.privacy.exportable of type bool", "Options", "Exportable bool"},
	} {
		r := shelfReport(root, tc.msg, report.Frame{Function: "example.com/inventory/web.options", File: "web/options.go", Line: 15})
		var found *report.Chunk
		for _, c := range Static(r) {
			if c.Reason == report.ReasonType {
				found = &c
				break
			}
		}
		if found == nil {
			t.Errorf("%s: no %q chunk in %+v", tc.msg, report.ReasonType, Static(r))
			continue
		}
		if found.File != "model/options.go" || found.Symbol != tc.symbol || !strings.Contains(found.Text, tc.line) {
			t.Errorf("%s: chunk %s %s:%d-%d, want %s holding %q:\n%s", tc.msg, found.Symbol, found.File, found.StartLine, found.EndLine, tc.symbol, tc.line, found.Text)
		}
	}
	// A path that leads nowhere (a field the json tag "-" hides) brings
	// no declaration.
	r := shelfReport(root, "json: cannot unmarshal number into Go struct field Options.Legacy of type string",
		report.Frame{Function: "example.com/inventory/web.options", File: "web/options.go", Line: 15})
	for _, c := range Static(r) {
		if c.Reason == report.ReasonType {
			t.Errorf("a field json ignores was taken: %+v", c)
		}
	}
}
