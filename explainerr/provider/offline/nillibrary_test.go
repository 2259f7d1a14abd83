package offline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestNilValueALibraryWasGiven: a nil *slog.Logger whose methods a
// library called (the innermost frames are the logger's, then the
// library's) is the library's value that the app's options literal
// leaves out: the literal of the library's type with a *slog.Logger
// field is cited, not the app's own frame's receiver; a literal that
// sets it leaves the usual analysis.
func TestNilValueALibraryWasGiven(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "pkg", "mod", "example.com", "relay@v1.0.0", "relay")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		t.Fatal(err)
	}
	libSrc := "package relay\n\nimport \"log/slog\"\n\n// Options configure a relay.\ntype Options struct {\n\tLogger *slog.Logger\n\tRetries int\n}\n\n// Meta describes a route.\ntype Meta struct{ Pattern string }\n"
	if err := os.WriteFile(filepath.Join(lib, "relay.go"), []byte(libSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	files := func(opts string) map[string]string {
		return map[string]string{
			"go.mod": "module example.com/hub\n\ngo 1.22\n",
			"main.go": `package main

import (
	"net/http"

	"example.com/relay"
)

// Hub serves the relay.
type Hub struct{ handler http.Handler }

// NewHub mounts the routes.
func NewHub() *Hub {
	meta := relay.Meta{Pattern: "GET /jobs"}
	opts := relay.Options{` + opts + `} //!opts
	return &Hub{handler: relay.Mount(meta, opts)}
}

func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.handler.ServeHTTP(w, r) //!serve
}
`,
		}
	}
	for _, c := range []struct {
		opts string
		want bool
	}{{"Retries: 2", true}, {"Retries: 2, Logger: slog.Default()", false}} {
		app := writeMarkedApp(t, files(c.opts))
		_, opts := app.line("opts")
		r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "serve", "main.(*Hub).ServeHTTP"))
		r.Frames = append([]report.Frame{
			{Function: "log/slog.(*Logger).Handler", File: "/usr/local/go/src/log/slog/logger.go", Line: 121, Kind: report.FrameStdlib},
			{Function: "log/slog.(*Logger).InfoContext", File: "/usr/local/go/src/log/slog/logger.go", Line: 214, Kind: report.FrameStdlib},
			{Function: "example.com/relay.execute[...]", File: filepath.Join(lib, "relay.go"), Line: 40, Kind: report.FrameDependency},
			{Function: "net/http.(*ServeMux).ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 2828, Kind: report.FrameStdlib},
		}, r.Frames...)
		text := Analyze(r)
		if c.want {
			mustHave(t, text, "A nil `*slog.Logger` inside the library `relay`", "`main.go:"+itoa(opts)+"`", "Set `Logger` in the literal at `main.go:"+itoa(opts)+"`")
		} else {
			mustLack(t, text, "the app's options leave out")
		}
	}
}
