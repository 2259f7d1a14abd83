package gate

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// PromptChunk is one block of source as the model saw it: the heading the
// prompt gave it and the text under that heading.
type PromptChunk struct {
	File      string
	StartLine int
	EndLine   int
	Symbol    string
	Text      string
}

// Heading returns the chunk's "path:start-end" heading.
func (c PromptChunk) Heading() string {
	return c.File + ":" + strconv.Itoa(c.StartLine) + "-" + strconv.Itoa(c.EndLine)
}

var chunkHeadingRe = regexp.MustCompile("(?m)^### (\\S+):(\\d+)-(\\d+)(?: ([^\\n]*))?\\n```[A-Za-z]*\\n")

// SourceSection returns the part of a user prompt that holds app source,
// "" when there is none. Every mode's source section starts with
// "## App source".
func SourceSection(user string) string {
	if i := strings.Index(user, "\n## App source"); i >= 0 {
		return user[i:]
	}
	return ""
}

// PromptChunks parses the source blocks of a user prompt, in prompt order:
// each "### path:start-end symbol" heading followed by a fenced block.
func PromptChunks(user string) []PromptChunk {
	sec := SourceSection(user)
	var out []PromptChunk
	locs := chunkHeadingRe.FindAllStringSubmatchIndex(sec, -1)
	for _, l := range locs {
		start, _ := strconv.Atoi(sec[l[4]:l[5]])
		end, _ := strconv.Atoi(sec[l[6]:l[7]])
		c := PromptChunk{File: sec[l[2]:l[3]], StartLine: start, EndLine: end}
		if l[8] >= 0 {
			c.Symbol = sec[l[8]:l[9]]
		}
		body := sec[l[1]:]
		if i := strings.Index(body, "\n```\n"); i >= 0 {
			body = body[:i]
		} else {
			body = strings.TrimSuffix(body, "\n```")
		}
		c.Text = body
		out = append(out, c)
	}
	return out
}

// IsFixLocation reports whether the text of c holds the fix location: one
// of marks (distinctive source lines of the fix location's declaration) is
// a line of it. The heading is not trusted: a chunk is what its text is.
func (c PromptChunk) IsFixLocation(marks []string) bool {
	if len(marks) == 0 {
		return false
	}
	for _, line := range strings.Split(c.Text, "\n") {
		line = strings.TrimSpace(line)
		for _, m := range marks {
			if line == m {
				return true
			}
		}
	}
	return false
}

// Covers reports whether the heading's line range of c covers one of
// sites (each a single line).
func (c PromptChunk) Covers(sites []Span) bool {
	for _, s := range sites {
		if SameFile(c.File, s.File) && c.StartLine <= s.StartLine && s.StartLine <= c.EndLine {
			return true
		}
	}
	return false
}

// integrityLines is how many leading lines of a chunk's text are compared
// with the source lines its heading names.
const integrityLines = 3

// Mismatch returns why the text of c is not the source its heading names,
// or "" when its first lines are those of the file at the heading's lines.
// Lines hidden by redaction are skipped. lines returns a module file's
// lines (nil when the file is unknown).
func (c PromptChunk) Mismatch(lines func(file string) []string) string {
	if lines == nil {
		return ""
	}
	src := lines(c.File)
	if src == nil {
		return c.Heading() + ": no such file in the module"
	}
	text := strings.Split(c.Text, "\n")
	for i := 0; i < len(text) && i < integrityLines && c.StartLine+i <= c.EndLine; i++ {
		if strings.Contains(text[i], redactedMark) || strings.HasPrefix(strings.TrimSpace(text[i]), "// … (cut") {
			continue
		}
		n := c.StartLine - 1 + i
		if n < 0 || n >= len(src) {
			return c.Heading() + ": the file has no line " + strconv.Itoa(n+1)
		}
		if strings.TrimRight(src[n], " \t\r") != strings.TrimRight(text[i], " \t\r") {
			return c.Heading() + ": line " + strconv.Itoa(n+1) + " of the text is not the file's (" + clip(text[i]) + ")"
		}
	}
	return ""
}

// redactedMark is the product's redaction mask; lines holding it differ
// from the source on purpose.
const redactedMark = "[REDACTED]"

func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// contextMismatch reports a context list that disagrees with the prompt.
func contextMismatch(ctx []report.Chunk, blocks []PromptChunk) []string {
	var out []string
	if len(ctx) != len(blocks) {
		out = append(out, "the report lists "+strconv.Itoa(len(ctx))+" context chunk(s), the prompt holds "+strconv.Itoa(len(blocks)))
		return out
	}
	for i, c := range ctx {
		b := blocks[i]
		if !SameFile(c.File, b.File) || c.StartLine != b.StartLine || c.EndLine != b.EndLine {
			out = append(out, "context chunk "+strconv.Itoa(i+1)+" is "+c.File+":"+strconv.Itoa(c.StartLine)+"-"+strconv.Itoa(c.EndLine)+", the prompt's is "+b.Heading())
		}
	}
	return out
}
