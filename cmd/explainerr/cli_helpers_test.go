package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/testdir"
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
	testdir.Write(t, dir, files)
	t.Chdir(dir)
	return dir
}

func runSubcommand(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
