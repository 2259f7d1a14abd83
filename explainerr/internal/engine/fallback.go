package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// withFallback returns ex, or, when the model produced no text because its
// call failed, timed out or was throttled, the fallback provider's
// explanation in its place: Provider and Model then name the fallback,
// Fallback says why it was used, and Error keeps the model's failure. A
// partial answer the model streamed before failing is kept as it is
// (labelled incomplete by its Error): it is the model's and was already
// shown.
func (e *Engine) withFallback(ctx context.Context, s redact.Sealed, ex report.Explanation) report.Explanation {
	fb := e.cfg.Fallback
	if ex.Error == "" || strings.TrimSpace(ex.Text) != "" || s.IsZero() || fb == nil ||
		e.cfg.Provider == nil || e.cfg.Provider.Name() == fb.Name() {
		return ex
	}
	text, err := runFallback(ctx, fb, s)
	if err != nil || strings.TrimSpace(text) == "" {
		return ex
	}
	ex.Fallback = fallbackLabel(ex, fb.Name())
	ex.Provider, ex.Model, ex.Text = fb.Name(), fb.Model(), text
	return ex
}

// runFallback asks fb for its explanation of r. The request's cancellation
// does not stop it (a failure logged after the client left still gets
// one), and a panic in it is an error.
func runFallback(ctx context.Context, fb provider.Provider, s redact.Sealed) (text string, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the %s fallback failed unexpectedly: %v", fb.Name(), v)
		}
	}()
	res, err := fb.Explain(context.WithoutCancel(ctx), provider.Request{Report: s}, nil)
	return res.Text, err
}

// fallbackLabel says why the fallback made the explanation: "The model call
// to gpt-4o-mini failed: …; this is the offline analysis."
func fallbackLabel(ex report.Explanation, fallback string) string {
	what := "the " + fallback + " explanation"
	if fallback == "offline" {
		what = "the offline analysis"
	}
	model := ex.Provider
	if ex.Model != "" {
		model = ex.Model
	}
	reason := strings.TrimSuffix(strings.TrimSpace(ex.Error), ".")
	if ex.Throttled {
		return fmt.Sprintf("The model %s was not called: %s; this is %s.", model, strings.TrimPrefix(reason, "not explained: "), what)
	}
	return fmt.Sprintf("The model call to %s failed: %s; this is %s.", model, reason, what)
}
