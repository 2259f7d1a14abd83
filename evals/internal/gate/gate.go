// Package gate is the evaluation's free, deterministic first layer: per
// fixture and mode it measures what reached the model (the fix location, the
// fixture's facts, the rank of the fix-location chunk, the prompt's size),
// totals the measures by group, compares them with a stored baseline, and
// looks for planted secrets in everything the run produced.
package gate

import (
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr/report"
)

// CharsPerToken is the rough ratio used to estimate tokens from characters.
const CharsPerToken = 4

// Span is a line range of a file, relative to the module root.
type Span struct {
	File      string `json:"file"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	// Marks are distinctive lines of the span (white space trimmed, found
	// nowhere else in the module): a chunk of source is the span's when
	// its text holds one of them, whatever its heading says.
	Marks []string `json:"marks,omitempty"`
}

// Input is what one mode of one fixture sent to the model.
type Input struct {
	Fixture fixture.Fixture
	// Mode is the context mode ("plain", "static", "rag"), as the report
	// says.
	Mode string
	// Prompt is exactly what was sent.
	Prompt report.Prompt
	// Context holds the chunks of source in the prompt, in prompt order.
	Context []report.Chunk
	// FixSpan, when known, is where the fix location's function or
	// template is declared; a chunk of the prompt is the fix location's
	// when its text holds one of the span's marks.
	FixSpan *Span
	// Lines returns the lines of a module file (nil when unknown); each
	// chunk's text is compared with the lines its heading names.
	Lines func(file string) []string
	// SecretSites are the source lines that hold planted secrets; a chunk
	// covering one exercises the redaction of retrieved source.
	SecretSites []Span
}

// Metrics are the retrieval measures of one fixture in one mode.
type Metrics struct {
	Fixture string `json:"fixture"`
	Group   string `json:"group"`
	Mode    string `json:"mode"`
	// FixLocationInPrompt is true when the fix location reaches the model,
	// through the trace (FixInTrace) or a chunk of source (FixInContext).
	FixLocationInPrompt bool `json:"fix_location_in_prompt"`
	FixInTrace          bool `json:"fix_in_trace"`
	FixInContext        bool `json:"fix_in_context"`
	// FactsFound of FactsTotal facts occur in the prompt; FactRecall is
	// their share.
	FactsFound   int      `json:"facts_found"`
	FactsTotal   int      `json:"facts_total"`
	FactRecall   float64  `json:"fact_recall"`
	MissingFacts []string `json:"missing_facts,omitempty"`
	// K is the number of chunks of source in the prompt; FixRank the
	// 1-based rank of the first chunk whose text is the fix location's
	// (0: none). HitAtK and MRR follow from it. All zero in plain mode.
	K       int     `json:"k"`
	FixRank int     `json:"fix_rank"`
	HitAtK  bool    `json:"hit_at_k"`
	MRR     float64 `json:"mrr"`
	// PromptChars counts the characters of both messages; EstTokens
	// estimates their tokens.
	PromptChars int `json:"prompt_chars"`
	EstTokens   int `json:"est_tokens"`
	// Mismatched lists chunks whose text is not the source their heading
	// names, and a context list that disagrees with the prompt: the model
	// was told a wrong place. Any entry fails the gate.
	Mismatched []string `json:"mismatched,omitempty"`
	// SecretChunks counts the chunks of the prompt whose lines cover a
	// planted secret's line: the leak gate needs some fixture to have one.
	SecretChunks int `json:"secret_chunks,omitempty"`
	// Chunks names the source of each chunk of context, in prompt order:
	// "file:start-end reason" (see ChunkSources).
	Chunks []string `json:"chunks,omitempty"`
	// Answer is the coverage of the explanation, filled in by the
	// pipeline for the baseline (nil in gate.Measure's result).
	Answer *Answer `json:"answer,omitempty"`
}

// Answer is what the baseline keeps of an explanation's coverage.
type Answer struct {
	FixLocationNamed bool    `json:"fix_location_named"`
	FactsNamed       int     `json:"facts_named"`
	Score            float64 `json:"score"`
}

// ChunkSources names where each chunk of a context came from:
// "file:start-end reason".
func ChunkSources(ctx []report.Chunk) []string {
	var out []string
	for _, c := range ctx {
		out = append(out, c.File+":"+strconv.Itoa(c.StartLine)+"-"+strconv.Itoa(c.EndLine)+" "+c.Reason)
	}
	return out
}

// Measure computes the metrics of one input.
func Measure(in Input) Metrics {
	fx := in.Fixture
	m := Metrics{Fixture: fx.ID, Group: fx.Category, Mode: in.Mode}
	all := in.Prompt.System + "\n" + in.Prompt.User
	m.PromptChars = len([]rune(in.Prompt.System)) + len([]rune(in.Prompt.User))
	m.EstTokens = (m.PromptChars + CharsPerToken - 1) / CharsPerToken

	m.FactsTotal = len(fx.Facts)
	for _, f := range fx.Facts {
		if f.Matches(all) {
			m.FactsFound++
		} else {
			m.MissingFacts = append(m.MissingFacts, strings.Join(f, " | "))
		}
	}
	if m.FactsTotal > 0 {
		m.FactRecall = float64(m.FactsFound) / float64(m.FactsTotal)
	}

	m.FixInTrace = mentionsLocation(traceText(in.Prompt.User), fx.FixLocation)
	// Judge each chunk by the text the model saw under its heading, in
	// prompt order: the heading alone proves nothing.
	blocks := PromptChunks(in.Prompt.User)
	m.K = len(blocks)
	var marks []string
	if in.FixSpan != nil {
		marks = in.FixSpan.Marks
	}
	for i, b := range blocks {
		if m.FixRank == 0 && b.IsFixLocation(marks) {
			m.FixRank = i + 1
		}
		if b.Covers(in.SecretSites) {
			m.SecretChunks++
		}
		if why := b.Mismatch(in.Lines); why != "" {
			m.Mismatched = append(m.Mismatched, why)
		}
	}
	m.Mismatched = append(m.Mismatched, contextMismatch(in.Context, blocks)...)
	m.Chunks = ChunkSources(in.Context)
	m.HitAtK = m.FixRank > 0
	if m.FixRank > 0 {
		m.MRR = 1 / float64(m.FixRank)
	}
	m.FixInContext = m.HitAtK
	m.FixLocationInPrompt = m.FixInTrace || m.FixInContext
	return m
}

// traceText returns the prompt without its retrieved-source section, so
// that a fix location counts as "in the trace" only when the trace, error
// or request names it.
func traceText(user string) string {
	if i := strings.Index(user, "\n## App source"); i >= 0 {
		return user[:i]
	}
	return user
}

// mentionsLocation reports whether text names loc: a function qualified by
// its package or receiver ("pkg.Name" or ").Name") together with the file's
// path from the module root (a file of the same name in another package,
// with a method of the same name, is not the location), the template's
// name, or the name of a file that is neither.
func mentionsLocation(text string, loc fixture.Location) bool {
	base := path.Base(loc.File)
	if loc.Function != "" {
		name := BareFunc(loc.Function)
		return containsWord(text, "."+name) && strings.Contains(text, loc.File)
	}
	if loc.Template != "" {
		return strings.Contains(text, loc.Template)
	}
	// A fix in a file that is neither Go nor a template (SQL, a
	// migration) is named by the file's name.
	return loc.File != "" && strings.Contains(text, base)
}

// containsWord reports whether s holds needle not followed by an
// identifier character.
func containsWord(s, needle string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], needle)
		if j < 0 {
			return false
		}
		end := i + j + len(needle)
		if end >= len(s) || !isIdentChar(s[end]) {
			return true
		}
		i = end
	}
}

func isIdentChar(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

var receiverPrefix = regexp.MustCompile(`^.*[.)]`)

// BareFunc strips a package path and receiver from a function name:
// "pkg.(*Store).PostByID" and "Store.PostByID" become "PostByID"; a
// closure suffix (".func1") is dropped first.
func BareFunc(name string) string {
	name = strings.TrimSuffix(strings.TrimSpace(name), "()")
	name = closureSuffix.ReplaceAllString(name, "")
	return receiverPrefix.ReplaceAllString(name, "")
}

var closureSuffix = regexp.MustCompile(`(\.func\d+)+$|-fm$`)

// SameFile reports whether two slash-separated paths name the same file
// (report.SameFile).
func SameFile(a, b string) bool { return report.SameFile(a, b) }
