//go:build !cgo

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandsThatNeedTheIndexSayTheyNeedCgo: in a build without cgo,
// every command and flag that needs the index fails at once, says that it
// needs cgo and a C compiler and how to rebuild, and writes nothing.
func TestCommandsThatNeedTheIndexSayTheyNeedCgo(t *testing.T) {
	noModelEnv(t)
	dir := writeCLIModule(t)
	dump := filepath.Join(dir, "dump.txt")
	writeFile(t, dump, "panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:5 +0x1d\nexit status 2\n")
	for _, tc := range []struct {
		args []string
		what string
	}{
		{[]string{"index"}, "explainerr index: explainerr index needs cgo"},
		{[]string{"index", "-rebuild", "./..."}, "explainerr index: explainerr index needs cgo"},
		{[]string{"search", "cart"}, "explainerr search: explainerr search needs cgo"},
		{[]string{"explain", "-rag", dump}, "explainerr explain: -rag needs cgo"},
		{[]string{"run", "-rag", "--", "true"}, "explainerr run: -rag needs cgo"},
	} {
		code, out, errs := runSubcommand(t, tc.args...)
		if code != 1 || out != "" {
			t.Errorf("%v: exit %d, stdout %q; want exit 1 and no output", tc.args, code, out)
		}
		for _, want := range []string{tc.what, "built without cgo", "C compiler", "CGO_ENABLED=1 go tool explainerr", "CGO_ENABLED=1 go install github.com/explainerr/explainerr/cmd/explainerr"} {
			if !strings.Contains(errs, want) {
				t.Errorf("%v: the error lacks %q:\n%s", tc.args, want, errs)
			}
		}
		if strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: want one line of error, got:\n%s", tc.args, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".explainerr")); !os.IsNotExist(err) {
		t.Errorf("a command that cannot run wrote .explainerr/: %v", err)
	}
}

// TestExplainWithoutCgo: the same dump that "explain -rag" refuses in a
// build without cgo is explained without -rag.
func TestExplainWithoutCgo(t *testing.T) {
	noModelEnv(t)
	dir := writeCLIModule(t)
	dump := filepath.Join(dir, "dump.txt")
	writeFile(t, dump, "panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:5 +0x1d\nexit status 2\n")
	code, out, errs := runSubcommand(t, "explain", dump)
	if code != 0 || !strings.Contains(out, "explained by offline") {
		t.Fatalf("explain without -rag: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
