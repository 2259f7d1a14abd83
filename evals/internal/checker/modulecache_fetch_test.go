package checker

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// fakeProxy writes a Go module proxy, in the layout GOPROXY=file:// reads,
// serving example.com/fake v1.0.0 with go.mod, a.go, sub/b.go and
// extra.go, and points the go command at it with its own module cache.
func fakeProxy(t *testing.T) {
	t.Helper()
	root := t.TempDir()
	v := filepath.Join(root, "example.com", "fake", "@v")
	if err := os.MkdirAll(v, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/fake\n\ngo 1.20\n"
	for name, text := range map[string]string{
		"list":        "v1.0.0\n",
		"v1.0.0.info": `{"Version":"v1.0.0","Time":"2020-01-01T00:00:00Z"}`,
		"v1.0.0.mod":  gomod,
	} {
		if err := os.WriteFile(filepath.Join(v, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	zf, err := os.Create(filepath.Join(v, "v1.0.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	for name, text := range map[string]string{
		"go.mod":   gomod,
		"a.go":     "package fake\n\n// A is a.\nconst A = 1\n",
		"sub/b.go": "package sub\n\n// B is b.\nconst B = 2\n",
		"extra.go": "package fake\n\n// Extra is not listed.\nconst Extra = 3\n",
	} {
		w, err := zw.Create("example.com/fake@v1.0.0/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(root))
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("GOFLAGS", "-modcacherw")
}

// TestFetchPinned fetches a module from a proxy on disk: the listed files
// and the module's go.mod are copied and nothing else; a wrong sum, a
// version the proxy does not serve and a path outside the module fail,
// naming the module.
func TestFetchPinned(t *testing.T) {
	fakeProxy(t)
	pin := pinnedModule{Module: "example.com/fake", Version: "v1.0.0", Sum: "h1:wrong=", Files: []string{"a.go", "sub/b.go"}}
	err := fetchPinned(pin, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "example.com/fake@v1.0.0") || !strings.Contains(err.Error(), "pins h1:wrong=") {
		t.Fatalf("a wrong sum: got %v", err)
	}
	d, err := download(pin)
	if err != nil {
		t.Fatal(err)
	}
	pin.Sum = d.Sum
	dir := t.TempDir()
	if err := fetchPinned(pin, dir); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"go.mod": true, "a.go": true, "sub/b.go": true, "extra.go": false} {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		if got := err == nil; got != want {
			t.Errorf("%s copied: %v, want %v", name, got, want)
		}
	}
	m, err := source.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Path != "example.com/fake" || len(m.Files) != 2 {
		t.Errorf("loaded module %s with files %v, want example.com/fake with a.go and sub/b.go", m.Path, m.Files)
	}
	missing := pin
	missing.Version = "v1.0.1"
	if err := fetchPinned(missing, t.TempDir()); err == nil || !strings.Contains(err.Error(), "example.com/fake@v1.0.1 could not be fetched") {
		t.Errorf("a version not served: got %v", err)
	}
	outside := pin
	outside.Files = []string{"../a.go"}
	if err := fetchPinned(outside, t.TempDir()); err == nil || !strings.Contains(err.Error(), "example.com/fake@v1.0.0") {
		t.Errorf("a path outside the module: got %v", err)
	}
}

// TestModuleDir fetches a set's pinned module from a proxy on disk once:
// a second call returns the same directory without fetching again.
func TestModuleDir(t *testing.T) {
	fakeProxy(t)
	pin := pinnedModule{Module: "example.com/fake", Version: "v1.0.0", Files: []string{"a.go"}}
	d, err := download(pin)
	if err != nil {
		t.Fatal(err)
	}
	pin.Sum = d.Sum
	sets := t.TempDir()
	old := setsDir
	setsDir = sets
	t.Cleanup(func() { setsDir = old })
	data, err := json.Marshal(pin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(sets, "fake"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sets, "fake", "module.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := moduleDir(t, "fake")
	if _, err := os.Stat(filepath.Join(dir, "a.go")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOMODCACHE", t.TempDir())
	if again := moduleDir(t, "fake"); again != dir {
		t.Errorf("a second call gave %s, the first %s", again, dir)
	}
}
