package respcapture

import (
	"runtime"
	"time"
)

// The writer's gate (Writer.gate) is what makes the cut-off exact. Every
// call that reads or changes the writer's state, its failure record or the
// client's writer enters the gate and leaves it when done; when the handler
// returns or panics, the middleware closes the gate before it looks at
// anything the calls recorded, and waits for the calls still in progress
// (from goroutines the handler left running: its own calls have
// returned). A call either completes before the cut-off, and counts as the
// handler's, or is dropped and told so; none runs while the middleware
// answers the failure.
const (
	// gateClosed: the handler has returned; calls are dropped.
	gateClosed uint32 = 1 << 31
	// gateWarned: a dropped call was logged (once per request).
	gateWarned uint32 = 1 << 30
	// gateCalls masks the count of calls in progress.
	gateCalls = gateWarned - 1
)

// Enter reports whether a call may go on: the gate is open. A call that
// enters must Leave (deferred, so that a panic in the client's writer
// leaves too). The middleware records the request body its handler reads
// through the same gate.
func (w *Writer) Enter() bool {
	if w.gate.Load()&gateClosed != 0 {
		return false
	}
	if w.gate.Add(1)&gateClosed == 0 {
		return true
	}
	// Closed between the two: the middleware may be waiting on this count.
	w.gate.Add(^uint32(0))
	return false
}

// Leave ends a call that entered.
func (w *Writer) Leave() { w.gate.Add(^uint32(0)) }

// closed reports whether the handler has returned.
func (w *Writer) closed() bool { return w.gate.Load()&gateClosed != 0 }

// Close cuts the writer off: calls from now on are dropped. It returns
// once no call is in progress, so that what the calls recorded is complete
// and the client's writer is the middleware's alone. It is called once,
// by the middleware, on the handler's goroutine.
func (w *Writer) Close() {
	if w.gate.Add(gateClosed)&gateCalls != 0 {
		w.drain()
	}
}

// drain waits until the calls in progress have left. They are calls from
// goroutines the handler left running that entered just before the gate
// closed; a call into the client's writer can block as long as the
// connection does, so the wait yields, then sleeps.
func (w *Writer) drain() {
	for i := 0; w.gate.Load()&gateCalls != 0; i++ {
		if i < 64 {
			runtime.Gosched()
			continue
		}
		time.Sleep(time.Duration(min(i, 1000)) * time.Microsecond)
	}
}

// warnOnce reports whether this is the first dropped call to be logged.
func (w *Writer) warnOnce() bool { return w.gate.Or(gateWarned)&gateWarned == 0 }
