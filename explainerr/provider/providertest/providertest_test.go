package providertest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/providertest"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// broken breaks the contract in the ways its fields say.
type broken struct {
	name       string
	empty      bool // neither text nor error
	splitWrong bool // the streamed pieces are not the text
}

func (b broken) Name() string  { return b.name }
func (b broken) Model() string { return "" }
func (b broken) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	if b.empty {
		return provider.Result{}, nil
	}
	if onDelta != nil {
		onDelta("half")
		if !b.splitWrong {
			onDelta(" and half")
		}
	}
	return provider.Result{Text: "half and half"}, nil
}

func request() provider.Request {
	return provider.Request{Report: redact.Seal(&report.Report{
		Error: report.Error{Kind: report.KindPanic, Type: "runtime.Error", Message: "assignment to entry in nil map"},
	}, nil)}
}

// TestTestProviderFindsEachBreach: each broken part of the contract is
// named, and a provider that keeps it passes.
func TestTestProviderFindsEachBreach(t *testing.T) {
	if err := providertest.TestProvider(broken{name: "good"}, request()); err != nil {
		t.Errorf("a provider that keeps the contract: %v", err)
	}
	for _, c := range []struct {
		p    broken
		want string
	}{
		{broken{name: "Not A Name"}, "Name()"},
		{broken{name: "empty", empty: true}, "neither a text nor an error"},
		{broken{name: "split", splitWrong: true}, "pieces given to onDelta"},
	} {
		err := providertest.TestProvider(c.p, request())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming %q", c.p, err, c.want)
		}
	}
}
