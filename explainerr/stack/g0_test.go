package stack

import "testing"

// TestParseDumpSignalSkipsG0 parses a dump on SIGQUIT whose first
// goroutine is the scheduler's g0 ("goroutine 0 [idle]"): the first user
// goroutine is chosen instead, whether or not the app's frames are known.
func TestParseDumpSignalSkipsG0(t *testing.T) {
	for _, module := range []string{"example.com/misc", "example.com/other"} {
		d := parseFile(t, "testdata/dumps/sigquit-g0.txt", NewClassifier(module))
		if d.Goroutine != 1 || !d.Ambiguous {
			t.Errorf("-module %s: goroutine %d (%s), want 1, the first user goroutine", module, d.Goroutine, d.Reason)
		}
	}
}
