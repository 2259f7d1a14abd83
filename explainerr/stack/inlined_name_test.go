package stack

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOwnNameUndoesInliningIntoAnotherPackage(t *testing.T) {
	c := &Classifier{ModCache: "/home/dev/go/pkg/mod"}
	echoFile := "/home/dev/go/pkg/mod/github.com/labstack/echo/v4@v4.13.4/middleware/recover.go"
	chiFile := "/home/dev/go/pkg/mod/github.com/go-chi/chi/v5@v5.2.3/middleware/timeout.go"
	cases := []struct{ function, file, want string }{
		{"example.com/app.TestRoutes.Recover.RecoverWithConfig.func2.1.1", echoFile,
			"github.com/labstack/echo/v4/middleware.RecoverWithConfig.func2.1.1"},
		{"main.main.Timeout.func5.1", chiFile, "github.com/go-chi/chi/v5/middleware.Timeout.func5.1"},
		{"main.routes.(*Compressor).Handler.func1", "/home/dev/go/pkg/mod/github.com/go-chi/chi/v5@v5.2.3/middleware/compress.go",
			"github.com/go-chi/chi/v5/middleware.(*Compressor).Handler.func1"},
		{"github.com/alexedwards/scs/v2.(*SessionManager).LoadAndSave-fm.(*SessionManager).LoadAndSave.func1",
			"/home/dev/go/pkg/mod/github.com/alexedwards/scs/v2@v2.5.0/session.go",
			"github.com/alexedwards/scs/v2.(*SessionManager).LoadAndSave.func1"},
		// Not inlined: the name already names the file's package.
		{"github.com/go-chi/chi/v5/middleware.Timeout.func1", chiFile, "github.com/go-chi/chi/v5/middleware.Timeout.func1"},
		// The app's own file, the standard library, a file of no known place.
		{"main.handler.func1", "/src/app/main.go", "main.handler.func1"},
		{"net/http.HandlerFunc.ServeHTTP", "/usr/local/go/src/net/http/server.go", "net/http.HandlerFunc.ServeHTTP"},
		{"gopkg.in/yaml%2ev3.Unmarshal.func1", "/home/dev/go/pkg/mod/gopkg.in/yaml.v3@v3.0.1/yaml.go", "gopkg.in/yaml%2ev3.Unmarshal.func1"},
	}
	for _, tc := range cases {
		if got := c.OwnName(tc.function, tc.file); got != tc.want {
			t.Errorf("OwnName(%q) = %q, want %q", tc.function, got, tc.want)
		}
	}
}

func TestOwnNameOfAnAppClosureInlinedIntoMain(t *testing.T) {
	root := t.TempDir()
	mw := filepath.Join(root, "internal", "middleware")
	if err := os.MkdirAll(mw, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "go.mod"), "module example.com/tasks\n")
	write(filepath.Join(root, "main.go"), "package main\n\nfunc main() {}\n")
	write(filepath.Join(mw, "middleware.go"), "package middleware\n")
	c := &Classifier{}
	if got := c.OwnName("main.main.PanicRecovery.func2.1", filepath.Join(mw, "middleware.go")); got != "example.com/tasks/internal/middleware.PanicRecovery.func2.1" {
		t.Errorf("inlined app closure named %q", got)
	}
	if got := c.OwnName("main.main.func1", filepath.Join(root, "main.go")); got != "main.main.func1" {
		t.Errorf("a main package's own closure renamed to %q", got)
	}
}
