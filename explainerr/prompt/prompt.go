// Package prompt builds the two messages sent to a model for a failure: a
// system message that sets the task and a user message with the error, the
// budgeted trace, the request and, in the static and rag context modes, the
// app's source.
//
// Build and FollowUp redact nothing: they are given a sealed report's
// texts, and what they return enters the sealed report through
// redact.Sealed.Amend, which redacts it (see the package redact). What the
// sealed report then holds is exactly what is sent and what the JSON report
// shows.
package prompt

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
	"github.com/explainerr/explainerr/internal/gomodule"
)

// DefaultBudget is the default character budget of the user message.
const DefaultBudget = 12000

// DefaultTraceBudget is the default character budget of the prompt's
// trace section (Options.TraceBudget): as in the reference project, room
// for the error line, every app frame and the library frames nearest the
// failure.
const DefaultTraceBudget = 3000

// maxMessage bounds the error message quoted in the prompt.
const maxMessage = 1000

// Options tune Build.
type Options struct {
	// TraceBudget is the trace section's character budget (default 3000).
	TraceBudget int
	// Budget is the character budget of the whole prompt, system and user
	// messages together (default 12000). Retrieved source is cut to fit it;
	// the trace is never cut by it.
	Budget int
	// Language, when set, asks for the answer in that natural language.
	Language string
}

// System returns the system message for an answer language ("" for English).
func System(language string) string {
	var b strings.Builder
	b.WriteString(`You explain failures of a Go web application to the developer who is running it locally.
Write a concise, concrete explanation of about 200 words, in Markdown, with no preamble:
1. What went wrong, in one or two sentences.
2. Why it happened: the cause in the app's code, which may be earlier than the line that failed.
3. How to fix it: the change to make, with a short Go snippet when it helps.
4. Where: the file and function (and line) to change.
Name only functions, types, fields and files that appear in the trace or in the source you are given; if the cause is outside what you can see, say so instead of guessing.`)
	return b.String() + languageLine(language)
}

// languageLine is the system message's last line for an answer language:
// "" for English.
func languageLine(language string) string {
	if language = strings.TrimSpace(language); language == "" || strings.EqualFold(language, "english") {
		return ""
	}
	return "\nAnswer in " + language + ", but keep identifiers, code, file names and trace lines exactly as they are, in English."
}

// ErrorLine returns the one-line summary of r's error that heads its trace.
func ErrorLine(r *report.Report) string {
	msg := cut(oneLine(r.Error.Message), maxMessage)
	var line string
	switch r.Error.Kind {
	case report.KindPanic:
		line = "panic: " + msg
	case report.KindStatus:
		line = fmt.Sprintf("HTTP %d written by the handler: %s", r.Status, msg)
	case report.KindCrash:
		line = msg
	default:
		line = "error: " + msg
	}
	if r.Error.Type != "" {
		line += " [" + r.Error.Type + "]"
	}
	return line
}

// Build returns the prompt for r and the chunks of source it includes (in
// order): those of chunks that fit in the budget after the rest of the
// message. r.Mode says where the chunks come from (report.ModeStatic: the
// app's files; otherwise the index), which the section's heading tells the
// model. The report's Frames are expected to have Source attached to app
// frames.
func Build(r *report.Report, chunks []report.Chunk, opts Options) (report.Prompt, []report.Chunk) {
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	system := System(opts.Language)
	var b strings.Builder
	if r.Error.Kind == report.KindCrash {
		b.WriteString("My Go program crashed. Explain the failure and how to fix it.\n\n")
	} else {
		b.WriteString("A request to my Go web app failed. Explain the failure and how to fix it.\n\n")
	}
	b.WriteString("## Error and trace (innermost call first; [app] marks the app's own code)\n\n```\n")
	// The "created by" line closes the trace and counts in its budget.
	createdBy := stack.CreatedByText(r.CreatedBy)
	trace := stack.Format(ErrorLine(r), moduleRelative(r.Frames), traceBudget(opts.TraceBudget, len(createdBy)))
	b.WriteString(trace.Text)
	b.WriteString(createdBy)
	b.WriteString("```\n\n")
	writeGoroutines(&b, r.Goroutines)
	if len(r.Error.Chain) > 0 {
		b.WriteString("Wrapped errors, outermost first:\n")
		for _, c := range r.Error.Chain {
			fmt.Fprintf(&b, "- %s\n", cut(oneLine(c), 300))
		}
		b.WriteString("\n")
	}
	writeDatabase(&b, r.Error.Database)
	writeRequest(&b, &r.Request)
	writeLogs(&b, r.Logs, r.LogsCut)

	var kept []report.Chunk
	if len(chunks) > 0 {
		heading := sourceHeading(r.Mode)
		used := len(system) + b.Len() + len(heading)
		var sec strings.Builder
		for _, c := range chunks {
			block := chunkBlock(c)
			if used+len(block) > opts.Budget {
				// Keep the head of a chunk that does not fit whole when
				// there is room for a useful part of it; a chunk found
				// by similarity only whole, since its head alone says
				// little and would take the room of smaller ones.
				room := opts.Budget - used
				if room < minPartialChunk || c.Reason == report.ReasonSimilar {
					continue
				}
				c = cutChunk(c, room)
				if block = chunkBlock(c); used+len(block) > opts.Budget {
					continue
				}
			}
			used += len(block)
			sec.WriteString(block)
			kept = append(kept, c)
		}
		if len(kept) > 0 {
			b.WriteString(heading)
			b.WriteString(sec.String())
		}
	}
	return report.Prompt{System: system, User: strings.TrimRight(b.String(), "\n") + "\n"}, kept
}

// sourceHeading heads the app source section of a prompt in mode. Both
// start with "## App source", which ends the trace part of a prompt, and
// are as long as each other: a rag prompt, whose chunks start with the
// static context's, leaves them the same room.
func sourceHeading(mode string) string {
	if mode == report.ModeStatic {
		return "## App source (the failing functions and the functions they call, from the app's files)\n\n"
	}
	return "## App source (the failing functions and what they call, and more from the app's index)\n\n"
}

// minPartialChunk is the least room worth filling with the head of a chunk
// that does not fit whole.
const minPartialChunk = 500

// cutChunk keeps the whole lines of c's text that fit in a block of at most
// room characters, and says where it stopped.
func cutChunk(c report.Chunk, room int) report.Chunk {
	overhead := len(chunkBlock(report.Chunk{File: c.File, StartLine: c.StartLine, EndLine: c.EndLine, Symbol: c.Symbol}))
	const marker = "// … (cut to fit the prompt budget)"
	return c.Head(room-overhead-len(marker)-1, marker)
}

// BlockSize is how many characters of the prompt c takes whole: its
// heading and its text.
func BlockSize(c report.Chunk) int { return len(chunkBlock(c)) }

// chunkBlock formats one retrieved chunk with its path, lines and symbol.
func chunkBlock(c report.Chunk) string {
	lang := "go"
	switch strings.ToLower(filepath.Ext(c.File)) {
	case ".html", ".tmpl", ".gohtml":
		lang = "html"
	case ".sql":
		lang = "sql"
	}
	text := strings.TrimRight(c.Text, "\n")
	return fmt.Sprintf("### %s:%d-%d %s\n```%s\n%s\n```\n\n", c.File, c.StartLine, c.EndLine, c.Symbol, lang, text)
}

func writeRequest(b *strings.Builder, q *report.Request) {
	if q.Method == "" && q.URL == "" {
		return
	}
	b.WriteString("## Request\n\n")
	fmt.Fprintf(b, "%s %s", q.Method, q.URL)
	if q.Route != "" {
		fmt.Fprintf(b, " (route %s)", q.Route)
	}
	b.WriteString("\n")
	writeValues(b, "Query", q.Query)
	writeValues(b, "Form", q.Form)
	if q.Body != "" {
		kind := "Body"
		if q.BodyType != "" {
			kind += " (" + q.BodyType + ")"
		}
		fence := codeFence(q.Body)
		fmt.Fprintf(b, "%s, as the handler read it:\n%s\n%s\n%s\n", kind, fence, cut(strings.TrimRight(q.Body, "\n"), maxBody), fence)
	}
	b.WriteString("\n")
}

// maxBody bounds the request body quoted in the prompt.
const maxBody = 800

// maxLogs bounds the log lines quoted in the prompt; the newest lines,
// nearest the failure, are kept.
const maxLogs = 1500

// writeLogs adds the lines the request wrote to log and slog, newest kept
// when they do not all fit; cut says that older ones were already left out
// of the report.
func writeLogs(b *strings.Builder, logs []report.LogLine, cutBefore bool) {
	if len(logs) == 0 {
		return
	}
	var kept []string
	used := 0
	for i := len(logs) - 1; i >= 0; i-- {
		line := cut(oneLine(logs[i].Text), 300)
		if used+len(line)+1 > maxLogs && len(kept) > 0 {
			cutBefore = true
			break
		}
		kept = append(kept, line)
		used += len(line) + 1
	}
	b.WriteString("## Log lines the request wrote (oldest first)\n\n")
	var body strings.Builder
	if cutBefore {
		body.WriteString("(earlier lines left out)\n")
	}
	for i := len(kept) - 1; i >= 0; i-- {
		body.WriteString(kept[i] + "\n")
	}
	text := body.String()
	fence := codeFence(text)
	b.WriteString(fence + "\n" + text + fence + "\n\n")
}

// codeFence returns a Markdown code fence longer than any run of backticks
// in s.
func codeFence(s string) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

func writeValues(b *strings.Builder, title string, m map[string][]string) {
	if len(m) == 0 {
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(b, "%s:", title)
	for i, k := range keys {
		if i == 20 {
			fmt.Fprintf(b, " (and %d more)", len(keys)-i)
			break
		}
		fmt.Fprintf(b, " %s=%s", cut(k, 60), cut(strings.Join(m[k], ","), 120))
	}
	b.WriteString("\n")
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, "\r\n") {
		s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\r", "")), " ")
	}
	return s
}

// cut shortens s to at most n bytes (on a rune boundary), marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && (s[i]&0xC0) == 0x80 {
		i--
	}
	return s[:i] + fmt.Sprintf("… (%d more bytes)", len(s)-i)
}

// writeDatabase adds what the database said about a failed statement, as
// the driver's error value carried it, when the error held one.
func writeDatabase(b *strings.Builder, d *report.Database) {
	if d == nil {
		return
	}
	engine := d.Engine
	if engine == "" {
		engine = "The database"
	}
	fmt.Fprintf(b, "%s error code %s", engine, d.Code)
	if d.Class != "" {
		fmt.Fprintf(b, " (%s)", d.Class)
	}
	for _, f := range []struct{ name, value string }{{"constraint", d.Constraint}, {"table", d.Table}, {"column", d.Column}} {
		if f.value != "" {
			fmt.Fprintf(b, ", %s %s", f.name, f.value)
		}
	}
	b.WriteString(".\n")
	if d.Detail != "" {
		fmt.Fprintf(b, "Detail: %s\n", cut(oneLine(d.Detail), 300))
	}
	b.WriteString("\n")
}

// moduleRelative returns frames with the app's files named relative to
// their module's root, as the source chunks name them: the prompt then
// says the same wherever the app is checked out, spends no budget on the
// checkout's path, and tells the model nothing of the machine's
// directories.
func moduleRelative(frames []report.Frame) []report.Frame {
	out := make([]report.Frame, len(frames))
	copy(out, frames)
	for i := range out {
		if out[i].Kind != report.FrameApp {
			continue
		}
		if rel, ok := gomodule.Relative(out[i].File); ok {
			out[i].File = rel
		}
	}
	return out
}
