package gate

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Provenance checks, mode by mode, that a context is what its mode makes
// and nothing else, against a fresh computation: a mode that silently
// becomes another fails.

// KnownReasons are the documented sources of a chunk of context.
var KnownReasons = map[string]bool{
	report.ReasonFrame: true, report.ReasonGraph: true, report.ReasonSimilar: true,
	report.ReasonImplementation: true, report.ReasonConstructor: true, report.ReasonOrigin: true,
	report.ReasonQuery: true, report.ReasonSchema: true, report.ReasonSetting: true, report.ReasonTemplate: true, report.ReasonType: true, report.ReasonRoute: true,
}

// PlainProvenance returns why a plain-mode context is not one: any chunk
// of source, in the report's context or under a heading of the prompt.
func PlainProvenance(ctx []report.Chunk, user string) []string {
	var out []string
	if len(ctx) > 0 {
		out = append(out, fmt.Sprintf("plain mode: the context holds %d chunk(s) of source (%s)", len(ctx), strings.Join(ChunkSources(ctx), ", ")))
	}
	if n := len(PromptChunks(user)); n > 0 {
		out = append(out, fmt.Sprintf("plain mode: the prompt holds %d chunk(s) of source", n))
	}
	return out
}

// StaticProvenance returns why a static-mode context is not the one a
// fresh static computation of the same failure makes (same chunks, same
// order, same reasons), and any chunk found by similarity, which only
// the index gives.
func StaticProvenance(got, fresh []report.Chunk) []string {
	var out []string
	for _, c := range got {
		if c.Reason == report.ReasonSimilar {
			out = append(out, "static mode: "+chunkSource(c)+" came from the index")
		}
	}
	if was, is := sourcesChange(ChunkSources(fresh), ChunkSources(got)); was != "" || is != "" {
		out = append(out, "static mode: the context is not a fresh static computation's: it lacks "+was+", it adds "+is)
	}
	return out
}

// RAGProvenance returns why a rag-mode context (got) is not one: a chunk
// whose source it does not say (no reason, or one not documented); a
// context that does not start with the static context of the same
// failure (fresh: a fresh static computation's chunks); one of the
// innermost app frames in the indexed app's folder appDir (up to
// maxAnchored) on which the index anchors no chunk (retrieved: the
// index's answer for the failure, recomputed) or which no "frame" chunk
// of the context covers; or a chunk the index retrieved that no chunk of
// the context overlaps and that fits in the room the prompt left (room:
// the prompt's budget less its length), which the rag context would have
// taken.
func RAGProvenance(got, fresh, retrieved []report.Chunk, frames []report.Frame, appDir string, maxAnchored, room int) []string {
	var out []string
	for _, c := range got {
		if !KnownReasons[c.Reason] {
			out = append(out, fmt.Sprintf("rag mode: %s does not say where it came from (reason %q)", chunkSource(c), c.Reason))
		}
	}
	if len(got) < len(fresh) || !sameSources(got[:len(fresh)], fresh) {
		was, is := sourcesChange(ChunkSources(fresh), ChunkSources(got[:min(len(got), len(fresh))]))
		out = append(out, "rag mode: the context does not start with the static context: it lacks "+was+", it has "+is)
	}
	n := 0
	for _, f := range frames {
		if f.Kind != report.FrameApp || !strings.Contains(filepath.ToSlash(f.File), "/"+appDir+"/") || n >= maxAnchored {
			continue
		}
		n++
		if !coveredByFrameChunk(retrieved, f) {
			out = append(out, fmt.Sprintf("rag mode: the index anchored no chunk on the app frame %s (line %d)", f.Function, f.Line))
		}
		if !coveredByFrameChunk(got, f) {
			out = append(out, fmt.Sprintf("rag mode: no frame chunk covers the app frame %s (line %d)", f.Function, f.Line))
		}
	}
	for _, c := range retrieved {
		if c.Reason != report.ReasonFrame && !overlapsAny(got, c) && prompt.BlockSize(c) <= room {
			out = append(out, "rag mode: the index's chunk "+chunkSource(c)+" fits in the prompt but is not in it")
		}
	}
	return out
}

// sameSources reports whether a and b are the same chunks (file, lines,
// reason), in the same order.
func sameSources(a, b []report.Chunk) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !SameFile(a[i].File, b[i].File) || a[i].StartLine != b[i].StartLine || a[i].EndLine != b[i].EndLine || a[i].Reason != b[i].Reason {
			return false
		}
	}
	return true
}

// overlapsAny reports whether a chunk of ctx shares a line with c.
func overlapsAny(ctx []report.Chunk, c report.Chunk) bool {
	for _, o := range ctx {
		if SameFile(o.File, c.File) && o.StartLine <= c.EndLine && c.StartLine <= o.EndLine {
			return true
		}
	}
	return false
}

// coveredByFrameChunk reports whether a "frame" chunk of ctx covers f's
// line.
func coveredByFrameChunk(ctx []report.Chunk, f report.Frame) bool {
	for _, c := range ctx {
		if c.Reason == report.ReasonFrame && SameFile(c.File, f.File) && c.StartLine <= f.Line && f.Line <= c.EndLine {
			return true
		}
	}
	return false
}

// chunkSource names one chunk's source as ChunkSources does.
func chunkSource(c report.Chunk) string { return ChunkSources([]report.Chunk{c})[0] }
