package engine

import (
	"context"
	"sync"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// flight is one model call shared by every caller that asked for the same
// key while it ran. It keeps the streamed pieces so that a caller who
// joins late first receives what was already produced, then follows live.
type flight struct {
	key    string
	cancel context.CancelFunc
	// waiters counts the callers waiting for the flight; guarded by the
	// engine's mutex. When it drops to zero the call is canceled.
	waiters int

	mu      sync.Mutex
	deltas  []string
	changed chan struct{} // closed and replaced on every change
	done    bool
	result  report.Explanation
}

// start begins a call for r in its own goroutine and registers it under
// key (when key is not ""). The call's context keeps ctx's values but not
// its cancellation: it ends at the timeout or when every waiter has left.
// e.mu must be held.
func (e *Engine) start(ctx context.Context, key string, s redact.Sealed, stream bool) *flight {
	callCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.Timeout)
	f := &flight{key: key, cancel: cancel, changed: make(chan struct{})}
	if key != "" {
		e.flights[key] = f
	}
	var onDelta func(string)
	if stream {
		onDelta = f.push
	}
	go func() {
		defer cancel()
		ex := e.call(callCtx, s, onDelta)
		e.mu.Lock()
		if ex.Error == "" && ex.Text != "" {
			e.cache.put(key, ex)
		}
		if key != "" && e.flights[key] == f {
			delete(e.flights, key)
		}
		e.mu.Unlock()
		f.finish(ex)
	}()
	return f
}

// push records a streamed piece and wakes the waiters.
func (f *flight) push(s string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.deltas = append(f.deltas, s)
	close(f.changed)
	f.changed = make(chan struct{})
}

// finish records the result and wakes the waiters for the last time.
func (f *flight) finish(ex report.Explanation) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.result, f.done = ex, true
	close(f.changed)
	f.changed = make(chan struct{})
}

// wait follows f until it is done or ctx ends, passing every streamed
// piece to onDelta (when not nil) in order, and returns the result.
func (e *Engine) wait(ctx context.Context, f *flight, onDelta func(string)) report.Explanation {
	defer e.leave(f)
	sent := 0
	for {
		f.mu.Lock()
		pending, changed, done, result := f.deltas[sent:], f.changed, f.done, f.result
		f.mu.Unlock()
		for _, d := range pending {
			if onDelta != nil {
				onDelta(d)
			}
			sent++
		}
		if done {
			if sent == 0 && onDelta != nil && result.Text != "" {
				onDelta(result.Text)
			}
			return cloneExplanation(result)
		}
		select {
		case <-changed:
		case <-ctx.Done():
			f.mu.Lock()
			partial := concat(f.deltas[:sent])
			f.mu.Unlock()
			p := e.cfg.Provider
			return report.Explanation{
				Provider: p.Name(), Model: p.Model(), Text: partial,
				Error: "the explanation was abandoned because the request ended first (" + ctx.Err().Error() + ")",
			}
		}
	}
}

// leave removes a waiter from f; the last one to leave an unfinished call
// cancels it and unregisters it, so that a later caller starts afresh.
func (e *Engine) leave(f *flight) {
	e.mu.Lock()
	defer e.mu.Unlock()
	f.waiters--
	if f.waiters > 0 {
		return
	}
	f.mu.Lock()
	done := f.done
	f.mu.Unlock()
	if !done {
		f.cancel()
		if f.key != "" && e.flights[f.key] == f {
			delete(e.flights, f.key)
		}
	}
}

// concat joins pieces of text.
func concat(pieces []string) string {
	n := 0
	for _, p := range pieces {
		n += len(p)
	}
	b := make([]byte, 0, n)
	for _, p := range pieces {
		b = append(b, p...)
	}
	return string(b)
}

// cloneExplanation copies ex so that callers never share its Usage.
func cloneExplanation(ex report.Explanation) report.Explanation {
	if ex.Usage != nil {
		u := *ex.Usage
		ex.Usage = &u
	}
	return ex
}
