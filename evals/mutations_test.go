package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests break the product, or the evaluation's own measure, on
// purpose and require the default evaluation run to fail: a gate that
// passes a broken system is no gate. Each mutation is compiled into a
// copy of the evaluation with "go build -overlay" (the working tree is
// never touched) and switched on by an environment variable, so one build
// serves them all. The build and the runs are the long suite's (go test
// -tags long, mutations_long_test.go); the default run checks that every
// mutation still finds its place in the code.

// mutation rewrites one file: after the line holding anchor it inserts
// code, which runs when the mutated build is told to apply it
// (mutationEnv, in the long suite). helper, when set, is Go code added
// to the package beside the switch, with the imports it needs.
type mutation struct {
	name, file, anchor, code string
	helper                   string
	imports                  []string
}

var mutations = []mutation{
	// Retrieval always errors: every rag row falls back, so no rag row can
	// be measured.
	{name: "retrieve-error", file: "index/retriever.go", anchor: "func (r *Retriever) Retrieve(ctx context.Context, rep *report.Report) ([]report.Chunk, error) {",
		code: `if evalsMutationUnderTest == "retrieve-error" { return nil, fmt.Errorf("mutation: retrieval fails") }`},
	// Retrieval returns chunks of the index drawn at random, labelled as
	// found by similarity.
	{name: "random-chunks", file: "index/retriever.go", anchor: "func (r *Retriever) Retrieve(ctx context.Context, rep *report.Report) ([]report.Chunk, error) {",
		code: `if evalsMutationUnderTest == "random-chunks" { return r.materialize(ctx, evalsMutationRandom(ctx, r.db)) }`,
		helper: `func evalsMutationRandom(ctx context.Context, db *sql.DB) *selection {
	sel := newSelection()
	rows, err := db.QueryContext(ctx, "SELECT id FROM chunks ORDER BY random() LIMIT 7")
	if err != nil {
		return sel
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if rows.Scan(&id) == nil {
			sel.add(id, "similar", 0.5)
		}
	}
	return sel
}`,
		imports: []string{"context", "database/sql"}},
	// The texts of the first two chunks of source trade places under their
	// headings: the model is told the wrong place for each.
	{name: "swap-chunks", file: "explainerr/prompt/prompt.go", anchor: "\tvar kept []report.Chunk",
		code: `if evalsMutationUnderTest == "swap-chunks" && len(chunks) > 1 { chunks = append([]report.Chunk(nil), chunks...); chunks[0].Text, chunks[1].Text = chunks[1].Text, chunks[0].Text }`},
	// Redaction does nothing.
	{name: "redact-nothing", file: "explainerr/redact/redact.go", anchor: "func String(s string) string {",
		code: `if evalsMutationUnderTest == "redact-nothing" { return s }`},
	// The offline generator says the same thing whatever failed.
	{name: "constant-generator", file: "explainerr/provider/offline/offline.go", anchor: "\ttext := Analyze(req.Report.Report())",
		code: `if evalsMutationUnderTest == "constant-generator" { text = "The request failed: a value in the handler was not what the code expected. Check the handler and fix the code." }`},
	// The offline generator appends every identifier of the failing files
	// to its explanation.
	{name: "keyword-stuffing", file: "explainerr/provider/offline/offline.go", anchor: "\ttext := Analyze(req.Report.Report())",
		code: `if evalsMutationUnderTest == "keyword-stuffing" { text = evalsMutationStuff(text, req.Report.Report()) }`,
		helper: `func evalsMutationStuff(text string, r *report.Report) string {
	var b strings.Builder
	b.WriteString(text + "\n\nSee also:")
	seen := map[string]bool{}
	for _, f := range r.Frames {
		if f.Kind != report.FrameApp || seen[f.File] {
			continue
		}
		seen[f.File] = true
		src, err := os.ReadFile(f.File)
		if err != nil {
			continue
		}
		var s scanner.Scanner
		fset := token.NewFileSet()
		s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.IDENT && !seen[lit] {
				seen[lit] = true
				b.WriteString(" ` + "`\" + lit + \"`" + `")
			}
		}
	}
	return b.String()
}`,
		imports: []string{"go/scanner", "go/token", "strings", "github.com/explainerr/explainerr/explainerr/report"}},
	// The evaluation scores coverage on the prompt instead of the answer.
	{name: "coverage-on-prompt", file: "evals/internal/pipeline/score.go", anchor: "func (s *scorer) coverage(fx fixture.Fixture, rep *report.Report, answer string) coverage.Result {",
		code: `if evalsMutationUnderTest == "coverage-on-prompt" { answer = rep.Prompt.System + "\n" + rep.Prompt.User }`},
	// Static mode silently adds the chunks retrieved from the index.
	{name: "static-index", file: "explainerr/contextmode.go", anchor: "\tr.Mode = report.ModeStatic",
		code: `if evalsMutationUnderTest == "static-index" && ex.cfg.retriever != nil { if extra, err := ex.cfg.retriever.Retrieve(ctx, r); err == nil { return append(appsource.Static(r), extra...) } }`},
	// Rag mode silently serves the static context.
	{name: "rag-from-static", file: "explainerr/contextmode.go", anchor: "\t\tcase err == nil:",
		code: `if evalsMutationUnderTest == "rag-from-static" { r.Mode = report.ModeRAG; return appsource.Static(r) }`},
}

// TestMutationAnchorsAreInTheCode: each mutation's anchor is in its file
// once, so that the long suite's mutated build still breaks what it means
// to break, and each mutation has a name of its own.
func TestMutationAnchorsAreInTheCode(t *testing.T) {
	names := map[string]bool{}
	for _, m := range mutations {
		if names[m.name] || !strings.Contains(m.code, `"`+m.name+`"`) {
			t.Errorf("mutation %q: the name is taken or its code does not switch on it", m.name)
		}
		names[m.name] = true
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(m.file)))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), m.anchor); n != 1 {
			t.Errorf("%s: the mutation's anchor %q is there %d times, want once: update the mutation", m.file, m.anchor, n)
		}
	}
}
