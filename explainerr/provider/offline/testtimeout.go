package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
)

// testTimeoutPass explains a test binary that ran past its -timeout.
var testTimeoutPass = &pass{
	name:    "test-timeout",
	doc:     "A test binary that timed out: the test that was running and where it waits.",
	classes: []Class{ClassTestTimeout},
	needs:   []need{needModule, needGoroutines},
	explain: always((*analysis).testTimeout),
}

// runningTest matches one entry of the "running tests:" list a test
// timeout names: the test (or subtest) and how long it had run.
var runningTest = regexp.MustCompile(`(Test[\w/.=:+-]*|Example\w*|Fuzz\w*)\s+\(([^)\s]+)\)`)

// maxNamedTests bounds how many running tests a headline names.
const maxNamedTests = 3

// runningTests returns the tests a test timeout's message lists as still
// running, each with how long it had run, in order.
func (a *analysis) runningTests() (names, took []string) {
	for _, m := range runningTest.FindAllStringSubmatch(a.f.Captures["tests"], -1) {
		names = append(names, m[1])
		took = append(took, m[2])
	}
	return names, took
}

// whereTestWaits writes the location section of a test timeout: where the
// test's goroutine waits, or that the dump does not show it.
func (a *analysis) whereTestWaits() {
	s := a.s
	if s.Frame == nil {
		text := "The dump does not include the goroutine of the test that was running"
		if names, _ := a.runningTests(); len(names) > 0 {
			text += " (" + code(names[0]) + ")"
		}
		if len(a.r.Frames) > 0 && strings.HasPrefix(a.r.Frames[0].Function, "testing.") {
			f := a.r.Frames[0]
			text += "; the stack shown, " + code(qualifiedShort(f.Function)) + " at " + code(a.fileLoc(f.File, f.Line)) + ", is the testing package's timer that ended the run, not the cause"
		}
		a.d.Where = append(a.d.Where, draft.Item{text + "."})
		return
	}
	at := "The test waits at " + sitePlace(s)
	if s.Frame.File == "" {
		at = "The test waits in " + sitePlace(s)
	}
	if s.Text != "" {
		at += ":\n" + code(s.Text)
	} else if u := siteUnshown(s); u != "" {
		at += u + "."
	} else {
		at += " (its source could not be read)."
	}
	a.d.Where = append(a.d.Where, draft.Item{at})
	if s.Raiser != nil {
		a.d.Where = append(a.d.Where, draft.Item{"It is blocked inside " + code(qualifiedShort(s.Raiser.Function)) + ", which " + siteCaller(s) + " called."})
	}
}

// testTimeout explains "panic: test timed out after …": a test stopped
// making progress, and the testing package ended the binary.
func (a *analysis) testTimeout() {
	after := a.f.Captures["after"]
	names, took := a.runningTests()
	if len(names) == 0 && a.s.Frame != nil && isTestFunc(lastName(a.s.Frame.Function)) {
		// Before Go 1.20 the message names no test: the goroutine does.
		names, took = []string{lastName(a.s.Frame.Function)}, nil
	}
	headline := "Test timed out after " + after
	if len(names) > 0 {
		listed := make([]string, 0, maxNamedTests)
		for _, n := range names[:min(len(names), maxNamedTests)] {
			listed = append(listed, code(n))
		}
		headline += ": " + strings.Join(listed, ", ")
		if len(names) > maxNamedTests {
			headline += " and " + itoa(len(names)-maxNamedTests) + " more"
		}
	}
	a.headline(headline)
	why := "The tests ran past the time go test allows them (its -timeout flag, 10m0s unless set; here " + after + "), and the testing package stopped the whole test binary."
	if len(took) == 1 {
		why += " " + code(names[0]) + " had been running for " + took[0] + "."
	}
	why += " A test that stops making progress is almost always waiting for something that never happens: a receive on a channel nothing sends on, a WaitGroup whose Done is never called, a lock another goroutine holds, or a network call or server that never answers."
	a.why(why)
	if s := a.s; s.Frame != nil {
		a.fix("Look at what the test waits for at " + code(loc(s.File, s.Line)) + ", and make sure the other side (the send, the Done, the Unlock, the answer) happens on every path, error paths included.")
	} else {
		test := "the test"
		if len(names) > 0 {
			test = code(names[0])
		}
		a.fix("Run " + test + " alone with -v and a shorter -timeout, so that the dump it prints shows the test's own goroutine and what it waits for.")
	}
	a.fix("Give blocking calls a deadline (" + code("context.WithTimeout") + ", a select with " + code("time.After") + ", a client timeout), so that a hang fails fast with an error that says where.")
	a.blockedGoroutines()
}

// isTestFunc reports whether name is a test function's ("TestSync"):
// "Test" followed by nothing or by a character that is not a lower-case
// letter, as go test requires.
func isTestFunc(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	return ok && (rest == "" || !('a' <= rest[0] && rest[0] <= 'z'))
}
