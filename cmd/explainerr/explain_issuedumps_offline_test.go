package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/crashdumps"
)

// explainIssueDump explains with the offline analyzer the dump named file
// of those pasted in GitHub issues that package stack keeps in
// testdata/issuedumps, with the app module of its label, and returns the
// explanation.
func explainIssueDump(t *testing.T, file string) string {
	t.Helper()
	noModelEnv(t)
	dir := filepath.Join(repoRoot(t), "explainerr", "stack", "testdata", "issuedumps")
	for _, d := range crashdumps.LoadDir(t, dir) {
		if d.File != file {
			continue
		}
		code, out, errOut := runCLI(t, "", "explain", "-module", d.AppModule, filepath.Join(dir, d.File))
		if code != 0 {
			t.Fatalf("%s: exit %d\nstderr: %s", file, code, errOut)
		}
		return out
	}
	t.Fatalf("%s is not listed in %s", file, filepath.Join(dir, "index.jsonl"))
	return ""
}

// issueDumpCase is what the offline explanation of one dump pasted in a
// GitHub issue must and must not say.
type issueDumpCase struct {
	file      string
	want, not []string
}

// checkIssueDumps explains each case's dump and checks its text.
func checkIssueDumps(t *testing.T, cases []issueDumpCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			out := explainIssueDump(t, c.file)
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("the explanation lacks %q:\n%s", w, out)
				}
			}
			for _, b := range c.not {
				if strings.Contains(out, b) {
					t.Errorf("the explanation says %q:\n%s", b, out)
				}
			}
		})
	}
}

// TestExplainIssueDumpsGenericMethodNames explains a race report whose
// frames name generic methods with their instantiation's shapes in full:
// the short names keep the method whole, its type arguments written as
// "[...]".
func TestExplainIssueDumpsGenericMethodNames(t *testing.T) {
	checkIssueDumps(t, []issueDumpCase{{
		file: "14_typescript-go-race-generic-shapes.txt",
		want: []string{"`(*fileLoaderWorker[...]).start`"},
		not:  []string{"parseTask]", "go.shape"},
	}})
}

// TestExplainIssueDumpsInitializerClosure explains a panic in a function
// literal of a package-level variable's initializer ("glob..func6"): it is
// named as such, not as a literal inside a function "glob.".
func TestExplainIssueDumpsInitializerClosure(t *testing.T) {
	checkIssueDumps(t, []issueDumpCase{{
		file: "24_cntb-index-glob-func-builds-path.txt",
		want: []string{"`glob..func6` (a function literal in the initializer of a package-level variable)"},
		not:  []string{"inside `glob.`"},
	}})
}

// TestExplainIssueDumpsNilInterfaceConversion explains failed conversions
// of a nil interface whose assertion's source is not at hand: the fixes
// start with the two-result form, and the alternative follows it.
func TestExplainIssueDumpsNilInterfaceConversion(t *testing.T) {
	var cases []issueDumpCase
	for _, f := range []string{
		"38_consul-alerts-godeps-workspace-journald.txt",
		"43_granted-interface-conversion-ci-paths.txt",
		"44_smartthings-influx-docker-src-paths.txt",
		"45_kudo-created-by-stdlib-os-exec.txt",
	} {
		cases = append(cases, issueDumpCase{
			file: f,
			want: []string{
				"**Why:** The type assertion failed: the interface holds no value at all",
				"**How to fix it:**\n\n- Use the two-result form of the type assertion that failed, which reports a mismatch in a boolean instead of panicking.\n- Or make sure a value is always stored",
			},
		})
	}
	checkIssueDumps(t, cases)
}

// TestExplainIssueDumpsBoundsWithoutIndexes explains bounds panics of Go
// before 1.13, whose messages give no index, bounds or length: they are
// explained as bounds errors, saying that the dump does not tell which.
func TestExplainIssueDumpsBoundsWithoutIndexes(t *testing.T) {
	slice := []string{
		"### Slice bounds out of range\n",
		"A slice expression asked for bounds outside what the slice, array or string holds, or a start after the end.",
		"The message gives neither the bounds nor the length (Go releases before 1.13 did not print them), so the dump does not tell which bound was wrong.",
		"- Check `len` (or `cap`) before slicing",
	}
	not := []string{"does not recognise", "[]"}
	checkIssueDumps(t, []issueDumpCase{
		{file: "21_gitstreak-slice-bounds-interleaved-prompt.txt", want: append(slice, "`main.go:68` in `handlePath`"), not: not},
		{file: "22_goreporter-slice-bounds-log-prefix.txt", want: append(slice, "`utils.go:87` in `PackageAbsPathExceptSuffix`"), not: not},
		{file: "23_scummatlas-gopath-module-without-dot.txt", want: append(slice, "`game.go:189` in `(*Game).processIndex`"), not: not},
		{file: "46_start-prompt-and-trailing-quote-garbage.txt", want: []string{
			"### Index out of range\n",
			"`command.go:245` in `readCommand`",
			"An index expression used an index outside the slice, array or string it reads: below 0, or not below its length.",
			"The message gives neither the index nor the length (Go releases before 1.13 did not print them), so the dump does not tell which index it was.",
			"- Check the length with `len` before indexing",
		}, not: not},
	})
}

// TestExplainIssueDumpsCgoSignal explains a fatal signal raised in C code
// called through cgo: the C function and the Go package that called it,
// the faulting address close to 0, and the app's call that led there.
func TestExplainIssueDumpsCgoSignal(t *testing.T) {
	checkIssueDumps(t, []issueDumpCase{{
		file: "28_postfix-exporter-cgo-sigsegv-docker-root.txt",
		want: []string{
			"### Crash in C code called through cgo",
			"The program got signal 0xb (address 0x68) while this goroutine was running the C function `my_sd_journal_open` through cgo, called by `sdjournal.NewJournal`.",
			"the dump does not show the C line that failed",
			"The faulting address 0x68 is close to 0",
			"Start from the app's call at `systemd.go:29` in `NewJournal`",
		},
		not: []string{"does not recognise"},
	}})
}

// TestExplainIssueDumpsDataRace explains race detector reports: both
// accesses are named by the function and file:line of their first app
// frame, with the usual ways to synchronize them, also when the paste
// lost the blank lines between the report's sections.
func TestExplainIssueDumpsDataRace(t *testing.T) {
	race := func(this, other string) []string {
		return []string{
			"### Data race",
			"Two goroutines accessed the same memory, at least one of them writing, with nothing ordering the accesses",
			this,
			other,
			"guard every access with the same `sync.Mutex`, hand the value from one goroutine to the other over a channel, or, for a single counter or flag, use the `sync/atomic` package",
		}
	}
	not := []string{"does not recognise"}
	checkIssueDumps(t, []issueDumpCase{
		{file: "11_matrixone-data-race-goetty.txt", not: not, want: race(
			"- this goroutine's access at `routine_manager.go:104` in `(*RoutineManager).Handler`",
			"- goroutine 121's previous write at `mysql_protocol.go:1685` in `(*MysqlProtocolImpl).writePackets`")},
		{file: "14_typescript-go-race-generic-shapes.txt", not: not, want: race(
			"- this goroutine's access at `parsetask.go:145` in `(*parseTask).isFromExternalLibrary`",
			"- goroutine 546's previous write at `parsetask.go:149` in `(*parseTask).markFromExternalLibrary`")},
		{file: "15_memtierd-race-runtime-top-gowrap.txt", not: not, want: race(
			"- this goroutine's access at `tracker_idlepage.go:241` in `(*TrackerIdlePage).sampler`",
			"- goroutine 8's previous write at `tracker_idlepage.go:127` in `(*TrackerIdlePage).addRanges`")},
		{file: "17_cothority-race-html-details-pre.txt", not: append(not, "Only this goroutine's access could be read"), want: race(
			"**Where:** `propagate_test.go:38` in `TestPropagate.func1`",
			"- goroutine 86's previous write at `propagate_test.go:38` in `TestPropagate.func1`")},
	})
}

// TestExplainIssueDumpsTestTimeout explains test timeouts: where the test's
// goroutine waits when the dump shows it (Go before 1.20 names no test in
// the message: the goroutine does), and, when the paste lacks it, that the
// dump does not include it, never blaming the testing package's timer.
func TestExplainIssueDumpsTestTimeout(t *testing.T) {
	checkIssueDumps(t, []issueDumpCase{
		{file: "07_hive-sync-test-timeout-go114.txt",
			want: []string{"### Test timed out after 10m0s: `TestSync`", "The test waits at `sync_test.go:124` in `TestSync`",
				"It is blocked inside `testing.(*T).Run`", "goroutine 1 waits (chan receive) in `RunTestSuite`"},
			not: []string{"does not recognise", "raised inside"}},
		{file: "09_tiproxy-test-timeout-no-blank-lines.txt",
			want: []string{"### Test timed out after 10m0s: `TestForwardUntilError`", "The dump does not include the goroutine of the test that was running (`TestForwardUntilError`)",
				"is the testing package's timer that ended the run, not the cause", "had been running for 9m53s", "Run `TestForwardUntilError` alone"},
			not: []string{"does not recognise", "No frame of the app's own code"}},
		{file: "10_mimir-test-timeout-vendor-glog.txt",
			want: []string{"### Test timed out after 30m0s", "The dump does not include the goroutine of the test"},
			not:  []string{"does not recognise"}},
	})
}
