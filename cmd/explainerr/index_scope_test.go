//go:build cgo

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/testdir"
)

// writeTwoPartModule writes a module with a root package and two
// subdirectories, and makes its root the working directory.
func writeTwoPartModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	testdir.Write(t, dir, map[string]string{
		"go.mod":  "module example.com/parts\n\ngo 1.22\n",
		"main.go": "package main\n\n// main starts the shop.\nfunc main() { _ = Greeting() }\n\n// Greeting welcomes a customer.\nfunc Greeting() string { return \"hello\" }\n",
		"cart/cart.go": `package cart

// Cart holds items.
type Cart struct{ Items []string }

// Add appends an item to the cart.
func (c *Cart) Add(item string) { c.Items = append(c.Items, item) }
`,
		"cart/total.go":      "package cart\n\n// Total counts the items.\nfunc Total(c *Cart) int { return len(c.Items) }\n",
		"billing/invoice.go": "package billing\n\n// Invoice is a bill.\ntype Invoice struct{ Amount int }\n",
		"billing/refund.go":  "package billing\n\n// Refund gives the money back.\nfunc Refund(i Invoice) int { return -i.Amount }\n",
	})
	t.Chdir(dir)
	return dir
}

// searchFinds reports whether the module's index ranks a chunk whose line
// holds want among the first three for query.
func searchFinds(t *testing.T, query, want string) bool {
	t.Helper()
	code, out, errs := runSubcommand(t, "search", "-k", "3", query)
	if code != 0 {
		t.Fatalf("search %q: exit %d, %s", query, code, errs)
	}
	return strings.Contains(out, want)
}

// TestIndexWholeModuleFromASubdirectory: "./..." from a subdirectory is
// the module's index, at the module root, with every file of the module:
// nothing outside the subdirectory is removed.
func TestIndexWholeModuleFromASubdirectory(t *testing.T) {
	dir := writeTwoPartModule(t)
	code, out, errs := runSubcommand(t, "index", "./...")
	if code != 0 || !strings.Contains(out, "indexed 5 files (5 changed, 0 unchanged, 0 removed, 0 skipped)") {
		t.Fatalf("at the root: exit %d, %q %q", code, out, errs)
	}
	t.Chdir(filepath.Join(dir, "cart"))
	code, out, errs = runSubcommand(t, "index", "./...")
	if code != 0 || !strings.HasPrefix(out, "index up to date: 5 files (0 skipped)") {
		t.Fatalf("from cart/: exit %d, %q %q; want the whole module, up to date", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "cart", ".explainerr")); !os.IsNotExist(err) {
		t.Errorf("an index was made in the subdirectory: %v", err)
	}
	// A change outside the subdirectory is seen from it, and a deleted file
	// outside it is removed: "./..." is the whole module.
	writeFile(t, filepath.Join(dir, "billing", "invoice.go"), "package billing\n\n// Invoice is a bill with a currency.\ntype Invoice struct{ Amount int; Currency string }\n")
	if err := os.Remove(filepath.Join(dir, "billing", "refund.go")); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runSubcommand(t, "index")
	if code != 0 || !strings.Contains(out, "indexed 4 files (1 changed, 3 unchanged, 1 removed, 0 skipped)") {
		t.Fatalf("from cart/ after changes in billing/: exit %d, %q %q", code, out, errs)
	}
	if !searchFinds(t, "Greeting welcomes", "Greeting") || !searchFinds(t, "Invoice currency", "Invoice") {
		t.Error("chunks outside the subdirectory are missing from the index")
	}
	if searchFinds(t, "Refund", "Refund") {
		t.Error("the deleted file's chunk is still in the index")
	}
}

// TestIndexPartOfTheModuleKeepsTheRest: a narrower pattern, at the root or
// in a subdirectory, updates its part and keeps every other file, even
// one deleted since: only a build that covers a file removes it.
func TestIndexPartOfTheModuleKeepsTheRest(t *testing.T) {
	dir := writeTwoPartModule(t)
	if code, out, errs := runSubcommand(t, "index"); code != 0 || !strings.Contains(out, "7 embedded") {
		t.Fatalf("first build: exit %d, %q %q", code, out, errs)
	}
	writeFile(t, filepath.Join(dir, "cart", "total.go"), "package cart\n\n// Total counts the items twice.\nfunc Total(c *Cart) int { return 2 * len(c.Items) }\n")
	if err := os.Remove(filepath.Join(dir, "billing", "refund.go")); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		dir     string
		pattern string
		want    string
	}{
		{".", "./cart/...", "indexed 2 files (1 changed, 1 unchanged, 0 removed, 0 skipped): 7 chunks"},
		{"cart", ".", "index up to date: 2 files (0 skipped), 7 chunks"},
		{"billing", ".", "indexed 1 files (0 changed, 1 unchanged, 1 removed, 0 skipped): 6 chunks"},
		{".", "example.com/parts/cart", "index up to date: 2 files (0 skipped), 6 chunks"},
	} {
		t.Chdir(filepath.Join(dir, step.dir))
		code, out, errs := runSubcommand(t, "index", step.pattern)
		if code != 0 || !strings.HasPrefix(out, step.want) {
			t.Fatalf("index %s in %s: exit %d, %q %q; want %q", step.pattern, step.dir, code, out, errs, step.want)
		}
		if _, err := os.Stat(filepath.Join(dir, step.dir, ".explainerr")); step.dir != "." && !os.IsNotExist(err) {
			t.Errorf("index %s in %s made an index in the subdirectory: %v", step.pattern, step.dir, err)
		}
		if !searchFinds(t, "Greeting welcomes", "Greeting") || !searchFinds(t, "Invoice bill", "Invoice") {
			t.Fatalf("after index %s in %s, chunks outside its part are gone", step.pattern, step.dir)
		}
	}
	if !searchFinds(t, "Total counts items twice", "Total") {
		t.Error("the change in cart/ was not indexed")
	}
}
