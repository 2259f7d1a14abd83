package explainerr_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/layeredapp"
	"github.com/explainerr/explainerr/internal/layeredapp/memstore"
)

// TestStaticContextFollowsAnInterface: a handler that calls its store
// through an interface-typed field gets, in the static context, the
// method of the module type that implements it, marked "implementation".
func TestStaticContextFollowsAnInterface(t *testing.T) {
	ex := newExplainer(t, explainerr.WithContext(explainerr.ContextStatic))
	h := ex.Middleware(layeredapp.New(memstore.New()))
	rep := decodeReport(t, get(h, "GET", "/?id=7", "application/json"))
	if rep.Mode != "static" {
		t.Fatalf("mode %q", rep.Mode)
	}
	var found bool
	for _, c := range rep.Context {
		if c.File == "internal/layeredapp/memstore/memstore.go" && c.Symbol == "(*Notes).Get" {
			found = true
			if c.Reason != "implementation" {
				t.Errorf("the implementation's reason is %q", c.Reason)
			}
		}
	}
	if !found {
		var got []string
		for _, c := range rep.Context {
			got = append(got, c.Reason+":"+c.File+":"+c.Symbol)
		}
		t.Errorf("the static context lacks the store's implementation: %q", got)
	}
}

// similarOnly is a retriever that finds one chunk by similarity, as an
// index would, and no anchor.
type similarOnly struct{ chunk report.Chunk }

func (s similarOnly) Retrieve(context.Context, *report.Report) ([]report.Chunk, error) {
	return []report.Chunk{s.chunk}, nil
}

// TestRAGContextHoldsTheStaticOne: in rag mode the context holds what the
// static context finds (the implementation behind the interface), in the
// same order, and then what retrieval found.
func TestRAGContextHoldsTheStaticOne(t *testing.T) {
	app := layeredapp.New(memstore.New())
	static := decodeReport(t, get(newExplainer(t, explainerr.WithContext(explainerr.ContextStatic)).Middleware(app), "GET", "/?id=7", "application/json"))
	similar := report.Chunk{File: "internal/layeredapp/layeredapp.go", StartLine: 1, EndLine: 5, Symbol: "layeredapp", Reason: report.ReasonSimilar, Text: "// Package layeredapp is a small layered web app"}
	ex := newExplainer(t, explainerr.WithContext(explainerr.ContextRAG), explainerr.WithRetriever(similarOnly{similar}))
	rag := decodeReport(t, get(ex.Middleware(app), "GET", "/?id=7", "application/json"))
	if rag.Mode != "rag" {
		t.Fatalf("mode %q", rag.Mode)
	}
	sources := func(cs []report.Chunk) (out []string) {
		for _, c := range cs {
			out = append(out, fmt.Sprintf("%s:%s:%d-%d", c.Reason, c.File, c.StartLine, c.EndLine))
		}
		return out
	}
	want := append(sources(static.Context), sources([]report.Chunk{similar})...)
	if got := sources(rag.Context); !slices.Equal(got, want) {
		t.Errorf("rag context\n%q\nwant the static one and the similar chunk\n%q", got, want)
	}
}
