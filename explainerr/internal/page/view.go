package page

import (
	"cmp"
	"fmt"
	"net/http"
	"path"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// messageHead is how many bytes of the error message the header shows; the
// rest is behind a disclosure.
const messageHead = 2048

// openAppFrames is how many app frames (innermost first) show their source
// without a click.
const openAppFrames = 3

// startView is what the top part of the page is made from.
type startView struct {
	Nonce   string
	Title   string
	Kind    string
	Type    string
	Message string
	// Heading stands in for an empty Message: a status failure's status
	// and writer.
	Heading  string
	MoreText string
	MoreSize string
	Chain    []string
	Status   int
	StatusTx string
	Request  report.Request
	Time     string
	Notices  []string
	Trace    []traceItem
	AppCount int
	LibCount int
	Headers  []pair
	Query    []pair
	Form     []pair
	RAG      bool
	Static   bool // the static context: source read from the app's files
	Context  []chunkView
	Build    report.Build
	Finger   string
	Prompt   report.Prompt
	Markdown string

	// Logs are the lines the request wrote to log and slog; LogsCut says
	// that older ones were left out.
	Logs    []report.LogLine
	LogsCut bool

	// CreatedBy is the go statement that started the failing goroutine;
	// Goroutines are other goroutines of the failure (a deadlock's).
	CreatedBy  *frameView
	Goroutines []goroutineView
}

// traceItem is either one app frame or a run of library frames.
type traceItem struct {
	App     *frameView
	Library []frameView
	// Packages names the packages of a library run, in order of
	// appearance, or the function of a run of one.
	Packages string
}

// frameView is one frame as the page shows it.
type frameView struct {
	Index    int // position in the report's frames, from 0
	Function string
	Short    string // the function without its package's directory
	File     string
	Dir      string
	Base     string
	Line     int
	Kind     string
	Repeat   int
	Source   []lineView
	Open     bool
	// Link opens File at Line in the developer's editor; "" for none.
	Link string
}

// lineView is one numbered source line.
type lineView struct {
	No   int
	Text string
	Hit  bool
}

// pair is one row of a key/value table.
type pair struct{ Key, Value string }

// chunkView is one retrieved chunk of source.
type chunkView struct {
	report.Chunk
	Score string
	Lines []lineView
	// Link opens the chunk's first line in the developer's editor; ""
	// for none.
	Link string
}

// endView is what the explanation block is made from.
type endView struct {
	Offline bool
	// Fallback says why the offline analysis stands in for the model.
	Fallback string
	Provider string
	Model    string
	Badges   []string
	Error    string
	HTML     HTML
	Markdown string
	Empty    bool
}

func newStartView(r *report.Report, nonce string) startView {
	v := startView{
		Nonce:    nonce,
		Kind:     r.Error.Kind,
		Type:     typeLabel(r),
		Chain:    r.Error.Chain,
		Status:   r.Status,
		StatusTx: http.StatusText(r.Status),
		Request:  r.Request,
		Notices:  r.Notices,
		Headers:  sortedPairs(r.Request.Headers),
		Query:    sortedMulti(r.Request.Query),
		Form:     sortedMulti(r.Request.Form),
		RAG:      r.Mode == report.ModeRAG,
		Static:   r.Mode == report.ModeStatic,
		Build:    r.Build,
		Finger:   r.Fingerprint,
		Prompt:   r.Prompt,
		Markdown: markdownReport(r, false, ""),
		Logs:     r.Logs,
		LogsCut:  r.LogsCut,
	}
	v.Message, v.MoreText = splitMessage(r.Error.Message, messageHead)
	if v.MoreText != "" {
		v.MoreSize = byteSize(len(v.MoreText))
	}
	v.Title = firstLine(r.Error.Message)
	if v.Title == "" {
		v.Heading = statusTitle(r)
		v.Title = cmp.Or(v.Heading, r.Error.Type)
	}
	v.Title = clip(v.Title, 120) + " · explainerr"
	if !r.Time.IsZero() {
		v.Time = r.Time.Format(time.RFC3339)
	}
	v.Trace, v.AppCount, v.LibCount = traceItems(r.Frames)
	v.CreatedBy, v.Goroutines = createdByView(r.CreatedBy), goroutineViews(r.Goroutines)
	for _, c := range r.Context {
		cv := chunkView{Chunk: c, Lines: numbered(c.Text, c.StartLine, 0)}
		if c.Score != 0 {
			// Retrieved chunks are ranked; chunks of the static context are not.
			cv.Score = fmt.Sprintf("%.2f", c.Score)
		}
		v.Context = append(v.Context, cv)
	}
	return v
}

// traceItems groups frames (innermost first) into app frames and runs of
// library frames, and counts both.
func traceItems(frames []report.Frame) (items []traceItem, apps, libs int) {
	return groupFrames(frames, true)
}

// groupFrames is traceItems, with the frames' numbered source lines only
// when withSource is true.
func groupFrames(frames []report.Frame, withSource bool) (items []traceItem, apps, libs int) {
	for i, f := range frames {
		if !withSource {
			f.Source = nil
		}
		fv := newFrameView(i, f)
		if f.Kind == report.FrameApp {
			fv.Open = apps < openAppFrames
			apps++
			items = append(items, traceItem{App: &fv})
			continue
		}
		libs++
		if n := len(items); n > 0 && items[n-1].App == nil {
			items[n-1].Library = append(items[n-1].Library, fv)
			continue
		}
		items = append(items, traceItem{Library: []frameView{fv}})
	}
	for i := range items {
		switch lib := items[i].Library; {
		case items[i].App != nil:
		case len(lib) == 1:
			items[i].Packages = lib[0].Function
		default:
			items[i].Packages = packages(lib)
		}
	}
	return items, apps, libs
}

func newFrameView(i int, f report.Frame) frameView {
	dir, base := path.Split(f.File)
	fv := frameView{
		Index:    i,
		Function: f.Function,
		Short:    shortFunction(f.Function),
		File:     f.File,
		Dir:      dir,
		Base:     base,
		Line:     f.Line,
		Kind:     f.Kind,
		Repeat:   f.Repeat,
	}
	if f.Source != nil {
		fv.Source = numberedLines(f.Source.Lines, f.Source.StartLine, f.Source.Line)
	}
	return fv
}

// numbered splits text into lines numbered from start, marking line hit.
func numbered(text string, start, hit int) []lineView {
	if text == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	out := make([]lineView, len(lines))
	for i, l := range lines {
		out[i] = lineView{No: start + i, Text: l, Hit: start+i == hit}
	}
	return out
}

// numberedLines is numbered(strings.Join(lines, "\n"), start, hit) without
// joining and splitting again.
func numberedLines(lines []string, start, hit int) []lineView {
	if len(lines) == 0 || len(lines) == 1 && lines[0] == "" {
		return nil
	}
	for _, l := range lines {
		if strings.Contains(l, "\n") {
			return numbered(strings.Join(lines, "\n"), start, hit)
		}
	}
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	out := make([]lineView, len(lines))
	for i, l := range lines {
		out[i] = lineView{No: start + i, Text: l, Hit: start+i == hit}
	}
	return out
}

// shortFunction drops the directory part of a function's package path:
// "example.com/app/store.(*DB).Get" becomes "store.(*DB).Get".
func shortFunction(fn string) string {
	// A generic instantiation may contain slashes in brackets; only look
	// before the first bracket.
	head := fn
	if i := strings.IndexByte(head, '['); i >= 0 {
		head = head[:i]
	}
	if i := strings.LastIndexByte(head, '/'); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

// packageOf returns the package path of a qualified function name.
func packageOf(fn string) string {
	head := fn
	if i := strings.IndexByte(head, '['); i >= 0 {
		head = head[:i]
	}
	slash := strings.LastIndexByte(head, '/')
	if i := strings.IndexByte(head[slash+1:], '.'); i >= 0 {
		return fn[:slash+1+i]
	}
	return fn
}

// packages lists the distinct packages of frames, in order, at most four.
func packages(frames []frameView) string {
	var names []string
	seen := map[string]bool{}
	more := 0
	for _, f := range frames {
		p := packageOf(f.Function)
		if m := stack.ModulePackageOf(f.File); m != "" && m != p && !strings.HasPrefix(p, m+"/") {
			p = m // a library's code inlined into a function named after another package
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		if len(names) == 4 {
			more++
			continue
		}
		names = append(names, p)
	}
	s := strings.Join(names, ", ")
	if more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

func sortedPairs(m map[string]string) []pair {
	out := make([]pair, 0, len(m))
	for k, v := range m {
		out = append(out, pair{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

func sortedMulti(m map[string][]string) []pair {
	out := make([]pair, 0, len(m))
	for k, v := range m {
		out = append(out, pair{k, strings.Join(v, ", ")})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// splitMessage cuts s after about n bytes, at a line break when one is
// near, never inside a UTF-8 sequence.
func splitMessage(s string, n int) (head, rest string) {
	if len(s) <= n {
		return s, ""
	}
	cut := n
	if nl := strings.LastIndexByte(s[:n], '\n'); nl > n/2 {
		cut = nl + 1
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut], s[cut:]
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// clip shortens s to at most n runes, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

func newEndView(ex report.Explanation) endView {
	v := endView{
		Offline:  ex.Provider == "offline",
		Fallback: ex.Fallback,
		Provider: ex.Provider,
		Model:    ex.Model,
		Error:    ex.Error,
		Badges:   badges(ex),
		Markdown: markdownExplanation(ex),
		Empty:    strings.TrimSpace(ex.Text) == "" && ex.Error == "",
	}
	switch {
	case strings.TrimSpace(ex.Text) == "":
	case v.Offline || ex.Fallback != "":
		v.HTML = renderOffline(ex.Text)
	default:
		v.HTML = RenderMarkdown(ex.Text)
	}
	return v
}

// badges are the short facts shown next to the provider's name.
func badges(ex report.Explanation) []string {
	var out []string
	if ex.Cached {
		out = append(out, "cached")
	}
	if ex.Throttled {
		out = append(out, "throttled")
	}
	if ex.Truncated {
		out = append(out, "truncated at the token limit")
	}
	if ex.Usage != nil && (ex.Usage.PromptTokens > 0 || ex.Usage.CompletionTokens > 0) {
		out = append(out, fmt.Sprintf("%d + %d tokens", ex.Usage.PromptTokens, ex.Usage.CompletionTokens))
	}
	if ex.CostUSD > 0 {
		out = append(out, cost(ex.CostUSD))
	}
	if ex.DurationMS > 0 {
		out = append(out, duration(ex.DurationMS))
	}
	return out
}

// cost formats an estimated cost; one too small to show at four decimals
// is "< $0.0001", never "$0.0000".
func cost(usd float64) string {
	if usd < 0.00005 {
		return "< $0.0001"
	}
	if usd < 0.01 {
		return fmt.Sprintf("≈ $%.4f", usd)
	}
	return fmt.Sprintf("≈ $%.2f", usd)
}

func duration(ms int64) string {
	if ms < 1000 {
		return fmt.Sprintf("%d ms", ms)
	}
	return fmt.Sprintf("%.1f s", float64(ms)/1000)
}
