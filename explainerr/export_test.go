package explainerr

import (
	"net/http"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/retrieval"
)

// Unlinked makes New behave, until t ends, as it does in a program that
// links neither the model client nor retrieval.
func Unlinked(t testing.TB) {
	lookupIndexOpener = func() retrieval.Opener { return nil }
	lookupProvider = func(string) (provider.Opener, bool) { return nil, false }
	t.Cleanup(func() {
		lookupIndexOpener = retrieval.Lookup
		lookupProvider = provider.Lookup
	})
}

// ServeFailure answers r as the middleware answers a failed request, from
// rep instead of a report made from a panic: the guard's decision, the
// report completed from r, the seal, the preparation, the explanation and
// every sink run as for a real failure.
func (ex *Explainer) ServeFailure(rw http.ResponseWriter, r *http.Request, rep *report.Report) {
	w := ex.responses.Init(&respcapture.Writer{}, rw)
	w.Close()
	ex.handleFailure(w, r, &entry{}, guard.Admit(r), rep)
}

// RefusedQueueLimit is how many failures of refused clients wait to be
// reported before more are dropped.
const RefusedQueueLimit = refusedQueueLimit

// AwaitRefused returns once the failures of refused clients queued so far
// are logged and kept in the history.
func (ex *Explainer) AwaitRefused() { ex.refused.wait() }

// ValueCallsRunning is how many calls on the app's values are running, over
// all failures (valuecalls.go), including those left running.
func ValueCallsRunning() int { return len(running.all) }
