package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// syntheticDump is the path of a dump kept with package stack's tests.
func syntheticDump(t *testing.T, name string) string {
	return filepath.Join(repoRoot(t), "explainerr", "stack", "testdata", "dumps", name)
}

// TestExplainKeepsCreatedBy checks that the go statement that started the
// failing goroutine reaches the prompt, right after the trace, for every
// real dump that names one.
func TestExplainKeepsCreatedBy(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	withCreator := 0
	for _, d := range dumps {
		in, err := os.Open(filepath.Join(dir, d.File))
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := stack.ParseDumpWith(in, stack.NewClassifier(d.AppModule), stack.DumpOptions{})
		in.Close()
		if err != nil {
			t.Fatalf("%s: %v", d.File, err)
		}
		if parsed.CreatedBy == "" {
			continue
		}
		withCreator++
		code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", d.AppModule, filepath.Join(dir, d.File))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", d.File, code, errOut)
		}
		_, _, trace := splitPrompt(t, out)
		want := "created by " + parsed.CreatedBy
		if !strings.Contains(trace, want) || !strings.HasSuffix(strings.TrimSpace(trace), ":"+strconv.Itoa(parsed.Creator.Line)) {
			t.Errorf("%s: the trace does not end with %q and its line:\n%s", d.File, want, trace)
		}
	}
	if withCreator < 3 {
		t.Errorf("only %d real dumps name a creator; the test checks too little", withCreator)
	}
}

// TestExplainOlderRuntimeDumps reads dumps whose runtime frames point at
// .goc and .c files: the app's frames are found and marked.
func TestExplainOlderRuntimeDumps(t *testing.T) {
	noModelEnv(t)
	cases := map[string][]string{
		"go13-goc-nil-map.txt":   {"example.com/shop/cart.(*Cart).Add", "main.addHandler"},
		"go12-goc-nil-deref.txt": {"example.com/shop/store.(*Store).Product", "main.productHandler"},
		"go10-signal-only-c.txt": {"example.com/shop/cart.(*Cart).First", "main.cartHandler"},
	}
	for name, apps := range cases {
		code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", syntheticDump(t, name))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		if strings.Contains(errOut, "could not be parsed") || strings.Contains(errOut, " 0 of them the app's") {
			t.Errorf("%s: stderr %s", name, errOut)
		}
		_, _, trace := splitPrompt(t, out)
		checkTrace(t, trace, apps, prompt.DefaultTraceBudget)
		if !strings.Contains(trace, "created by net/http.(*Server).Serve") {
			t.Errorf("%s: no creator in the trace:\n%s", name, trace)
		}
	}
	code, out, _ := runCLI(t, "", "explain", "-module", "example.com/shop", syntheticDump(t, "go13-goc-nil-map.txt"))
	if code != 0 || strings.Contains(out, "no app frame") || !strings.Contains(out, "Cart") {
		t.Errorf("offline explanation of a .goc dump (exit %d):\n%s", code, out)
	}
}

// TestExplainDeadlockShowsEveryBlockedGoroutine checks that a deadlock's
// prompt lists every goroutine left waiting in app code, with its creator.
func TestExplainDeadlockShowsEveryBlockedGoroutine(t *testing.T) {
	noModelEnv(t)
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", syntheticDump(t, "deadlock-workers.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, user, _ := splitPrompt(t, out)
	_, section, ok := strings.Cut(user, "## Other stacks in the app's code")
	if !ok {
		t.Fatalf("no section of blocked goroutines:\n%s", user)
	}
	for _, want := range []string{
		"goroutine 18 [chan send] (and 1 more goroutines waiting the same way)",
		"example.com/shop/jobs.(*Pool).work  [app]\n    /home/dev/shop/jobs/pool.go:41",
		"created by example.com/shop/jobs.(*Pool).Start  [app]\n    /home/dev/shop/jobs/pool.go:30",
		"goroutine 20 [sync.Mutex.Lock]",
		"sync.(*Mutex).Lock",
		"example.com/shop/jobs.(*Pool).report  [app]\n    /home/dev/shop/jobs/pool.go:70",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("blocked goroutines lack %q:\n%s", want, section)
		}
	}
	if strings.Contains(section, "goroutine 1 [") {
		t.Errorf("the failing goroutine is listed again:\n%s", section)
	}
}

// TestExplainDeadlockOffline checks that the offline explanation of a
// deadlock names where each other goroutine waits and who started it.
func TestExplainDeadlockOffline(t *testing.T) {
	noModelEnv(t)
	code, out, errOut := runCLI(t, "", "explain", "-module", "example.com/shop", syntheticDump(t, "deadlock-workers.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"goroutine 18 waits (chan send) in `(*Pool).work` at `pool.go:41`, with 1 more the same way; started by `(*Pool).Start` at `pool.go:30`",
		"goroutine 20 waits (sync.Mutex.Lock) in `(*Pool).report` at `pool.go:70`",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explanation lacks %q:\n%s", want, out)
		}
	}
}

// TestExplainRealHangShowsTheBlockedSender checks, on the real dump of a
// hung kubernetes test, that the goroutine blocked on the send the test
// waits for reaches the prompt: the test goroutine alone does not show it.
func TestExplainRealHangShowsTheBlockedSender(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	for _, d := range dumps {
		if d.PanicKind != "deadlock" {
			continue
		}
		code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", d.AppModule, filepath.Join(dir, d.File))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", d.File, code, errOut)
		}
		_, user, _ := splitPrompt(t, out)
		_, section, ok := strings.Cut(user, "## Other stacks in the app's code")
		if !ok {
			t.Fatalf("%s: no blocked goroutines in the prompt:\n%s", d.File, user)
		}
		for _, want := range []string{"[chan send]", "k8s.io/kubernetes/pkg/storage/etcd3.(*watchChan).run  [app]",
			"created by k8s.io/kubernetes/pkg/storage/etcd3.TestWatchErrResultNotBlockAfterCancel  [app]"} {
			if !strings.Contains(section, want) {
				t.Errorf("%s: blocked goroutines lack %q:\n%s", d.File, want, section)
			}
		}
	}
}

// TestExplainRepanicKeepsTheRecoveringCode: a dump whose panic the app's
// own code recovered and raised again (a transaction helper that rolls
// back) is explained where the first panic happened, and the prompt keeps
// the recovering code's frames too: every app frame of the goroutine.
func TestExplainRepanicKeepsTheRecoveringCode(t *testing.T) {
	noModelEnv(t)
	dump := syntheticDump(t, "repanic-tx-helper.txt")
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", dump)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, user, trace := splitPrompt(t, out)
	checkTrace(t, trace, []string{"example.com/shop/store.(*Store).saveTags", "example.com/shop/store.(*Store).SavePost.func1",
		"example.com/shop/store.(*Store).WithTx", "example.com/shop/store.(*Store).SavePost", "main.createPost"}, prompt.DefaultTraceBudget)
	_, section, ok := strings.Cut(user, "## Other stacks in the app's code")
	if !ok {
		t.Fatalf("no section with the recovering code:\n%s", user)
	}
	if want := "example.com/shop/store.(*Store).WithTx.func1  [app]\n    /home/dev/shop/store/tx.go:22"; !strings.Contains(section, want) {
		t.Errorf("the recovering code is not in the prompt; want %q in:\n%s", want, section)
	}
	code, out, _ = runCLI(t, "", "explain", "-module", "example.com/shop", dump)
	if code != 0 || !strings.Contains(out, "tags.go:17") {
		t.Errorf("the explanation does not point at the first panic (exit %d):\n%s", code, out)
	}
}
