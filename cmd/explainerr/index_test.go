package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// writeCLIModule writes a small module and makes it the working directory.
func writeCLIModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/cli\n\ngo 1.22\n",
		"cart/cart.go": `package cart

// Cart holds items.
type Cart struct{ Items []string }

// Add appends an item to the cart.
func (c *Cart) Add(item string) { c.Items = append(c.Items, item) }

// Total counts the items.
func Total(c *Cart) int { return len(c.Items) }
`,
		"cart/schema.sql": "CREATE TABLE carts (id INTEGER PRIMARY KEY);\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

func runSubcommand(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestIndexCommand(t *testing.T) {
	dir := writeCLIModule(t)
	code, out, errs := runSubcommand(t, "index")
	if code != 0 {
		t.Fatalf("index exit %d: %s", code, errs)
	}
	m := regexp.MustCompile(`^indexed 2 files \(2 changed, 0 unchanged, 0 removed, 0 skipped\): 4 chunks, 4 embedded, \S+ -> \.explainerr/index\.db\n$`).FindString(out)
	if m == "" {
		t.Errorf("first run summary: %q", out)
	}
	if _, err := os.Stat(filepath.Join(dir, ".explainerr", "index.db")); err != nil {
		t.Errorf("no index at the default path: %v", err)
	}

	code, out, _ = runSubcommand(t, "index")
	if code != 0 || !strings.HasPrefix(out, "index up to date: 2 files (0 skipped), 4 chunks, nothing embedded") {
		t.Errorf("second run: exit %d, %q", code, out)
	}

	if err := os.WriteFile(filepath.Join(dir, "cart/cart.go"), []byte(strings.Replace(mustRead(t, filepath.Join(dir, "cart/cart.go")), "return len(c.Items)", "return len(c.Items) + 0", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runSubcommand(t, "index")
	if code != 0 || !strings.Contains(out, "(1 changed, 1 unchanged, 0 removed, 0 skipped): 4 chunks, 1 embedded") {
		t.Errorf("after changing Total: exit %d, %q", code, out)
	}

	code, out, _ = runSubcommand(t, "index", "-rebuild", "-db", filepath.Join(dir, "other.db"), "./cart/...")
	if code != 0 || !strings.Contains(out, "4 embedded") || !strings.Contains(out, "other.db") {
		t.Errorf("-rebuild -db: exit %d, %q", code, out)
	}
}

func TestIndexCommandErrors(t *testing.T) {
	dir := writeCLIModule(t)
	if code, _, errs := runSubcommand(t, "index", "-embedder", "bert"); code != 2 || !strings.Contains(errs, `unknown embedder "bert"`) {
		t.Errorf("unknown embedder: exit %d, %q", code, errs)
	}
	if code, _, _ := runSubcommand(t, "index", "-nope"); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
	bad := filepath.Join(dir, "bad.db")
	if err := os.WriteFile(bad, []byte(strings.Repeat("not sqlite ", 500)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runSubcommand(t, "index", "-db", bad)
	if code != 1 || !strings.Contains(errs, "is not an SQLite database") || !strings.Contains(errs, "explainerr index -rebuild") {
		t.Errorf("bad index: exit %d, %q", code, errs)
	}
	if code, _, _ := runSubcommand(t, "index", "-db", bad, "-rebuild"); code != 0 {
		t.Errorf("-rebuild over a bad file: exit %d", code)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
