package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// NoModelForFollowUp is the error of a follow-up question asked when no
// model is configured: the offline analyzer cannot answer questions.
const NoModelForFollowUp = "follow-up questions need a model, and none is configured (the offline analysis stands in)"

// CanFollowUp reports whether follow-up questions can be asked: the
// provider is a model, not the offline analyzer.
func (e *Engine) CanFollowUp() bool {
	p := e.cfg.Provider
	return p != nil && p.Name() != "offline"
}

// FollowUp asks the model a follow-up question about the failure r: p is
// the follow-up prompt (see prompt.FollowUp), sent instead of r's own.
// onDelta, when not nil, receives the answer as it streams. Like Explain,
// FollowUp never fails: a failure is described in the returned
// Explanation's Error, next to any partial text.
//
// A follow-up is throttled together with the explanations (they share the
// limit on model calls) and bounded by the same timeout; it ends early
// when ctx is done (the developer closed the page). It is neither cached
// nor shared, and a failed call has no fallback: the offline analyzer
// answers no questions.
func (e *Engine) FollowUp(ctx context.Context, s redact.Sealed, p report.Prompt, onDelta func(string)) report.Explanation {
	start := e.cfg.Now()
	if !e.CanFollowUp() {
		ex := report.Explanation{Error: NoModelForFollowUp}
		if prov := e.cfg.Provider; prov != nil {
			ex.Provider, ex.Model = prov.Name(), prov.Model()
		}
		return ex
	}
	prov := e.cfg.Provider
	e.mu.Lock()
	ok, next := e.throttle.allow(e.cfg.Now())
	e.mu.Unlock()
	if !ok {
		return report.Explanation{
			Provider: prov.Name(), Model: prov.Model(), Throttled: true, DurationMS: e.since(start),
			Error: fmt.Sprintf("not asked: the limit of %d model calls per %s was reached, so no call was made (the next is possible in %s)",
				e.cfg.ThrottleCalls, e.cfg.ThrottleWindow, (next + time.Second - 1).Truncate(time.Second)),
		}
	}
	// The provider sees the failure's report with the follow-up prompt in
	// place of the first one, redacted on its way into the sealed report
	// (it holds the developer's question); s itself is not changed.
	asked := s.Amend(func(r *report.Report) { r.Prompt = p })
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	ex := e.call(ctx, asked, onDelta)
	if ex.Error != "" && ctx.Err() == context.Canceled {
		ex.Error = "the question was abandoned because the page closed the connection first (" + ex.Error + ")"
	}
	ex.DurationMS = e.since(start)
	return ex
}
