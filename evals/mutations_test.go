package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests break the product on purpose and require the evaluation to
// fail the run: a gate that passes a broken product is no gate. Each
// mutation is compiled into a copy of the evaluation with "go build
// -overlay" (the working tree is never touched) and switched on by an
// environment variable, so one build serves them all. The build and the
// runs are the long suite's (go test -tags long, mutations_long_test.go);
// the default run checks that every mutation still finds its place in the
// product.

// mutation rewrites one product file: after the line holding anchor it
// inserts code, which runs when the mutated build is told to apply it
// (mutationEnv, in the long suite).
type mutation struct {
	file, anchor, code string
}

var mutations = []mutation{
	// Retrieval always errors: every rag row falls back, so no rag row can
	// be measured.
	{"index/retriever.go", "func (r *Retriever) Retrieve(ctx context.Context, rep *report.Report) ([]report.Chunk, error) {",
		`if evalsMutationUnderTest == "retrieve-error" { return nil, fmt.Errorf("mutation: retrieval fails") }`},
	// The texts of the first two chunks of source trade places under their
	// headings: the model is told the wrong place for each.
	{"explainerr/prompt/prompt.go", "\tvar kept []report.Chunk",
		`if evalsMutationUnderTest == "swap-chunks" && len(chunks) > 1 { chunks = append([]report.Chunk(nil), chunks...); chunks[0].Text, chunks[1].Text = chunks[1].Text, chunks[0].Text }`},
	// Redaction does nothing.
	{"explainerr/redact/redact.go", "func String(s string) string {",
		`if evalsMutationUnderTest == "redact-nothing" { return s }`},
}

// TestMutationAnchorsAreInTheProduct: each mutation's anchor is in its
// file once, so that the long suite's mutated build still breaks what it
// means to break.
func TestMutationAnchorsAreInTheProduct(t *testing.T) {
	for _, m := range mutations {
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(m.file)))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), m.anchor); n != 1 {
			t.Errorf("%s: the mutation's anchor %q is there %d times, want once: update the mutation", m.file, m.anchor, n)
		}
	}
}
