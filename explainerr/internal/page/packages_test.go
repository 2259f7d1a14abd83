package page

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestLibraryRunNamesTheInlinedLibrary: a library's closure the compiler
// inlined into main is named by its module in a folded run of library
// frames, not as the app's package.
func TestLibraryRunNamesTheInlinedLibrary(t *testing.T) {
	frames := []report.Frame{
		{Function: "main.GetArticle", File: "/src/app/main.go", Line: 213, Kind: report.FrameApp},
		{Function: "net/http.HandlerFunc.ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 2286, Kind: report.FrameStdlib},
		{Function: "main.main.SetContentType.func5.1", File: "/home/dev/go/pkg/mod/github.com/go-chi/render@v1.0.1/content_type.go", Line: 52, Kind: report.FrameDependency},
		{Function: "github.com/go-chi/chi/v5.(*Mux).ServeHTTP", File: "/home/dev/go/pkg/mod/github.com/go-chi/chi/v5@v5.5.0/mux.go", Line: 90, Kind: report.FrameDependency},
	}
	items, _, _ := traceItems(frames)
	if len(items) != 2 || items[1].Packages != "net/http, github.com/go-chi/render, github.com/go-chi/chi/v5" {
		t.Errorf("the library run is summed up as %q", items[len(items)-1].Packages)
	}
}
