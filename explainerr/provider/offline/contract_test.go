package offline_test

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"github.com/explainerr/explainerr/explainerr/provider/providertest"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestProviderContract runs the provider contract suite against the
// offline analyzer and its stand-in.
func TestProviderContract(t *testing.T) {
	req := provider.Request{Report: redact.Seal(&report.Report{
		Error:  report.Error{Kind: report.KindPanic, Type: "runtime.Error", Message: "assignment to entry in nil map"},
		Frames: []report.Frame{{Function: "example.com/shop.(*Cart).Add", File: "/src/shop/cart.go", Line: 21, Kind: report.FrameApp}},
	}, nil)}
	for _, p := range []provider.Provider{offline.New(), offline.NewStandIn()} {
		if err := providertest.TestProvider(p, req); err != nil {
			t.Error(err)
		}
	}
}
