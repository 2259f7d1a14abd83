//go:build long

package index

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestIndexWithoutMattnsRegisteredName builds, as README's "An app with
// its own SQLite driver named sqlite3" says, a program that registers a
// driver of its own as "sqlite3" and links the index, with mattn's
// registration turned off by -ldflags: it starts (no "Register called
// twice" panic) and builds and opens an index all the same.
func TestIndexWithoutMattnsRegisteredName(t *testing.T) {
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(self))
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/owndriver\n\ngo 1.26.0\n\nrequire github.com/explainerr/explainerr v0.0.0\n\nreplace github.com/explainerr/explainerr => "+root+"\n")
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", string(sum))
	write("main.go", `package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/explainerr/explainerr/index"
)

// own is the app's own driver, registered under mattn's name.
type own struct{}

func (own) Open(string) (driver.Conn, error) { return nil, errors.New("own driver") }

func init() { sql.Register("sqlite3", own{}) }

func main() {
	src := os.Args[1]
	path := filepath.Join(os.Args[2], "index.db")
	if _, err := index.Build(context.Background(), index.BuildOptions{Dir: src, Path: path}); err != nil {
		fmt.Println("build:", err)
		os.Exit(1)
	}
	r, err := index.OpenRetriever(path, index.RetrieverOptions{})
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	r.Close()
	fmt.Println("ok")
}
`)
	app := filepath.Join(dir, "app")
	if err := os.MkdirAll(app, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app, "go.mod"), []byte("module example.com/indexed\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app, "a.go"), []byte("package indexed\n\n// Answer answers.\nfunc Answer() int { return 42 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "-mod=mod", "-ldflags=-X=github.com/mattn/go-sqlite3.driverName=", ".", app, t.TempDir())
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("the program with its own sqlite3 driver: %v\n%s", err, out)
	}
}
