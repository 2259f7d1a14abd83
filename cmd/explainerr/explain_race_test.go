package main

import (
	"strings"
	"testing"
)

// TestExplainRaceShowsBothAccesses explains a race report whose access is
// by the main goroutine: it parses, and the other side of the race (the
// worker's previous write) reaches the prompt.
func TestExplainRaceShowsBothAccesses(t *testing.T) {
	noModelEnv(t)
	file := movedDump(t, syntheticDump(t, "race-maingoroutine.txt"), t.TempDir())
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/racy", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, user, trace := splitPrompt(t, out)
	if !strings.Contains(trace, "WARNING: DATA RACE") || !strings.Contains(trace, "example.com/racy/stats.(*Counter).Get") {
		t.Errorf("trace:\n%s", trace)
	}
	for _, want := range []string{"goroutine 8 [previous write at 0x00c0000180f8", "example.com/racy/stats.(*Counter).Inc", "created by example.com/racy/stats.Hammer"} {
		if !strings.Contains(user, want) {
			t.Errorf("prompt lacks %q:\n%s", want, user)
		}
	}
}

// TestExplainPanicAfterRace explains race reports followed by a panic: the
// panic is the failure, the races are noted and shown as context.
func TestExplainPanicAfterRace(t *testing.T) {
	noModelEnv(t)
	file := movedDump(t, syntheticDump(t, "race-panic.txt"), t.TempDir())
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/racy", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, user, trace := splitPrompt(t, out)
	if !strings.HasPrefix(trace, "panic: counter mismatch") || !strings.Contains(trace, "example.com/racy/stats.Check") {
		t.Errorf("trace:\n%s", trace)
	}
	if !strings.Contains(user, "goroutine 10 [write at 0x00c00009e028") {
		t.Errorf("prompt lacks the race:\n%s", user)
	}
	if !strings.Contains(errOut, "goroutine 1 [running] failed") || !strings.Contains(errOut, "3 data race(s) before the failure") || strings.Contains(errOut, "could not be parsed") {
		t.Errorf("stderr: %s", errOut)
	}
}
