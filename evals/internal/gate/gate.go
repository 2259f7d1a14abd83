// Package gate is the evaluation's free, deterministic first layer: per
// fixture and mode it measures what reached the model (the fix location, the
// fixture's facts, the rank of the fix-location chunk, the prompt's size),
// totals the measures by group, compares them with a stored baseline, and
// looks for planted secrets in everything the run produced.
package gate

import (
	"path"
	"regexp"
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
}

// Input is what one mode of one fixture sent to the model.
type Input struct {
	Fixture fixture.Fixture
	// Mode is report.ModeRAG or report.ModePlain, as the report says.
	Mode string
	// Prompt is exactly what was sent.
	Prompt report.Prompt
	// Context holds the chunks of source in the prompt, in prompt order.
	Context []report.Chunk
	// FixSpan, when known, is where the fix location's function or
	// template is declared; a chunk overlapping it counts as the
	// fix-location chunk even when its symbol is spelled differently.
	FixSpan *Span
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
	// K is the number of chunks in the prompt; FixRank the 1-based rank of
	// the first fix-location chunk among them (0: none). HitAtK and MRR
	// follow from it. All zero in plain mode.
	K       int     `json:"k"`
	FixRank int     `json:"fix_rank"`
	HitAtK  bool    `json:"hit_at_k"`
	MRR     float64 `json:"mrr"`
	// PromptChars counts the characters of both messages; EstTokens
	// estimates their tokens.
	PromptChars int `json:"prompt_chars"`
	EstTokens   int `json:"est_tokens"`
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
	if in.Mode == report.ModeRAG {
		m.K = len(in.Context)
		for i, c := range in.Context {
			if ChunkIsFixLocation(c, fx.FixLocation, in.FixSpan) {
				m.FixRank = i + 1
				break
			}
		}
		m.HitAtK = m.FixRank > 0
		if m.FixRank > 0 {
			m.MRR = 1 / float64(m.FixRank)
		}
		// The chunk only reached the model if its text is in the prompt.
		m.FixInContext = m.HitAtK && strings.Contains(in.Prompt.User, chunkHeading(in.Context[m.FixRank-1]))
	}
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
// base name, or the template's name.
func mentionsLocation(text string, loc fixture.Location) bool {
	base := path.Base(loc.File)
	if loc.Function != "" {
		name := BareFunc(loc.Function)
		return containsWord(text, "."+name) && strings.Contains(text, base)
	}
	if loc.Template != "" {
		return strings.Contains(text, loc.Template)
	}
	return false
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

// chunkHeading is how the prompt heads a chunk: "path:start-end".
func chunkHeading(c report.Chunk) string {
	return c.File + ":" + itoa(c.StartLine) + "-" + itoa(c.EndLine)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
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

// SameFile reports whether two slash-separated paths name the same file,
// one possibly relative to a directory the other includes.
func SameFile(a, b string) bool {
	a, b = path.Clean(strings.TrimPrefix(a, "./")), path.Clean(strings.TrimPrefix(b, "./"))
	return a == b || strings.HasSuffix(a, "/"+b) || strings.HasSuffix(b, "/"+a)
}

// ChunkIsFixLocation reports whether chunk c is (a part of) the fix
// location: same file, and the same symbol or a line range overlapping span.
func ChunkIsFixLocation(c report.Chunk, loc fixture.Location, span *Span) bool {
	if !SameFile(c.File, loc.File) {
		return false
	}
	if span != nil && c.StartLine <= span.EndLine && c.EndLine >= span.StartLine {
		return true
	}
	if loc.Function != "" {
		return BareFunc(c.Symbol) == BareFunc(loc.Function)
	}
	if loc.Template != "" {
		return c.Symbol == loc.Template || strings.Contains(c.Symbol, `"`+loc.Template+`"`) || path.Base(c.File) == loc.Template
	}
	return false
}
