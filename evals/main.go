// Command evals compares explainerr's explanations with retrieval on and
// off, honestly: a free retrieval and leak gate (layer 1), a mechanical
// claim checker over the whole module (layer 2) and, when a judge model is
// configured, a blind pairwise LLM judge with claim-level verdicts
// (layer 3). See METHODOLOGY.md at the repository root.
//
// Usage:
//
//	go run ./evals [flags]          run (or resume) an evaluation
//	go run ./evals -judged [-seeds N] [-yes] [flags]
//	                                a judged run with real models: cost
//	                                estimate, seeds reported one by one,
//	                                a human-review sheet
//	go run ./evals summary DIR      print the reports of a stored run
//	go run ./evals regrade DIR      re-score a stored run, no model calls
//	go run ./evals spotcheck DIR    list verdicts worth a human look
//	go run ./evals checkclaims -dir DIR -claims FILE | -text FILE
//	                                measure the claim checker on labelled claims
//	go run ./evals humanreview SHEET
//	                                the judge's agreement with a filled
//	                                human-review sheet
//
// The generator is configured like the middleware (OPENAI_API_KEY,
// OPENAI_BASE_URL, EXPLAINERR_MODEL; the offline analyzer without them),
// the judge separately (EXPLAINERR_JUDGE_MODEL, EXPLAINERR_JUDGE_BASE_URL,
// EXPLAINERR_JUDGE_API_KEY), and an optional second judge of another
// model family likewise (EXPLAINERR_JUDGE2_MODEL, EXPLAINERR_JUDGE2_BASE_URL,
// EXPLAINERR_JUDGE2_API_KEY).
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
