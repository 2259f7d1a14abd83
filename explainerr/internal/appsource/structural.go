package appsource

import (
	"regexp"
	"sort"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The index's graph step is syntactic: it follows names, not types, so a
// call through an interface reaches no implementation there, and its
// anchors are the frames' whole functions, which the static context
// already shows (the failing line's window, the closure that failed).
// The rag context is therefore the static context, chunk for chunk and in
// its order (what the module understanding ranks: the failing lines, the
// error's origin, the query and schema, the constructors, the
// implementations), with the index's findings added after it: the
// anchors of the outer frames the static context does not show, the
// chunks similarity found, then the graph's neighbours, each unless a
// chunk of the context already holds most of its lines. The prompt's
// budget cuts the tail, so a rag prompt keeps what a static one would
// and adds what the index found when there is room.

// WithRetrieved returns the rag context for a failure from its static
// context (Static's chunks, in their order) and what the index retrieved
// for it: static, then the retrieved chunks that no chunk of the context
// overlaps for the most part (an anchor: that no frame chunk overlaps at
// all), the anchors first, then the similar chunks, then the rest, each
// group in its retrieved order.
func WithRetrieved(static, retrieved []report.Chunk) []report.Chunk {
	out := append(make([]report.Chunk, 0, len(static)+len(retrieved)), static...)
	rest := append([]report.Chunk(nil), retrieved...)
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

// overlapsFrame reports whether a frame chunk of cs shares a line with
// c: a function the static context shows as a frame.
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

// preciseFirst moves the precise chunks of cs (preciseRank, the schema
// not for a NOT NULL violation, and those lead marks: a literal that
// leaves out the field that carried a nil value, the function that sets
// a nil value's sibling fields) right after its first chunk, the
// innermost frame's, before the outer frames and the callees, keeping the
// order within each group: the failing line and where its fix is named
// come before the middleware that passed the request on.
func preciseFirst(r *report.Report, cs []report.Chunk, lead map[chunkKey]bool) []report.Chunk {
	schema := !anyMessage(r, notNullFailure)
	at := 0
	if len(cs) > 0 && cs[0].Reason == report.ReasonFrame {
		at = 1
	}
	out := append([]report.Chunk(nil), cs[:at]...)
	var rest []report.Chunk
	for _, c := range cs[at:] {
		if preciseRank[c.Reason] && (schema || c.Reason != report.ReasonSchema) || lead[keyOf(c)] {
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

// chunkKey names a chunk by its file and first line.
type chunkKey struct {
	file  string
	start int
}

func keyOf(c report.Chunk) chunkKey { return chunkKey{c.File, c.StartLine} }
