package logcapture

import "testing"

// linesSince returns the texts of the lines this goroutine wrote after mark.
func linesSince(mark uint64) []string {
	lines, _ := Collect(mark)
	var out []string
	for _, l := range lines {
		out = append(out, l.Text)
	}
	return out
}

func TestGoroutineID(t *testing.T) {
	ids := make(chan uint64, 2)
	for range 2 {
		go func() { ids <- goroutineID() }()
	}
	a, b, me := <-ids, <-ids, goroutineID()
	if a == 0 || b == 0 || me == 0 || a == b || a == me || b == me || me != goroutineID() {
		t.Errorf("goroutine ids %d, %d and %d (twice %d)", a, b, me, goroutineID())
	}
}
