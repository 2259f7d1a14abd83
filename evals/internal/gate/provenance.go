package gate

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Provenance checks, mode by mode, that a context is what its mode makes
// and nothing else, against a fresh computation: a mode that silently
// becomes another fails.

// KnownReasons are the documented sources of a chunk of context.
var KnownReasons = map[string]bool{
	report.ReasonFrame: true, report.ReasonGraph: true, report.ReasonSimilar: true,
	report.ReasonImplementation: true, report.ReasonConstructor: true, report.ReasonOrigin: true,
	report.ReasonQuery: true, report.ReasonSchema: true, report.ReasonSetting: true,
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

// RAGProvenance returns why a rag-mode context is not one: a chunk whose
// source it does not say (no reason, or one not documented), an anchored
// chunk of the index (anchors: what the index anchors on the failure's
// app frames, recomputed) missing or not marked "frame" (one longer than
// report.MaxWholeFrame may be shown around its frame's line instead), or one of the
// innermost app frames in the indexed app's folder appDir (up to
// maxAnchored) whose line no "frame" chunk of its file covers.
func RAGProvenance(got, anchors []report.Chunk, frames []report.Frame, appDir string, maxAnchored int) []string {
	var out []string
	for _, c := range got {
		if !KnownReasons[c.Reason] {
			out = append(out, fmt.Sprintf("rag mode: %s does not say where it came from (reason %q)", chunkSource(c), c.Reason))
		}
	}
	for _, a := range anchors {
		if a.Reason != report.ReasonFrame {
			continue
		}
		if !holds(got, a) && !(len(a.Text) > report.MaxWholeFrame && holdsWindowOf(got, a)) {
			out = append(out, "rag mode: the index's anchored chunk "+chunkSource(a)+" is not in the context as a frame's chunk")
		}
	}
	n := 0
	for _, f := range frames {
		if f.Kind != report.FrameApp || !strings.Contains(filepath.ToSlash(f.File), "/"+appDir+"/") || n >= maxAnchored {
			continue
		}
		n++
		if !coveredByFrameChunk(got, f) {
			out = append(out, fmt.Sprintf("rag mode: no frame chunk covers the app frame %s (line %d)", f.Function, f.Line))
		}
	}
	return out
}

// holds reports whether ctx has a chunk of a's file, lines and reason.
func holds(ctx []report.Chunk, a report.Chunk) bool {
	for _, c := range ctx {
		if SameFile(c.File, a.File) && c.StartLine == a.StartLine && c.EndLine == a.EndLine && c.Reason == a.Reason {
			return true
		}
	}
	return false
}

// holdsWindowOf reports whether ctx has a frame chunk within a's lines:
// a function too long to be shown whole, shown around the frame's line.
func holdsWindowOf(ctx []report.Chunk, a report.Chunk) bool {
	for _, c := range ctx {
		if c.Reason == report.ReasonFrame && SameFile(c.File, a.File) && a.StartLine <= c.StartLine && c.EndLine <= a.EndLine {
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
