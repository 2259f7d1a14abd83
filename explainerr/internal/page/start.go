package page

import (
	"bytes"
	"cmp"
	"strconv"
)

// writeStart writes the top part of the page from v, as html/template
// would from the markup in testdata/start.tmpl (a test holds the two to
// the same bytes): every string is escaped with htmlText, which is what
// html/template applies to a string in HTML text, in RCDATA (title,
// textarea) and in a quoted attribute alike. It is written in Go because
// the page is rendered on every failure and html/template evaluates each
// field and escaper by reflection.
func writeStart(b *bytes.Buffer, v *startView) {
	esc := func(s string) { htmlText.WriteString(b, s) }
	plural := func(n int, one, many string) {
		if n == 1 {
			b.WriteString(one)
		} else {
			b.WriteString(many)
		}
	}
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" +
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" +
		"<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"robots\" content=\"noindex\">\n<title>")
	esc(v.Title)
	b.WriteString("</title>\n<style nonce=\"")
	esc(v.Nonce)
	b.WriteString("\">")
	b.WriteString(string(pageCSS))
	b.WriteString("</style>\n</head>\n<body>\n<div class=\"page\">\n<header class=\"head\">\n<div class=\"badges\">")
	if v.Kind != "" {
		b.WriteString("<span class=\"tag tag-kind kind-")
		esc(v.Kind)
		b.WriteString("\">")
		esc(v.Kind)
		b.WriteString("</span>")
	}
	if v.Type != "" {
		b.WriteString("<code class=\"type\">")
		esc(v.Type)
		b.WriteString("</code>")
	}
	if v.Status != 0 {
		b.WriteString("<span class=\"tag tag-status\">")
		b.WriteString(strconv.Itoa(v.Status))
		b.WriteString(" ")
		esc(v.StatusTx)
		b.WriteString("</span>")
	}
	b.WriteString("\n<span class=\"spacer\"></span>\n<button type=\"button\" class=\"btn\" data-copy-report hidden>Copy as Markdown</button>\n</div>\n<h1 class=\"message\">")
	esc(cmp.Or(v.Message, v.Heading))
	b.WriteString("</h1>")
	if v.MoreText != "" {
		b.WriteString("\n<details class=\"more\"><summary>Show the rest of the message (")
		esc(v.MoreSize)
		b.WriteString(")</summary><pre class=\"message-rest\">\n")
		esc(v.MoreText)
		b.WriteString("</pre></details>")
	}
	if len(v.Chain) > 0 {
		b.WriteString("\n<ol class=\"chain\">")
		for _, c := range v.Chain {
			b.WriteString("<li><span class=\"muted\">wraps</span> <code>")
			esc(c)
			b.WriteString("</code></li>")
		}
		b.WriteString("</ol>")
	}
	if v.Request.Method != "" || v.Request.URL != "" {
		b.WriteString("\n<p class=\"req\"><span class=\"method\">")
		esc(v.Request.Method)
		b.WriteString("</span> <code class=\"url\">")
		esc(v.Request.URL)
		b.WriteString("</code>")
		if v.Request.Route != "" {
			b.WriteString(" <span class=\"muted\">route</span> <code>")
			esc(v.Request.Route)
			b.WriteString("</code>")
		}
		if v.Time != "" {
			b.WriteString(" <span class=\"muted time\">")
			esc(v.Time)
			b.WriteString("</span>")
		}
		b.WriteString("</p>")
	}
	b.WriteString("\n</header>")
	if len(v.Notices) > 0 {
		b.WriteString("\n<section class=\"notices\" aria-label=\"Notices\">\n<ul>")
		for _, n := range v.Notices {
			b.WriteString("<li>")
			esc(n)
			b.WriteString("</li>")
		}
		b.WriteString("</ul>\n</section>")
	}
	writeStartTrace(b, v, esc, plural)
	writeStartRequest(b, v, esc)
	writeStartRest(b, v, esc, plural)
}

// writeStartTrace writes the trace, the "created by" frame, the other
// goroutines and the request's log lines.
func writeStartTrace(b *bytes.Buffer, v *startView, esc func(string), plural func(int, string, string)) {
	b.WriteString("\n<section class=\"trace\" id=\"trace\">\n<h2>Stack trace <small>innermost first · ")
	b.WriteString(strconv.Itoa(v.AppCount))
	plural(v.AppCount, " app frame", " app frames")
	b.WriteString(" · ")
	b.WriteString(strconv.Itoa(v.LibCount))
	plural(v.LibCount, " library frame", " library frames")
	b.WriteString("</small></h2>")
	if len(v.Trace) == 0 {
		b.WriteString("\n<p class=\"muted\">No stack frames were captured.</p>")
	}
	writeTraceItems(b, v.Trace)
	if f := v.CreatedBy; f != nil {
		b.WriteString("\n<div class=\"frame createdby\"><span class=\"muted\">created by</span> ")
		writeFrameHead(b, *f)
		b.WriteString(" <span class=\"tag tag-")
		esc(f.Kind)
		b.WriteString("\">")
		esc(f.Kind)
		b.WriteString("</span></div>")
	}
	b.WriteString("\n</section>")
	if len(v.Goroutines) > 0 {
		b.WriteString("\n<section class=\"goroutines\" id=\"goroutines\">\n<h2>Other stacks in the app's code <small>")
		b.WriteString(strconv.Itoa(len(v.Goroutines)))
		b.WriteString("</small></h2>")
		for _, g := range v.Goroutines {
			b.WriteString("\n<div class=\"goroutine\"><p><code>goroutine ")
			b.WriteString(strconv.Itoa(g.ID))
			b.WriteString(" [")
			esc(g.State)
			b.WriteString("]</code>")
			if g.More != 0 {
				b.WriteString(" <span class=\"muted\">and ")
				b.WriteString(strconv.Itoa(g.More))
				b.WriteString(" more the same way</span>")
			}
			b.WriteString("</p>\n<ol class=\"libframes\">")
			writeLibraryItems(b, g.Frames)
			if g.CreatedBy != nil {
				b.WriteString("<li><span class=\"muted\">created by</span> ")
				writeFrameHead(b, *g.CreatedBy)
				b.WriteString("</li>")
			}
			b.WriteString("</ol></div>")
		}
		b.WriteString("\n</section>")
	}
	if len(v.Logs) > 0 {
		b.WriteString("\n<section class=\"logs\" id=\"logs\">\n<h2>What the request logged <small>")
		b.WriteString(strconv.Itoa(len(v.Logs)))
		plural(len(v.Logs), " line", " lines")
		b.WriteString(" · log and slog, oldest first")
		if v.LogsCut {
			b.WriteString(" · earlier lines left out")
		}
		b.WriteString("</small></h2>\n<pre class=\"loglines\">\n")
		for _, l := range v.Logs {
			esc(l.Text)
			b.WriteString("\n")
		}
		b.WriteString("</pre>\n</section>")
	}
}

// writeStartRequest writes the request section.
func writeStartRequest(b *bytes.Buffer, v *startView, esc func(string)) {
	b.WriteString("\n<section class=\"request\" id=\"request\">\n<h2>Request</h2>\n<dl class=\"facts\">\n<dt>Method</dt><dd>")
	esc(v.Request.Method)
	b.WriteString("</dd>\n<dt>URL</dt><dd><code>")
	esc(v.Request.URL)
	b.WriteString("</code></dd>")
	if v.Request.Route != "" {
		b.WriteString("<dt>Route</dt><dd><code>")
		esc(v.Request.Route)
		b.WriteString("</code></dd>")
	}
	if v.Status != 0 {
		b.WriteString("<dt>Status</dt><dd>")
		b.WriteString(strconv.Itoa(v.Status))
		b.WriteString(" ")
		esc(v.StatusTx)
		b.WriteString("</dd>")
	}
	b.WriteString("\n</dl>")
	for _, t := range []tableView{{"Headers", v.Headers}, {"Query", v.Query}, {"Form", v.Form}} {
		if len(t.Rows) == 0 {
			continue
		}
		b.WriteString("\n<h3>")
		esc(t.Name)
		b.WriteString("</h3>\n<table class=\"kv\"><tbody>")
		for _, r := range t.Rows {
			b.WriteString("<tr><th scope=\"row\">")
			esc(r.Key)
			b.WriteString("</th><td>")
			esc(r.Value)
			b.WriteString("</td></tr>")
		}
		b.WriteString("</tbody></table>")
	}
	if v.Request.Body != "" {
		b.WriteString("\n<h3>Body <small class=\"muted\">as the handler read it")
		if v.Request.BodyType != "" {
			b.WriteString(" · ")
			esc(v.Request.BodyType)
		}
		b.WriteString("</small></h3>\n<pre class=\"reqbody\">\n")
		esc(v.Request.Body)
		b.WriteString("</pre>")
	}
	b.WriteString("\n<p class=\"muted small\">Values of sensitive names (keys, tokens, passwords, cookies, sessions) are redacted.</p>\n</section>")
}

// writeStartRest writes the retrieved source, the build, the prompt, the
// Markdown report and the script, and opens the explanation block.
func writeStartRest(b *bytes.Buffer, v *startView, esc func(string), plural func(int, string, string)) {
	b.WriteString("\n<section class=\"context\" id=\"context\">\n<h2>")
	switch {
	case v.Static:
		b.WriteString("App source <small>static context, from the app's files · ")
		b.WriteString(strconv.Itoa(len(v.Context)))
		plural(len(v.Context), " chunk", " chunks")
	case v.RAG:
		b.WriteString("Retrieved source <small>retrieval on · ")
		b.WriteString(strconv.Itoa(len(v.Context)))
		plural(len(v.Context), " chunk", " chunks")
	default:
		b.WriteString("Retrieved source <small>retrieval off")
	}
	b.WriteString("</small></h2>")
	if len(v.Context) == 0 {
		if v.Static {
			b.WriteString("\n<p class=\"muted\">The app's files held no source for the failing frames: the model saw the trace and the request only.</p>")
		} else if v.RAG {
			b.WriteString("\n<p class=\"muted\">No source was retrieved.</p>")
		} else {
			b.WriteString("\n<p class=\"muted\">Retrieval was off: the model saw the trace and the request only.</p>")
		}
	}
	for _, c := range v.Context {
		b.WriteString("\n<details class=\"chunk\">\n<summary>")
		if c.Link != "" {
			b.WriteString("<a class=\"loc\" href=\"")
			esc(c.Link)
			b.WriteString("\">")
		}
		b.WriteString("<code>")
		esc(c.File)
		b.WriteString(":")
		b.WriteString(strconv.Itoa(c.StartLine))
		b.WriteString("–")
		b.WriteString(strconv.Itoa(c.EndLine))
		b.WriteString("</code>")
		if c.Link != "" {
			b.WriteString("</a>")
		}
		if c.Symbol != "" {
			b.WriteString(" <code class=\"sym\">")
			esc(c.Symbol)
			b.WriteString("</code>")
		}
		b.WriteString(" <span class=\"tag tag-reason\">")
		esc(c.Reason)
		b.WriteString("</span>")
		if c.Score != "" {
			b.WriteString(" <span class=\"muted score\">score ")
			esc(c.Score)
			b.WriteString("</span>")
		}
		b.WriteString("</summary>")
		if len(c.Lines) > 0 {
			b.WriteString("\n<div class=\"src\">")
			writeSourceLines(b, c.Lines, false)
			b.WriteString("</div>")
		}
		b.WriteString("\n</details>")
	}
	b.WriteString("\n</section>\n<section class=\"build\" id=\"build\">\n<h2>Build</h2>\n<dl class=\"facts\">")
	if v.Build.GoVersion != "" {
		b.WriteString("<dt>Go</dt><dd>")
		esc(v.Build.GoVersion)
		b.WriteString("</dd>")
	}
	if v.Build.Module != "" {
		b.WriteString("<dt>Module</dt><dd><code>")
		esc(v.Build.Module)
		b.WriteString("</code></dd>")
	}
	if v.Build.Revision != "" {
		b.WriteString("<dt>Revision</dt><dd><code>")
		esc(v.Build.Revision)
		b.WriteString("</code>")
		if v.Build.Modified {
			b.WriteString(" <span class=\"tag\">modified</span>")
		}
		b.WriteString("</dd>")
	}
	if v.Finger != "" {
		b.WriteString("<dt>Fingerprint</dt><dd><code>")
		esc(v.Finger)
		b.WriteString("</code></dd>")
	}
	if v.Time != "" {
		b.WriteString("<dt>Time</dt><dd>")
		esc(v.Time)
		b.WriteString("</dd>")
	}
	b.WriteString("\n</dl>\n</section>\n<section class=\"prompt\" id=\"prompt\">\n" +
		"<h2>Prompt <small>exactly what was, or would be, sent to the model</small></h2>\n" +
		"<details><summary>System message</summary><div class=\"copyable\"><button type=\"button\" class=\"btn copy\" data-copy=\"prompt-system\" hidden>Copy</button><pre id=\"prompt-system\">\n")
	esc(v.Prompt.System)
	b.WriteString("</pre></div></details>\n" +
		"<details><summary>User message</summary><div class=\"copyable\"><button type=\"button\" class=\"btn copy\" data-copy=\"prompt-user\" hidden>Copy</button><pre id=\"prompt-user\">\n")
	esc(v.Prompt.User)
	b.WriteString("</pre></div></details>\n</section>\n<section class=\"mdreport\" id=\"markdown\">\n" +
		"<details><summary>Report as Markdown</summary><textarea id=\"md-report\" readonly rows=\"16\" spellcheck=\"false\">\n")
	esc(v.Markdown)
	b.WriteString("</textarea></details>\n</section>\n<script nonce=\"")
	esc(v.Nonce)
	b.WriteString("\">")
	b.WriteString(string(pageJS))
	b.WriteString("</script>\n<section class=\"explain\" id=\"explanation\" aria-live=\"polite\">\n<h2>Explanation</h2>\n" +
		"<div class=\"stream\"><p class=\"pending\"><span class=\"pulse\"></span>explaining…</p><div class=\"stream-text\">")
}
