package explainerr

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A method value's method in a main package below the module root (the
// usual cmd/web layout), with the server run from the module root: the
// other frames of package main say where its source is.
func TestLocateMethodValueInMainPackageElsewhere(t *testing.T) {
	root := t.TempDir()
	web := filepath.Join(root, "cmd", "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"routes.go":   "package main\n\nfunc (app *application) routes() {}\n",
		"handlers.go": "package main\n\nimport \"net/http\"\n\ntype application struct{}\n\nfunc (app *application) other() {}\n\nfunc (app *application) snippetRaw(w http.ResponseWriter, r *http.Request) error {\n\treturn nil\n}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(web, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	frames := []report.Frame{
		{Function: "net/http.HandlerFunc.ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 2300},
		{Function: "main.(*application).routes.func1", File: filepath.Join(web, "routes.go"), Line: 3},
	}
	name, file, line, ok := locateMethodValue("main.(*application).snippetRaw-fm", frames)
	if !ok || name != "main.(*application).snippetRaw" || file != filepath.Join(web, "handlers.go") || line != 9 {
		t.Errorf("located %q at %s:%d (ok %v), want main.(*application).snippetRaw at cmd/web/handlers.go:9", name, file, line, ok)
	}
}
