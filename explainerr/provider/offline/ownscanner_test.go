package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// labelFiles: a column type's Scan method accepts []byte only.
var labelFiles = map[string]string{
	"go.mod": "module example.com/labels\n",
	"main.go": `package main

import (
	"database/sql"
	"fmt"
	"net/http"
	"strings"
)

type Tags []string

func (t *Tags) Scan(v any) error {
	b, ok := v.([]byte)
	if !ok {
		return fmt.Errorf("tags: cannot scan %T", v)
	}
	*t = strings.Split(string(b), ",")
	return nil
}

func list(db *sql.DB, w http.ResponseWriter) error {
	var name string
	var tags Tags
	if err := db.QueryRow("SELECT name, tags FROM items").Scan(&name, &tags); err != nil {
		return err //! scan
	}
	fmt.Fprint(w, name, tags)
	return nil
}
`,
}

// TestOwnScannerRefusesTheDriversValue: a Scan error whose detail the
// module's own Scan method makes is fixed in that method, which must
// accept the type the driver gives.
func TestOwnScannerRefusesTheDriversValue(t *testing.T) {
	app := writeMarkedApp(t, labelFiles)
	r := panicReport("*errors.errorString", `sql: Scan error on column index 1, name "tags": tags: cannot scan string`, app.frame(t, "scan", "example.com/labels.list"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "The message is made by the module's own `(*Tags).Scan`", "Let `(*Tags).Scan` accept `string` too")
	mustLack(t, text, "Scan the column into a Go type that can hold its values")
}
