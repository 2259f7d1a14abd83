package page

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// markdownSourceFrames is how many app frames (innermost first) the
// Markdown report shows with their source context.
const markdownSourceFrames = 3

// Markdown returns the whole report as Markdown, ready to paste into an
// issue or a chat. As on the page, the explanation (or why there is none)
// comes first, under the title line and the failure's facts; then the
// error, the app-first trace (app frames with their failing line, runs of
// library frames collapsed into one line), the source context of the
// innermost app frames, the request, the build, the retrieved context and
// the notices.
//
// Text from the report goes into code spans and fenced blocks whose fences
// are longer than any backtick run inside, so a message cannot break out of
// its block.
func Markdown(s redact.Sealed) string {
	return MarkdownWith(s, "")
}

// MarkdownWith is Markdown with afterExplanation, Markdown sections of the
// caller's (a stored report's follow-up questions), placed right after the
// explanation, where the report's page shows them.
func MarkdownWith(s redact.Sealed, afterExplanation string) string {
	if s.IsZero() {
		return ""
	}
	var md string
	s.Read(func(r *report.Report) { md = markdownReport(r, true, afterExplanation) })
	return md
}

// markdownReport writes the report, with its explanation section when
// withExplanation is set. The page embeds the report without the
// explanation, which only exists when the page ends; its "Copy as
// Markdown" button puts the explanation back where this puts it, before
// the first "## " section (assets/page.js).
func markdownReport(r *report.Report, withExplanation bool, afterExplanation string) string {
	var b strings.Builder
	title := firstLine(r.Error.Message)
	switch {
	case title == "" && statusTitle(r) != "":
		fmt.Fprintf(&b, "# %s\n\n", clip(statusTitle(r), 200))
	case title == "":
		fmt.Fprintf(&b, "# %s\n\n", code(clip(r.Error.Type, 200)))
	default:
		fmt.Fprintf(&b, "# %s\n\n", code(clip(title, 200)))
	}

	var facts []string
	if r.Error.Kind != "" {
		facts = append(facts, "**"+r.Error.Kind+"**")
	}
	if r.Error.Kind == report.KindStatus {
		facts = append(facts, typeLabel(r))
	} else if r.Error.Type != "" {
		facts = append(facts, code(r.Error.Type))
	}
	if r.Request.Method != "" || r.Request.URL != "" {
		req := code(strings.TrimSpace(r.Request.Method + " " + r.Request.URL))
		if r.Request.Route != "" {
			req += " (route " + code(r.Request.Route) + ")"
		}
		facts = append(facts, req)
	}
	if r.Status != 0 {
		facts = append(facts, fmt.Sprintf("status %d %s", r.Status, http.StatusText(r.Status)))
	}
	if len(facts) > 0 {
		b.WriteString(strings.Join(facts, " · ") + "\n\n")
	}
	if withExplanation {
		b.WriteString(markdownExplanation(r.Explanation))
		if afterExplanation = strings.Trim(afterExplanation, "\n"); afterExplanation != "" {
			b.WriteString("\n" + afterExplanation + "\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("## Error\n\n")
	fenced(&b, "text", r.Error.Message)
	if len(r.Error.Chain) > 0 {
		b.WriteString("Wrapped errors, outermost first:\n\n")
		for _, c := range r.Error.Chain {
			fmt.Fprintf(&b, "- %s\n", code(clip(c, 500)))
		}
		b.WriteString("\n")
	}

	if len(r.Frames) > 0 {
		b.WriteString("## Stack trace (innermost first)\n\n")
		fenced(&b, "text", markdownTrace(r.Frames)+markdownCreatedBy(r.CreatedBy))
		writeMarkdownSource(&b, r.Frames)
	}
	writeMarkdownGoroutines(&b, r.Goroutines)

	writeMarkdownLogs(&b, r.Logs, r.LogsCut)
	writeMarkdownRequest(&b, r)

	if r.Build != (report.Build{}) || r.Fingerprint != "" {
		b.WriteString("## Build\n\n")
		item(&b, "Go", r.Build.GoVersion)
		item(&b, "Module", r.Build.Module)
		rev := r.Build.Revision
		if rev != "" && r.Build.Modified {
			rev += " (modified)"
		}
		item(&b, "Revision", rev)
		item(&b, "Fingerprint", r.Fingerprint)
		b.WriteString("\n")
	}

	switch r.Mode {
	case report.ModeRAG:
		fmt.Fprintf(&b, "## Retrieved source (retrieval on, %d chunks)\n\n", len(r.Context))
	case report.ModeStatic:
		fmt.Fprintf(&b, "## App source (static context: the failing functions and their callees, from the app's files, %d chunks)\n\n", len(r.Context))
	default:
		b.WriteString("## Retrieved source (retrieval off)\n\n")
	}
	if len(r.Context) == 0 {
		b.WriteString("No source was retrieved; the model saw the trace and the request only.\n\n")
	}
	for _, c := range r.Context {
		line := fmt.Sprintf("- %s", code(fmt.Sprintf("%s:%d-%d", c.File, c.StartLine, c.EndLine)))
		if c.Symbol != "" {
			line += " " + code(c.Symbol)
		}
		fmt.Fprintf(&b, "%s — %s, score %.2f\n", line, c.Reason, c.Score)
	}
	if len(r.Context) > 0 {
		b.WriteString("\n")
	}

	if len(r.Notices) > 0 {
		b.WriteString("## Notices\n\n")
		for _, n := range r.Notices {
			fmt.Fprintf(&b, "- %s\n", oneLine(n))
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// markdownTrace lists frames innermost first: each app frame with its
// location and failing line, each run of two or more library frames as one
// line that counts them and names their packages.
func markdownTrace(frames []report.Frame) string {
	var b strings.Builder
	items, _, _ := groupFrames(frames, false)
	for _, it := range items {
		if it.App != nil {
			writeTraceFrame(&b, "app", *it.App)
			if src := frames[it.App.Index].Source; src != nil {
				if t := src.LineText(); t != "" {
					b.WriteString("      > " + strconv.Itoa(src.Line) + " | " + strings.TrimSpace(t) + "\n")
				}
			}
			continue
		}
		if len(it.Library) == 1 {
			writeTraceFrame(&b, "lib", it.Library[0])
			continue
		}
		b.WriteString("  … " + strconv.Itoa(len(it.Library)) + " library frames: " + it.Packages + "\n")
	}
	return b.String()
}

func writeTraceFrame(b *strings.Builder, label string, f frameView) {
	repeat := ""
	if f.Repeat > 1 {
		repeat = " ×" + strconv.Itoa(f.Repeat)
	}
	// As fmt's "%-5s %s%s\n      %s:%d\n".
	b.WriteString(label)
	for range 5 - utf8.RuneCountInString(label) {
		b.WriteByte(' ')
	}
	b.WriteString(" " + f.Function + repeat + "\n      " + f.File + ":" + strconv.Itoa(f.Line) + "\n")
}

// writeMarkdownSource writes the source context of the innermost app frames.
func writeMarkdownSource(b *strings.Builder, frames []report.Frame) {
	shown := 0
	for _, f := range frames {
		if f.Kind != report.FrameApp || f.Source == nil || len(f.Source.Lines) == 0 {
			continue
		}
		if shown == 0 {
			b.WriteString("## Source\n\n")
		}
		shown++
		fmt.Fprintf(b, "### %s — %s\n\n", code(shortFunction(f.Function)), code(fmt.Sprintf("%s:%d", f.File, f.Line)))
		width := len(fmt.Sprint(f.Source.StartLine + len(f.Source.Lines) - 1))
		var src strings.Builder
		for i, l := range f.Source.Lines {
			no := f.Source.StartLine + i
			mark := " "
			if no == f.Source.Line {
				mark = ">"
			}
			// As fmt's "%s %*d | %s\n", which costs more than the rest of
			// the report.
			src.WriteString(mark)
			src.WriteByte(' ')
			n := strconv.Itoa(no)
			for range width - len(n) {
				src.WriteByte(' ')
			}
			src.WriteString(n)
			src.WriteString(" | ")
			src.WriteString(l)
			src.WriteByte('\n')
		}
		fenced(b, "go", src.String())
		if shown == markdownSourceFrames {
			break
		}
	}
}

func writeMarkdownRequest(b *strings.Builder, r *report.Report) {
	q := r.Request
	if q.Method == "" && q.URL == "" {
		return
	}
	var t strings.Builder
	fmt.Fprintf(&t, "%s %s\n", q.Method, q.URL)
	if q.Route != "" {
		fmt.Fprintf(&t, "Route: %s\n", q.Route)
	}
	if r.Status != 0 {
		fmt.Fprintf(&t, "Status: %d\n", r.Status)
	}
	for _, sec := range []struct {
		name  string
		pairs []pair
	}{
		{"Headers", sortedPairs(q.Headers)},
		{"Query", sortedMulti(q.Query)},
		{"Form", sortedMulti(q.Form)},
	} {
		if len(sec.pairs) == 0 {
			continue
		}
		fmt.Fprintf(&t, "%s:\n", sec.name)
		for _, p := range sec.pairs {
			t.WriteString("  " + p.Key + ": " + oneLine(p.Value) + "\n")
		}
	}
	b.WriteString("## Request\n\n")
	fenced(b, "text", t.String())
	if q.Body != "" {
		b.WriteString("Body, as the handler read it:\n\n")
		lang := "text"
		if strings.HasSuffix(q.BodyType, "json") {
			lang = "json"
		}
		fenced(b, lang, q.Body)
	}
}

// markdownExplanation writes the explanation section: who made it, then the
// text, or why there is none.
func markdownExplanation(ex report.Explanation) string {
	var b strings.Builder
	b.WriteString("## Explanation\n\n")
	switch {
	case ex.Provider == "offline" && ex.Fallback != "":
		b.WriteString("_Offline analysis_")
	case ex.Provider == "offline":
		b.WriteString("_Offline analysis (no model configured)_")
	case ex.Model != "":
		b.WriteString("_Explained by " + strings.ReplaceAll(oneLine(ex.Model), "_", `\_`) + "_")
	case ex.Provider != "":
		b.WriteString("_Explained by " + strings.ReplaceAll(oneLine(ex.Provider), "_", `\_`) + "_")
	}
	if bs := badges(ex); len(bs) > 0 {
		b.WriteString(" · " + strings.Join(bs, " · "))
	}
	b.WriteString("\n\n")
	if ex.Fallback != "" {
		fmt.Fprintf(&b, "> %s\n\n", oneLine(ex.Fallback))
	} else if ex.Error != "" {
		fmt.Fprintf(&b, "> **The model could not explain this failure:** %s\n\n", oneLine(ex.Error))
	}
	if text := strings.TrimSpace(ex.Text); text != "" {
		b.WriteString(text + "\n")
	} else if ex.Error == "" {
		b.WriteString("No explanation was made.\n")
	}
	return b.String()
}

// code returns s as a Markdown code span, with a backtick fence longer than
// any run of backticks in s. Line breaks become spaces.
func code(s string) string {
	s = oneLine(s)
	if s == "" {
		return "` `"
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || fence != "`" {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// fenced writes s as a fenced code block whose fence is longer than any run
// of backticks in s.
func fenced(b *strings.Builder, lang, s string) {
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	b.WriteString(fence + lang + "\n")
	b.WriteString(strings.TrimRight(s, "\n"))
	b.WriteString("\n" + fence + "\n\n")
}

func item(b *strings.Builder, name, value string) {
	if value != "" {
		fmt.Fprintf(b, "- %s: %s\n", name, code(value))
	}
}

// oneLine joins the lines of s with spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
