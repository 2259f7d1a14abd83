package explainerr_test

import (
	"context"
	"sync"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/report"
)

// gateProvider is a provider that records the reports it is asked to
// explain and, when gate is not nil, answers only once gate is closed: a
// model call that takes as long as the test wants.
type gateProvider struct {
	gate chan struct{}

	mu      sync.Mutex
	reports []report.Error
}

func (p *gateProvider) Name() string  { return "gate" }
func (p *gateProvider) Model() string { return "" }

func (p *gateProvider) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	p.mu.Lock()
	p.reports = append(p.reports, req.Report.Report().Error)
	p.mu.Unlock()
	if p.gate != nil {
		select {
		case <-p.gate:
		case <-ctx.Done():
			return provider.Result{}, ctx.Err()
		}
	}
	return provider.Result{Text: "gate explanation"}, nil
}

// errors returns the errors of the reports explained so far.
func (p *gateProvider) errors() []report.Error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]report.Error(nil), p.reports...)
}
