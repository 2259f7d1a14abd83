package appsource

import (
	"regexp"
	"sort"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The index's graph step is syntactic: it follows names, not types, so a
// call through an interface reaches no implementation there, and its
// anchors are whole functions, frames of middleware included. The rag
// context is therefore the static context (what the module understanding
// ranks: the failing lines, the error's origin, the query and schema, the
// constructors, the implementations) with the index's findings added: its
// anchored chunk of a frame in place of the frame's own chunk when that
// one is shown whole, then the anchors of the outer frames, the chunks
// similarity found and the graph's, each unless already held. A rag
// context therefore starts with what the static one would hold, in the
// same order, and adds what similarity finds; the prompt's budget cuts
// the tail.

// WithRetrieved returns the rag context for a failure from its static
// context (Static's chunks, in their order) and what the index retrieved
// for it (frame anchors, then graph chunks, then similar ones). A static
// frame chunk gives way to the retrieved anchor of the same function
// when that anchor is no longer than report.MaxWholeFrame; then follow
// the retrieved chunks that no chunk of the context overlaps for the most
// part (an anchor: that no frame chunk overlaps at all): the other
// anchors, the similar chunks, then the rest (the graph's), each group in
// its retrieved order.
func WithRetrieved(static, retrieved []report.Chunk) []report.Chunk {
	out := make([]report.Chunk, 0, len(static)+len(retrieved))
	used := make([]bool, len(retrieved))
	for _, c := range static {
		if c.Reason == report.ReasonFrame {
			if i := anchorOf(retrieved, used, c); i >= 0 {
				used[i] = true
				c = retrieved[i]
			}
		}
		out = append(out, c)
	}
	var rest []report.Chunk
	for i, c := range retrieved {
		if !used[i] {
			rest = append(rest, c)
		}
	}
	// The outer frames' anchors, then what similarity found (which the
	// static context cannot), then the graph's neighbours the module
	// understanding did not already resolve.
	sort.SliceStable(rest, func(i, j int) bool { return retrievedRank(rest[i]) < retrievedRank(rest[j]) })
	for _, c := range rest {
		if overlapsMostly(out, c) || c.Reason == report.ReasonFrame && overlapsFrame(out, c) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// retrievedRank orders the retrieved chunks WithRetrieved adds: anchors,
// then similar chunks, then the rest.
func retrievedRank(c report.Chunk) int {
	switch c.Reason {
	case report.ReasonFrame:
		return 0
	case report.ReasonSimilar:
		return 1
	}
	return 2
}

// anchorOf returns the index in retrieved of the unused frame anchor that
// holds static frame chunk c's function (its lines overlap c's) and is no
// longer than report.MaxWholeFrame, or -1.
func anchorOf(retrieved []report.Chunk, used []bool, c report.Chunk) int {
	for i, a := range retrieved {
		if used[i] || a.Reason != report.ReasonFrame || !report.SameFile(a.File, c.File) || len(a.Text) > report.MaxWholeFrame {
			continue
		}
		if a.StartLine <= c.EndLine && c.StartLine <= a.EndLine {
			return i
		}
	}
	return -1
}

// overlapsFrame reports whether a frame chunk of cs shares a line with
// c: a long function the static context shows around its failing line.
func overlapsFrame(cs []report.Chunk, c report.Chunk) bool {
	for _, o := range cs {
		if o.Reason == report.ReasonFrame && report.SameFile(o.File, c.File) && o.StartLine <= c.EndLine && c.StartLine <= o.EndLine {
			return true
		}
	}
	return false
}

// overlapsMostly reports whether a chunk of cs, of c's file, shares at
// least half of c's lines: the same function retrieved with its doc
// comment, or a window of a function already shown.
func overlapsMostly(cs []report.Chunk, c report.Chunk) bool {
	lines := c.EndLine - c.StartLine + 1
	for _, o := range cs {
		if !report.SameFile(o.File, c.File) {
			continue
		}
		if shared := min(o.EndLine, c.EndLine) - max(o.StartLine, c.StartLine) + 1; shared > 0 && 2*shared >= lines {
			return true
		}
	}
	return false
}

// preciseRank are the reasons of the chunks that name where a fix is,
// from the failure's own words: they follow the frames, before the
// callees, so that the prompt budget keeps them.
var preciseRank = map[string]bool{report.ReasonOrigin: true, report.ReasonQuery: true, report.ReasonSchema: true}

// notNullFailure matches a NOT NULL violation: the statement was given
// no value, which is fixed where the value is made, not in the schema.
var notNullFailure = regexp.MustCompile(`(?i)NOT NULL constraint|not-null constraint|null value in column|cannot be null`)

// preciseFirst moves the precise chunks of cs (preciseRank; the schema
// not for a NOT NULL violation) right after its first chunk, the
// innermost frame's, before the outer frames and the callees, keeping the
// order within each group: the failing line and where its fix is named
// come before the middleware that passed the request on.
func preciseFirst(r *report.Report, cs []report.Chunk) []report.Chunk {
	schema := !anyMessage(r, notNullFailure)
	at := 0
	if len(cs) > 0 && cs[0].Reason == report.ReasonFrame {
		at = 1
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
		if report.SameFile(o.File, c.File) && o.StartLine <= c.StartLine && c.EndLine <= o.EndLine {
			return true
		}
	}
	return false
}
