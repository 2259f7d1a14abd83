package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainCutOnlyAppFrame explains a dump cut inside the function line
// of its only app frame: the frame reaches the trace as the app's, at an
// unknown location, a warning says the dump is cut there, and the
// explanation places the failure in that function.
func TestExplainCutOnlyAppFrame(t *testing.T) {
	noModelEnv(t)
	const fn = "example.com/shop/internal/store.(*Inventory).Stock"
	file := syntheticDump(t, "cut-only-app-frame.txt")
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "3 frames, 1 of them the app's") || !strings.Contains(errOut, "warning: the dump ends inside the function line of "+fn) {
		t.Errorf("stderr: %s", errOut)
	}
	_, _, trace := splitPrompt(t, out)
	if !strings.HasSuffix(strings.TrimRight(trace, "\n"), fn+"  [app]\n    (location unknown)") || strings.Contains(trace, ":0") {
		t.Errorf("the trace does not end with the cut app frame at an unknown location:\n%s", trace)
	}
	code, out, errOut = runCLI(t, "", "explain", "-module", "example.com/shop", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "**Where:** `(*Inventory).Stock` (the dump does not show its file and line).") {
		t.Errorf("the explanation does not place the failure in the cut frame:\n%s", out)
	}
}

// TestExplainRaceWithoutBlankLines explains a race report pasted without
// the blank lines between its sections: the earlier access and the
// goroutines' creators reach the prompt, and the explanation names both
// accesses.
func TestExplainRaceWithoutBlankLines(t *testing.T) {
	noModelEnv(t)
	file := syntheticDump(t, "race-no-blank-lines.txt")
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(errOut, "warning:") {
		t.Errorf("stderr: %s", errOut)
	}
	_, user, _ := splitPrompt(t, out)
	for _, want := range []string{
		"goroutine 6 [previous read at 0x00c0001d3fa0",
		"example.com/shop/internal/cache.(*Cache).Get",
		"created by example.com/shop/internal/cache.Warm",
	} {
		if !strings.Contains(user, want) {
			t.Errorf("prompt lacks %q:\n%s", want, user)
		}
	}
	code, out, errOut = runCLI(t, "", "explain", "-module", "example.com/shop", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "- goroutine 6's previous read at `cache.go:14` in `(*Cache).Get`") || strings.Contains(out, "Only this goroutine's access") {
		t.Errorf("the explanation does not name both accesses:\n%s", out)
	}
}

// TestExplainRaceCutAfterFirstAccess explains a race report whose paste
// ends after the failing goroutine's access: the explanation names that
// access and says where to find the other one, claiming no second access.
func TestExplainRaceCutAfterFirstAccess(t *testing.T) {
	noModelEnv(t)
	whole, err := os.ReadFile(syntheticDump(t, "race-no-blank-lines.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text, _, ok := strings.Cut(string(whole), "Previous read at")
	if !ok {
		t.Fatal("the race report has no previous access")
	}
	file := filepath.Join(t.TempDir(), "race-cut.txt")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "explain", "-module", "example.com/shop", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"### Data race", "Only this goroutine's access could be read from the dump", "`(*Cache).Put`"} {
		if !strings.Contains(out, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "goroutine 6") {
		t.Errorf("the explanation names an access the dump does not show:\n%s", out)
	}
}

// explainShop explains the synthetic dump name as a crash of
// example.com/shop, offline, and checks that stderr holds every one of
// logged and the explanation every one of says.
func explainShop(t *testing.T, name string, logged, says []string) string {
	t.Helper()
	noModelEnv(t)
	code, out, errOut := runCLI(t, "", "explain", "-module", "example.com/shop", syntheticDump(t, name))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range logged {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q: %s", want, errOut)
		}
	}
	for _, want := range says {
		if !strings.Contains(out, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, out)
		}
	}
	return out
}

// TestExplainOneLineFrames explains a stack as a log service shows it, one
// "at function (file:line)" line per frame under the logged panic: the
// frames are read as one goroutine's, with a warning, and the explanation
// places the failure in the app's innermost frame.
func TestExplainOneLineFrames(t *testing.T) {
	explainShop(t, "one-line-frames.txt",
		[]string{"6 frames, 2 of them the app's", "its frames were read as one goroutine's"},
		[]string{"### Index out of range", "**Where:** `products.go:41` in `(*Server).showProduct`", "`(*Server).routes.func2` at `routes.go:17`"})
}

// TestExplainRecovererStack explains the stack gin's Recovery prints
// ("file.go:41 (0x6b2f1a)" lines, each with "\tFunction: source" under
// it, after the request it dumps): the panic's message, the app's frame
// by its file's place in the module, and the framework's frames.
func TestExplainRecovererStack(t *testing.T) {
	explainShop(t, "gin-recovery.txt",
		[]string{"6 frames, 1 of them the app's"},
		[]string{"### Index out of range [3]", "**Where:** `posts.go:41` in `(*Server).showPost`", "of length 3"})
}

// TestExplainHTTP2PanicServing reads the message of the line the HTTP/2
// server logs for a handler's panic ("http2: panic serving ...").
func TestExplainHTTP2PanicServing(t *testing.T) {
	if out := explainShop(t, "http2-panic-serving.txt", nil, []string{"unsupported type <nil>"}); strings.Contains(out, "not in the paste") {
		t.Errorf("the panic's message was not read:\n%s", out)
	}
}

// TestExplainPanicAfterARecoveredOne explains a panic recovered by code
// that then panicked with another value: the failure explained is the one
// the trace places (the interface conversion in quantity), and the second
// panic is named as the recovering code's.
func TestExplainPanicAfterARecoveredOne(t *testing.T) {
	out := explainShop(t, "recovered-then-other-panic.txt",
		[]string{"which then panicked again with another value (send on closed channel)"},
		[]string{"### Failed interface conversion", "**Where:** `order.go:23` in `quantity`", "holds a `string`, not an `int`."})
	if strings.Contains(out, "[recovered]") || strings.Contains(out, "closed channel") {
		t.Errorf("the explanation mixes the two panics:\n%s", out)
	}
}

// TestExplainStackPrintedWhileRecovering: a stack the app's deferred code
// printed with runtime/debug.Stack is no second panic.
func TestExplainStackPrintedWhileRecovering(t *testing.T) {
	out := explainShop(t, "debug-stack-in-recover.txt",
		[]string{"The stack was printed by the app's deferred code while the panic was being handled"},
		[]string{"**Where:** `set.go:281` in `(*Set).Split`"})
	if strings.Contains(out, "panicked again") {
		t.Errorf("a printed stack is called a second panic:\n%s", out)
	}
}
