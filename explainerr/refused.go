package explainerr

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// refusedQueueLimit bounds how many failures of clients the guard refused
// wait to be reported; beyond it they are dropped and counted.
const refusedQueueLimit = 32

// refusedFailure is the failure of a client that gets no report, as its
// request left it: the report made from the request, the writer and the
// stack (not prepared yet), why the client got none, and where the report
// will be kept.
type refusedFailure struct {
	rep   *report.Report
	known *redact.Known // the request's own secrets
	note  string
	link  reportLink
}

// refusedQueue holds the failures of refused clients until one goroutine,
// started when the first arrives and gone once none wait, reports them one
// at a time: so that a refused client's response never waits for a report
// (nor tells by its timing which failures are reported), and a client
// anywhere that causes failures at its own rate gets at most one report
// made at a time, with at most refusedQueueLimit waiting.
type refusedQueue struct {
	// ctx is given to each report's preparation; Close cancels it, so that
	// the failures still waiting are reported without retrieval.
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	waiting []refusedFailure
	idle    chan struct{} // closed when the running worker returns; nil when none runs
	closed  bool
	dropped int  // dropped since a reported failure last said how many
	warned  bool // the drops since the queue was last empty were logged
}

func newRefusedQueue() *refusedQueue {
	ctx, cancel := context.WithCancel(context.Background())
	return &refusedQueue{ctx: ctx, cancel: cancel}
}

// queueRefused hands f to the worker without waiting for anything. When
// refusedQueueLimit failures already wait, or the Explainer is closed, f is
// dropped: the next failure reported says how many were, and the first
// drop since the queue was last empty is logged as one warning. f's link
// is reserved in the history only once its report is about to be logged,
// so a dropped or waiting failure leaves no reservation behind.
func (ex *Explainer) queueRefused(f refusedFailure) {
	q := ex.refused
	q.mu.Lock()
	if q.closed || len(q.waiting) >= refusedQueueLimit {
		q.dropped++
		warn, closed := !q.warned, q.closed
		q.warned = true
		q.mu.Unlock()
		if warn {
			ex.warnDropped(closed)
		}
		return
	}
	q.waiting = append(q.waiting, f)
	if q.idle == nil {
		q.idle = make(chan struct{})
		go ex.reportRefusedFailures(q.idle)
	}
	q.mu.Unlock()
}

// warnDropped logs that failures of refused clients are being dropped.
func (ex *Explainer) warnDropped(closed bool) {
	if closed {
		ex.log.Warn("explainerr: the Explainer is closed: failures of clients that get no report are no longer logged or kept")
		return
	}
	ex.log.Warn("explainerr: failures of clients that get no report come faster than they can be reported: "+
		"those beyond the ones waiting are dropped, and the next one logged says how many",
		slog.Int("waiting", refusedQueueLimit))
}

// reportRefusedFailures is the worker: it reports the waiting failures in
// the order they came and returns, closing idle, once none wait.
func (ex *Explainer) reportRefusedFailures(idle chan struct{}) {
	q := ex.refused
	for {
		q.mu.Lock()
		if len(q.waiting) == 0 {
			q.waiting, q.idle = nil, nil
			if !q.closed {
				// A later burst of drops is logged again.
				q.warned = false
			}
			q.mu.Unlock()
			close(idle)
			return
		}
		f := q.waiting[0]
		q.waiting[0] = refusedFailure{}
		q.waiting = q.waiting[1:]
		dropped := q.dropped
		q.dropped = 0
		q.mu.Unlock()
		ex.reportRefused(q.ctx, f, dropped)
	}
}

// reportRefused seals and prepares the report of f without a model call,
// logs it and keeps it in the history, marked refused; dropped failures
// were dropped while it waited. A panic (a logger's handler, say) costs
// this report, never the program: the report's reservation is given up.
func (ex *Explainer) reportRefused(ctx context.Context, f refusedFailure, dropped int) {
	if p := catch(func() {
		s := ex.seal(f.rep, f.known)
		if p := catch(func() { s = ex.Prepare(ctx, s) }); p != nil {
			s = s.WithNotices(fmt.Sprintf("preparing the report failed: %s", safeSprint(p)))
		}
		if dropped > 0 {
			s = s.WithNotices(droppedNotice(dropped))
		}
		// The logged link waits for the report from now on.
		ex.history.Reserve(f.link.id)
		ex.logFailure(s, f.note, f.link.attr())
		// The history shows the developer why this one was not explained.
		ex.rememberRefused(f.link, s.WithNotices("Not explained: "+f.note+". A client that may not see the report causes no model call."))
	}); p != nil {
		ex.history.Abandon(f.link.id)
	}
}

// droppedNotice says that n failures of refused clients were dropped while
// the one reported waited.
func droppedNotice(n int) string {
	what := fmt.Sprintf("%d more failures of clients that got no report were", n)
	if n == 1 {
		what = "1 more failure of a client that got no report was"
	}
	return fmt.Sprintf("%s dropped unreported while this one waited: they came faster than they could be reported (at most %d wait).", what, refusedQueueLimit)
}

// wait returns once no worker runs: the failures queued before the call
// are reported.
func (q *refusedQueue) wait() {
	q.mu.Lock()
	idle := q.idle
	q.mu.Unlock()
	if idle != nil {
		<-idle
	}
}

// close drops the failures of refused clients from now on, cancels the
// preparation of the ones waiting and waits until they are reported.
func (q *refusedQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cancel()
	q.wait()
}
