//go:build long

package offline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// repoRoot is the root of the module these tests run in.
const repoRoot = "../../.."

// realAppReports copies the test app testdata/realapps/name into a
// temporary module that uses this checkout of explainerr, runs it, and
// returns the JSON reports of the failing requests it serves itself
// through the real middleware (one per target, "METHOD /path").
func realAppReports(t *testing.T, name string, targets ...string) []*report.Report {
	t.Helper()
	src := filepath.Join("testdata", "realapps", name)
	dir := filepath.Join(t.TempDir(), name)
	testdir.Copy(t, src, dir)
	probe, err := os.ReadFile(filepath.Join("testdata", "realapps", "probe.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "probe.go"), probe, 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gomod = append(gomod, []byte("\nrequire github.com/explainerr/explainerr v0.0.0\n\nreplace github.com/explainerr/explainerr => "+root+"\n")...)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), gomod, 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", append([]string{"run", "."}, targets...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off",
		"OPENAI_API_KEY=", "OPENAI_BASE_URL=", "EXPLAINERR_PROVIDER=offline", "EXPLAINERR_RAG=off", "EXPLAINERR_CONTEXT=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("running %s: %v\n%s", name, err, stderr.Bytes())
	}
	var reports []*report.Report
	if err := json.Unmarshal(stdout.Bytes(), &reports); err != nil {
		t.Fatalf("%s printed no reports: %v\n%s\n%s", name, err, stdout.Bytes(), stderr.Bytes())
	}
	if len(reports) != len(targets) {
		t.Fatalf("%d reports for %d targets", len(reports), len(targets))
	}
	for i, r := range reports {
		if r.Explanation.Provider != "offline" || r.Explanation.Text == "" {
			t.Fatalf("%s: no offline explanation: %+v", targets[i], r.Explanation)
		}
	}
	return reports
}

// mustContain and mustNotContain check an explanation.
func mustContain(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s: explanation lacks %q:\n%s", what, w, text)
		}
	}
}

func mustNotContain(t *testing.T, what, text string, bad ...string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(text, b) {
			t.Errorf("%s: explanation says %q:\n%s", what, b, text)
		}
	}
}

// TestRealAppAllInMain drives a shop written wholly in package main
// through the middleware: the analyzer follows nil values to the
// constructor and to the caller, and names every candidate when nothing
// shows which one was nil.
func TestRealAppAllInMain(t *testing.T) {
	rs := realAppReports(t, "mainshop", "GET /title", "GET /cart/add?user=ann&item=x", "GET /latest", "GET /hello", "GET /receipt?id=o1", "GET /profile")

	title := rs[0].Explanation.Text
	mustContain(t, "title", title, "Nil pointer dereference: `s.cfg` is nil", "`Server` is built without setting `cfg` at `NewServer` (`main.go:39`)")
	mustNotContain(t, "title", title, "`s.model` is nil", "`s.model`, which is", "`s` is nil")

	cart := rs[1].Explanation.Text
	mustContain(t, "cart", cart, "`Server` is built without creating `carts` at `NewServer` (`main.go:39`)", "carts: make(map[string][]string),",
		"concurrent map writes", "s.mu.Lock()")
	mustNotContain(t, "cart", cart, "Or create it lazily")

	latest := rs[2].Explanation.Text
	mustContain(t, "latest", latest, "`Server` is built without `recent`", "nothing in the app assigns or appends to `recent`")

	hello := rs[3].Explanation.Text
	mustContain(t, "hello", hello, "Nil pointer dereference: `u` is nil", "`c` is not it: the caller passes `&Config{Prefix: \"Hi \"}`",
		"`currentUser` returns `nil` at `currentUser` (`main.go:62`): `return nil`")
	mustNotContain(t, "hello", hello, "`c` is nil", "`c`, which is")

	receipt := rs[4].Explanation.Text
	mustContain(t, "receipt", receipt, "Nil pointer dereference: one of `o.Buyer`, `o`, `o.Item` is nil", "the trace does not say which")
	mustNotContain(t, "receipt", receipt, "dereference: `o.Buyer` is nil", "dereference: `o.Item` is nil", "dereference: `o` is nil", "which is `nil`")
	profile := rs[5].Explanation.Text
	mustContain(t, "profile", profile, "Nil pointer dereference: `u` is nil", "`u` comes from `main.go:89`: `u := currentUser(r)`",
		"`currentUser` returns `nil` at `currentUser` (`main.go:62`): `return nil`")

	for i, r := range rs {
		if class, _ := offline.Recognize(r); class == offline.ClassUnknown {
			t.Errorf("report %d not recognised", i)
		}
	}
}

// TestRealAppMultiPackage drives a notes app split into main, web and
// store packages: the analyzer follows values into the store package.
func TestRealAppMultiPackage(t *testing.T) {
	rs := realAppReports(t, "notes", "GET /notes/7", "POST /notes/1/tags/go", "DELETE /notes/9")

	show := rs[0].Explanation.Text
	mustContain(t, "show", show, "Nil pointer dereference: `n` is nil",
		"`Get` returns `nil` with a `nil` error at `(*Store).Get` (`store.go:45`): `return nil, nil`",
		"instead of `nil, nil` at `store.go:45`")

	tag := rs[1].Explanation.Text
	mustContain(t, "tag", tag, "`Store` is built without creating `byTag` at `New` (`store.go:29`)", "byTag: make(map[string][]int),")

	remove := rs[2]
	if remove.Error.Kind != report.KindStatus || strings.TrimSpace(remove.Error.Message) != "internal error" {
		t.Fatalf("the %%v case should be a status failure saying only \"internal error\", got %+v", remove.Error)
	}
	mustContain(t, "remove", remove.Explanation.Text,
		"`errors.Is(err, store.ErrNotFound)` at `(*Handler).remove` (`handlers.go:56`)",
		"`(*Store).Delete` (`store.go:62`): `return fmt.Errorf(\"delete note %d: %v\", id, ErrNotFound)`",
		"Wrap it with `\"%w\"` instead of `\"%v\"` at `store.go:62`")
}

// TestRealAppGenericHelpers drives an app whose failures happen inside
// generic helpers: the empty slice is followed through the caller to the
// helper that made it, and the nil map to the generic constructor.
func TestRealAppGenericHelpers(t *testing.T) {
	rs := realAppReports(t, "generic", "GET /top?tag=none", "GET /view/a")

	top := rs[0].Explanation.Text
	mustContain(t, "top", top, "its caller `topByTag` passes `tagged` at `main.go:38`",
		"`Filter` returns an empty result when nothing matches: `Filter` (`kit.go:11`): `var out []T`",
		"Check `len(tagged)` in `topByTag` before calling `First`")

	view := rs[1].Explanation.Text
	mustContain(t, "view", view, "`Cache` is built without creating `items` at `NewCache` (`kit.go:28`): `return &Cache[K, V]{}`",
		"items: make(map[K]V),")
}
