package explainerr

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider"
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

// RefusedQueueLimit is how many failures of refused clients wait to be
// reported before more are dropped.
const RefusedQueueLimit = refusedQueueLimit

// AwaitRefused returns once the failures of refused clients queued so far
// are logged and kept in the history.
func (ex *Explainer) AwaitRefused() { ex.refused.wait() }
