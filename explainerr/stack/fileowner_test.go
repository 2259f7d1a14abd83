package stack

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestKindByFile checks that a frame's file decides who owns it whatever
// package the compiler named an inlined closure after.
func TestKindByFile(t *testing.T) {
	c := &Classifier{AppPrefixes: []string{"server", "github.com/acme/kit/web", "github.com/BurntSushi/toml"},
		GOROOT: "/usr/local/go", ModCache: "/home/dev/go/pkg/mod"}
	cases := []struct{ name, fn, file, want string }{
		{"explainerr's middleware inlined into main", "main.main.(*Explainer).Middleware.func1", selfDir + "middleware.go", report.FrameRuntime},
		{"explainerr from another machine's module cache", "main.main.(*Explainer).Middleware.func1",
			"/Users/x/go/pkg/mod/github.com/explainerr/explainerr@v0.3.0/explainerr/middleware.go", report.FrameRuntime},
		{"explainerr in a -trimpath build", "main.main.(*Explainer).Middleware.func1",
			"github.com/explainerr/explainerr@v0.3.0/explainerr/middleware.go", report.FrameRuntime},
		{"explainerr's test program plays the app", "main.main", selfDir + "testdata/app/main.go", report.FrameApp},
		{"chi's Timeout inlined into main", "main.main.Timeout.func5.1",
			"/home/dev/go/pkg/mod/github.com/go-chi/chi/v5@v5.0.12/middleware/timeout.go", report.FrameDependency},
		{"a library closure inlined into an app package named like the stdlib", "server.Server.routes.SizeLimit.func10.1",
			"/home/dev/go/pkg/mod/github.com/!some!org/limits@v1.0.0/size.go", report.FrameDependency},
		{"a dependency from another machine's cache", "main.main.Timeout.func5.1",
			"/root/go/pkg/mod/github.com/go-chi/chi/v5@v5.0.12/middleware/timeout.go", report.FrameDependency},
		{"a dependency in a -trimpath build", "main.main.Timeout.func5.1",
			"github.com/go-chi/chi/v5@v5.0.12/middleware/timeout.go", report.FrameDependency},
		{"a vendored dependency inlined into main", "main.main.Wrap.func2", "/src/app/vendor/github.com/x/y/y.go", report.FrameDependency},
		{"a stdlib closure inlined into main", "main.main.StripPrefix.func1", "/usr/local/go/src/net/http/server.go", report.FrameStdlib},
		{"the app's own code in package main", "main.main.func1", "/src/app/main.go", report.FrameApp},
		{"the app's own code named after its module", "server.Server.routes.func3", "/src/server/routes.go", report.FrameApp},
		{"an app package in the cache, named by prefix", "github.com/acme/kit/web.Handle",
			"/home/dev/go/pkg/mod/github.com/acme/kit@v1.0.0/web/h.go", report.FrameApp},
		{"a sibling package of the same cached module", "github.com/acme/kit/db.Open",
			"/home/dev/go/pkg/mod/github.com/acme/kit@v1.0.0/db/db.go", report.FrameDependency},
		{"an escaped upper-case module path", "github.com/BurntSushi/toml.Decode",
			"/elsewhere/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go", report.FrameApp},
		{"a -trimpath app file", "server.Server.routes.func3", "server/routes.go", report.FrameApp},
		{"a -trimpath stdlib file", "net/http.HandlerFunc.ServeHTTP", "net/http/server.go", report.FrameStdlib},
		{"an e-mail-like path is no version", "main.main", "/src/app/user@example/main.go", report.FrameApp},
		{"an app below GOROOT/src, a GOPATH that was GOROOT", "github.com/acme/kit/web.Handle",
			"/usr/local/go/src/github.com/acme/kit/web/h.go", report.FrameApp},
		{"a dependency below GOROOT/src, a GOPATH that was GOROOT", "github.com/gorilla/mux.(*Router).ServeHTTP",
			"/usr/local/go/src/github.com/gorilla/mux/mux.go", report.FrameDependency},
		{"the standard library's vendored copy", "vendor/golang.org/x/net/http2/hpack.(*Decoder).Write",
			"/usr/local/go/src/vendor/golang.org/x/net/http2/hpack/hpack.go", report.FrameStdlib},
	}
	for _, tc := range cases {
		if got := c.Kind(tc.fn, tc.file); got != tc.want {
			t.Errorf("%s: Kind(%s, %s) = %s, want %s", tc.name, tc.fn, tc.file, got, tc.want)
		}
	}
}

// TestKindWithoutFile falls back on the function's package, as a -trimpath
// dump that lost its files must.
func TestKindWithoutFile(t *testing.T) {
	c := NewClassifier("example.com/app")
	for fn, want := range map[string]string{
		"example.com/app/store.(*DB).Get":                                     report.FrameApp,
		"github.com/explainerr/explainerr/explainerr.(*Explainer).Middleware": report.FrameRuntime,
		"github.com/go-chi/chi/v5.(*Mux).ServeHTTP":                           report.FrameDependency,
		"net/http.serverHandler.ServeHTTP":                                    report.FrameStdlib,
	} {
		if got := c.Kind(fn, ""); got != want {
			t.Errorf("Kind(%s) = %s, want %s", fn, got, want)
		}
	}
}

func TestDefaultModCache(t *testing.T) {
	t.Setenv("GOMODCACHE", "/cache/mod")
	if got := defaultModCache(); got != "/cache/mod" {
		t.Errorf("GOMODCACHE: got %s", got)
	}
	t.Setenv("GOMODCACHE", "")
	t.Setenv("GOPATH", "/gp")
	if got := defaultModCache(); got != "/gp/pkg/mod" {
		t.Errorf("GOPATH: got %s", got)
	}
}

// TestBuildGOROOT checks that the standard library's root is read from
// the binary's own runtime frames: the file of a stdlib function called
// here lies below it.
func TestBuildGOROOT(t *testing.T) {
	if buildGOROOT == "" {
		t.Fatal("no GOROOT found in this (non -trimpath) test binary")
	}
	c := NewClassifier("example.com/app")
	pcs := Capture(0)
	frames := FromPCs(pcs, c, true)
	stdlib := false
	for _, f := range frames {
		if f.Function == "testing.tRunner" {
			stdlib = f.Kind == report.FrameStdlib && strings.HasPrefix(f.File, buildGOROOT+"/src/")
		}
	}
	if !stdlib {
		t.Errorf("testing.tRunner not classified as stdlib below %s: %+v", buildGOROOT, frames)
	}
}
