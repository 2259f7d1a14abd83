package offline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// writeFactsModule writes a module with a handler, a store that wraps
// errors with %v and runs SQL, its schema, a cart whose constructor leaves
// a map nil, and packages the failures have nothing to do with.
func writeFactsModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/shop\n",
		"web/handler.go": `package web

import (
	"net/http"

	"example.com/shop/store"
)

func Show(w http.ResponseWriter, r *http.Request) {
	if _, err := store.Get(r.Context(), 7); err != nil {
		http.Error(w, err.Error(), 500)
	}
}
`,
		"store/store.go": `package store

import (
	"context"
	"database/sql"
	"fmt"
)

var db *sql.DB

func Get(ctx context.Context, id int) (string, error) {
	var name string
	if err := db.QueryRowContext(ctx, "SELECT nme FROM products WHERE id = ?", id).Scan(&name); err != nil {
		return "", fmt.Errorf("loading product %d: %v", id, err)
	}
	return name, nil
}
`,
		"store/schema.go": "package store\n\nconst schema = `CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT)`\n",
		"cart/cart.go":    "package cart\n\ntype Cart struct{ items map[string]int }\n\nfunc NewCart() *Cart { return &Cart{} }\n\nfunc (c *Cart) Add(sku string) {\n\tc.items[sku]++\n}\n",
		"cart/new.go":     "package cart\n\nfunc Empty() *Cart { return NewCart() }\n",
	}
	for i := range 6 {
		files[fmt.Sprintf("other%d/other.go", i)] = fmt.Sprintf("package other%d\n\nimport \"fmt\"\n\nfunc Do(x int) error {\n\tif x > %d {\n\t\treturn fmt.Errorf(\"too many widgets: %%d\", x)\n\t}\n\treturn nil\n}\n", i, i)
	}
	for name, text := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// After a restart, a returned error, an SQL error and a nil map are
// explained from
// the persisted understanding's facts: the analysis parses the files it
// cites, not the module.
func TestFailuresAfterARestartParseOnlyTheFilesTheyNeed(t *testing.T) {
	root := writeFactsModule(t)
	handler := filepath.Join(root, "web", "handler.go")
	store := filepath.Join(root, "store", "store.go")
	frame := func(file, fn string, line int) report.Frame {
		data, _ := os.ReadFile(file)
		lines := strings.Split(string(data), "\n")
		return report.Frame{Function: fn, File: file, Line: line, Kind: report.FrameApp,
			Source: &report.Source{StartLine: 1, Lines: lines, Line: line}}
	}
	cases := []struct {
		name string
		r    *report.Report
		want string
	}{
		{"returned error", &report.Report{
			Error:  report.Error{Kind: report.KindStatus, Message: "loading product 7: sql: no rows in result set"},
			Frames: []report.Frame{frame(handler, "example.com/shop/web.Show", 11)}}, "store.go"},
		{"SQL error", &report.Report{
			Error:  report.Error{Kind: report.KindStatus, Type: "sqlite3.Error", Message: "loading product 7: no such column: nme"},
			Frames: []report.Frame{frame(store, "example.com/shop/store.Get", 13), frame(handler, "example.com/shop/web.Show", 10)}}, "nme"},
	}
	cart := filepath.Join(root, "cart", "cart.go")
	cases = append(cases, struct {
		name string
		r    *report.Report
		want string
	}{"nil map", &report.Report{
		Error:  report.Error{Kind: report.KindPanic, Type: "runtime.plainError", Message: "assignment to entry in nil map"},
		Frames: []report.Frame{frame(cart, "example.com/shop/cart.(*Cart).Add", 8)}}, "NewCart"})
	appsource.Load(handler) // persists the understanding
	for _, c := range cases {
		appsource.Forget()
		before := appsource.ParsedFiles()
		text := Analyze(c.r)
		parsed := appsource.ParsedFiles() - before
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: the explanation does not name %q:\n%s", c.name, c.want, text)
		}
		if parsed > 3 {
			t.Errorf("%s: %d of the module's 11 files were parsed after a restart; the facts should spare all but the few the failure is about", c.name, parsed)
		}
	}
}
