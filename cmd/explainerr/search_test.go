//go:build cgo

package main

import (
	"regexp"
	"strings"
	"testing"
)

func TestSearchCommand(t *testing.T) {
	writeCLIModule(t)
	if code, _, errs := runSubcommand(t, "index"); code != 0 {
		t.Fatalf("index: %s", errs)
	}
	code, out, errs := runSubcommand(t, "search", "-k", "2", "add", "item", "to", "cart")
	if code != 0 {
		t.Fatalf("search exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 ranked chunks, got %q", out)
	}
	line := regexp.MustCompile(`^ ?1\. cart/cart\.go:6-7 \(\*Cart\)\.Add (0|1)\.\d{3}$`)
	if !line.MatchString(lines[0]) {
		t.Errorf("first result %q, want cart/cart.go:6-7 (*Cart).Add with a score", lines[0])
	}

	// -exact ranks the same way, its vector part by an exact scan (this
	// small index is scanned exactly either way).
	code, exactOut, errs := runSubcommand(t, "search", "-exact", "-k", "2", "add", "item", "to", "cart")
	if code != 0 || exactOut != out {
		t.Errorf("search -exact: exit %d, %q (%s); want the default's %q", code, exactOut, errs, out)
	}
	// An identifier, and the words of its doc comment in other forms,
	// find its chunk.
	for _, q := range [][]string{{"Total"}, {"count", "item"}} {
		code, out, errs := runSubcommand(t, append([]string{"search", "-k", "1"}, q...)...)
		if code != 0 || !strings.Contains(out, " Total ") {
			t.Errorf("search %q: exit %d, %q (%s); want Total first", q, code, out, errs)
		}
	}

	code, out, _ = runSubcommand(t, "search", "-k", "1", "-text", "carts", "table")
	if code != 0 || !strings.Contains(out, "schema.sql") || !strings.Contains(out, "CREATE TABLE carts") {
		t.Errorf("search -text: exit %d, %q", code, out)
	}
}

func TestSearchCommandErrors(t *testing.T) {
	dir := writeCLIModule(t)
	if code, _, errs := runSubcommand(t, "search"); code != 2 || !strings.Contains(errs, "QUERY is required") {
		t.Errorf("no query: exit %d, %q", code, errs)
	}
	if code, _, errs := runSubcommand(t, "search", "cart"); code != 1 || !strings.Contains(errs, "explainerr index ./...") {
		t.Errorf("no index: exit %d, %q", code, errs)
	}
	if code, _, _ := runSubcommand(t, "search", "-k", "0", "cart"); code != 2 {
		t.Errorf("-k 0: exit %d", code)
	}
	_ = dir
}
