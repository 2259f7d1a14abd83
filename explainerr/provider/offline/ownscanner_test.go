package offline

import (
	"strings"
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

// TestOwnScannerWithTheAppsOwnErrors: the same when the Scan method makes
// its error with the app's own constructor given a format
// (apperr.BadParam.New("kind: cannot scan %T", v)) rather than
// fmt.Errorf, and the logged message repeats after a "; ".
func TestOwnScannerWithTheAppsOwnErrors(t *testing.T) {
	files := map[string]string{"go.mod": labelFiles["go.mod"]}
	files["main.go"] = strings.Replace(labelFiles["main.go"], `return fmt.Errorf("tags: cannot scan %T", v)`, `return apperr.BadParam.New("tags: cannot scan %T", v)`, 1)
	files["main.go"] = strings.Replace(files["main.go"], "type Tags []string", `type kind struct{}

func (kind) New(format string, args ...any) error { return fmt.Errorf(format, args...) }

var apperr = struct{ BadParam kind }{}

type Tags []string`, 1)
	app := writeMarkedApp(t, files)
	r := panicReport("*errors.errorString", `sql: Scan error on column index 1, name "tags": tags: cannot scan int64`, app.frame(t, "scan", "example.com/labels.list"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "The message is made by the module's own `(*Tags).Scan`", "Let `(*Tags).Scan` accept `int64` too (the driver gives this column's values as `int64`)")
	mustLack(t, text, "Scan the column into a Go type that can hold its values")
}
