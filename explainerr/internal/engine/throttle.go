package engine

import "time"

// throttle allows at most calls model calls in any window of time (a
// sliding window). It is not safe for concurrent use: the engine's mutex
// guards it.
type throttle struct {
	calls  int
	window time.Duration
	starts []time.Time // start times of the calls in the current window, oldest first
}

// newThrottle returns a throttle; calls < 0 allows everything.
func newThrottle(calls int, window time.Duration) *throttle {
	return &throttle{calls: calls, window: window}
}

// allow records a call at now when one is allowed; otherwise it reports
// how long until the next one is.
func (t *throttle) allow(now time.Time) (bool, time.Duration) {
	if t.calls < 0 {
		return true, 0
	}
	keep := t.starts[:0]
	for _, s := range t.starts {
		if now.Sub(s) < t.window {
			keep = append(keep, s)
		}
	}
	t.starts = keep
	if len(t.starts) >= t.calls {
		return false, t.starts[0].Add(t.window).Sub(now)
	}
	t.starts = append(t.starts, now)
	return true, 0
}
