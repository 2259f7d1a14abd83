package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// checkFallback asserts that ex is the offline analysis standing in for a
// failed model call, labelled with a reason that starts with label.
func checkFallback(t *testing.T, ex report.Explanation, label string) {
	t.Helper()
	if !strings.HasPrefix(ex.Fallback, label) || !strings.HasSuffix(ex.Fallback, "; this is the offline analysis.") {
		t.Errorf("fallback label %q, want it to start with %q and end by naming the offline analysis", ex.Fallback, label)
	}
	if ex.Provider != "offline" || ex.Model != "" || strings.TrimSpace(ex.Text) == "" || ex.Error == "" {
		t.Errorf("fallback explanation %+v, want the offline provider's text and the model's error", ex)
	}
	if strings.Contains(ex.Text, offline.Footer) {
		t.Errorf("the fallback text tells to configure a model, which is configured:\n%s", ex.Text)
	}
}

// panicReport is a report the offline analyzer has something to say about.
func panicReport(fingerprint string) *report.Report {
	r := testReport(fingerprint)
	r.Error = report.Error{Kind: report.KindPanic, Type: "runtime.boundsError", Message: "runtime error: index out of range [3] with length 3"}
	return r
}

func TestFailedModelCallFallsBackToTheOfflineAnalysis(t *testing.T) {
	e, srv := newEngine(t, Config{}, fakeopenai.Status(500, "the model crashed"), fakeopenai.Reply("the model's answer"))
	r := panicReport("fb")
	ex := explainReport(e, context.Background(), r, nil)
	checkFallback(t, ex, "The model call to gpt-4o-mini failed: the model server at "+srv.URL)
	if !strings.Contains(ex.Fallback, "the model crashed") || !strings.Contains(ex.Error, "the model crashed") {
		t.Errorf("the reason is lost: fallback %q, error %q", ex.Fallback, ex.Error)
	}
	if want := strings.TrimRight(strings.TrimSuffix(strings.TrimRight(offline.Analyze(r), "\n"), offline.Footer), "\n"); strings.TrimSpace(ex.Text) != want {
		t.Errorf("fallback text is not the offline analysis of the report:\n%s\nwant:\n%s", ex.Text, want)
	}
	// The fallback is not cached as the model's answer.
	if next := explainReport(e, context.Background(), r, nil); next.Text != "the model's answer" || next.Fallback != "" || next.Cached {
		t.Errorf("after the model recovered: %+v", next)
	}
}

func TestPartialAnswerIsKeptInsteadOfTheFallback(t *testing.T) {
	e, _ := newEngine(t, Config{}, fakeopenai.Cut("first second third fourth", 2))
	ex := explainReport(e, context.Background(), panicReport("partial"), func(string) {})
	if ex.Fallback != "" || ex.Provider != "openai" || ex.Text == "" || !strings.Contains(ex.Error, "incomplete") {
		t.Errorf("a partial model answer was replaced: %+v", ex)
	}
}

func TestAbandonedCallStillGetsTheFallback(t *testing.T) {
	e, _ := newEngine(t, Config{}, fakeopenai.Reply("late").WithDelay(5*time.Second))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	ex := explainReport(e, ctx, panicReport("gone"), nil)
	checkFallback(t, ex, "The model call to gpt-4o-mini failed: the explanation was abandoned because the request ended first")
}

// failingProvider fails every call, or panics when panics is set.
type failingProvider struct {
	name   string
	panics bool
}

func (p failingProvider) Name() string  { return p.name }
func (p failingProvider) Model() string { return "" }
func (p failingProvider) Explain(context.Context, provider.Request, func(string)) (provider.Result, error) {
	if p.panics {
		panic("fallback exploded")
	}
	return provider.Result{}, errors.New(p.name + " failed")
}

func TestFailingFallbackLeavesTheModelError(t *testing.T) {
	for _, fb := range []failingProvider{{name: "spare"}, {name: "spare", panics: true}} {
		e := New(Config{Provider: failingProvider{name: "model"}, Fallback: fb})
		ex := explainReport(e, context.Background(), panicReport("x"), nil)
		if ex.Fallback != "" || ex.Text != "" || ex.Provider != "model" || ex.Error != "model failed" {
			t.Errorf("fallback %+v: explanation %+v, want the model's error alone", fb, ex)
		}
	}
}

func TestNoFallbackGivenLeavesTheModelError(t *testing.T) {
	e := New(Config{Provider: failingProvider{name: "model"}})
	ex := explainReport(e, context.Background(), panicReport("x"), nil)
	if ex.Fallback != "" || ex.Text != "" || ex.Provider != "model" || ex.Error != "model failed" {
		t.Errorf("without a fallback: explanation %+v, want the model's error alone", ex)
	}
}

func TestOfflineProviderHasNoFallback(t *testing.T) {
	e := New(Config{Provider: failingProvider{name: "offline"}, Fallback: offline.NewStandIn()})
	if ex := explainReport(e, context.Background(), panicReport("x"), nil); ex.Fallback != "" || ex.Error == "" {
		t.Errorf("the offline analyzer fell back to itself: %+v", ex)
	}
}
