package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainServePanicLog explains the log of a server with no recoverer:
// net/http prints "http: panic serving <addr>: <value>" after the logger's
// timestamp, then the goroutine. The header must be read as the panic.
func TestExplainServePanicLog(t *testing.T) {
	noModelEnv(t)
	root := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "servepanic", "main.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dump, err := os.ReadFile(filepath.Join("testdata", "servepanic", "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":     "module example.com/tasks\n\ngo 1.22\n",
		"main.go":    string(src),
		"server.log": strings.ReplaceAll(string(dump), "ROOT", root),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	code, out, errOut := runCLI(t, "", "explain", "server.log")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, bad := range []string{"no panic or fatal error header", "goroutine dump with no panic"} {
		if strings.Contains(out, bad) {
			t.Errorf("output says %q:\n%s", bad, out)
		}
	}
	if !strings.HasPrefix(out, "### Nil pointer dereference") {
		t.Errorf("explanation does not start from the panic message:\n%s", out)
	}
	if !strings.Contains(out, "`task`") {
		t.Errorf("explanation does not name the nil variable `task`:\n%s", out)
	}
	if strings.Contains(out, "`task.Due`") {
		t.Errorf("explanation names the time.Time value `task.Due` as possibly nil:\n%s", out)
	}
}
