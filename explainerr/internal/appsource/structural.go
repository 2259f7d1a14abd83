package appsource

import (
	"regexp"
	"sort"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The index's graph step is syntactic: it follows names, not types, so a
// call through an interface reaches no implementation there. Retrieval
// therefore gets, from the module understanding, the chunks only types
// and the failure's own words lead to (implementations, constructors, the
// error's origin, queries, schema, settings), placed after what the
// index's anchors and one hop found and before what similarity found.

// structuralReasons are the reasons of the chunks only the module
// understanding finds.
var structuralReasons = map[string]bool{
	report.ReasonImplementation: true, report.ReasonConstructor: true, report.ReasonOrigin: true,
	report.ReasonQuery: true, report.ReasonSchema: true, report.ReasonSetting: true,
}

// maxStructuralInRAG bounds the structural chunks added to retrieved
// ones, so that what the index ranked keeps its place in the budget.
const maxStructuralInRAG = 3

// WithStructural returns retrieved chunks with the static context's
// structural chunks for r added after the frames' chunks and the index's
// one-hop graph chunks, before those similarity found, at most
// maxStructuralInRAG of them, the most precise first; a
// structural chunk whose lines a retrieved chunk of the same file already
// covers is not added again.
func WithStructural(retrieved []report.Chunk, r *report.Report) []report.Chunk {
	var extra []report.Chunk
	for _, c := range byStructuralRank(Static(r)) {
		if structuralReasons[c.Reason] && !covered(retrieved, c) && len(extra) < maxStructuralInRAG {
			extra = append(extra, c)
		}
	}
	if len(extra) == 0 {
		return retrieved
	}
	at := 0
	for at < len(retrieved) && (retrieved[at].Reason == report.ReasonFrame || retrieved[at].Reason == report.ReasonGraph) {
		at++
	}
	out := make([]report.Chunk, 0, len(retrieved)+len(extra))
	out = append(out, retrieved[:at]...)
	out = append(out, extra...)
	return append(out, retrieved[at:]...)
}

// structuralRank orders the structural chunks retrieval gets: the
// error's origin and the query an SQL error names are the most precise,
// then the constructors of a nil value, then implementations reached
// through interfaces and the schema, then settings.
var structuralRank = map[string]int{
	report.ReasonOrigin: 0, report.ReasonQuery: 0, report.ReasonConstructor: 1,
	report.ReasonImplementation: 2, report.ReasonSchema: 2, report.ReasonSetting: 3,
}

// byStructuralRank returns cs stably sorted by structuralRank (other
// reasons last).
func byStructuralRank(cs []report.Chunk) []report.Chunk {
	out := append([]report.Chunk(nil), cs...)
	rank := func(c report.Chunk) int {
		if r, ok := structuralRank[c.Reason]; ok {
			return r
		}
		return 9
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

// preciseRank are the reasons of the chunks that name where a fix is,
// from the failure's own words: they follow the frames, before the
// callees, so that the prompt budget keeps them.
var preciseRank = map[string]bool{report.ReasonOrigin: true, report.ReasonQuery: true, report.ReasonSchema: true}

// notNullFailure matches a NOT NULL violation: the statement was given
// no value, which is fixed where the value is made, not in the schema.
var notNullFailure = regexp.MustCompile(`(?i)NOT NULL constraint|not-null constraint|null value in column|cannot be null`)

// preciseFirst moves the precise chunks of cs (preciseRank; the schema
// not for a NOT NULL violation) right after its leading frame chunks,
// before the callees, keeping the order within each group.
func preciseFirst(r *report.Report, cs []report.Chunk) []report.Chunk {
	schema := !anyMessage(r, notNullFailure)
	at := 0
	for at < len(cs) && cs[at].Reason == report.ReasonFrame {
		at++
	}
	out := append([]report.Chunk(nil), cs[:at]...)
	var rest []report.Chunk
	for _, c := range cs[at:] {
		if preciseRank[c.Reason] && (schema || c.Reason != report.ReasonSchema) {
			out = append(out, c)
		} else {
			rest = append(rest, c)
		}
	}
	return append(out, rest...)
}

// covered reports whether a chunk of cs holds c's lines.
func covered(cs []report.Chunk, c report.Chunk) bool {
	for _, o := range cs {
		if o.File == c.File && o.StartLine <= c.StartLine && c.EndLine <= o.EndLine {
			return true
		}
	}
	return false
}
