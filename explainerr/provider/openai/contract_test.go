package openai

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/providertest"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// TestProviderContract runs the provider contract suite against a fake
// server that streams its answer in pieces and answers a plain call whole.
func TestProviderContract(t *testing.T) {
	p, srv := newProvider(t, Config{MaxRetries: -1})
	srv.Handle(func(fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply("The map in Cart.Add was never made: make it in NewCart.").WithPieces(4, 0)
	})
	if err := providertest.TestProvider(p, provider.Request{Report: redact.Seal(testReport(), nil)}); err != nil {
		t.Error(err)
	}
	if srv.Calls() == 0 {
		t.Error("the suite made no call of the server")
	}
}
