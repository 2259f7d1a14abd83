package page

import (
	"bytes"
	"strconv"
	"strings"
)

// The trace is most of the page's markup: a head per frame and a row per
// source line. They are written in Go, with the escaping html/template
// applies to a string in HTML text and in a quoted attribute (the same in
// both), for writeStart.

// htmlText escapes s as html/template escapes a string in text or in a
// quoted attribute value: NUL becomes U+FFFD and " & ' + < > become
// character references; everything else is kept as is.
var htmlText = strings.NewReplacer(
	"\x00", "\uFFFD",
	`"`, "&#34;",
	"&", "&amp;",
	"'", "&#39;",
	"+", "&#43;",
	"<", "&lt;",
	">", "&gt;",
)

// writeFrameHead writes a frame's function, repetition badge and location.
func writeFrameHead(b *bytes.Buffer, f frameView) {
	line := strconv.Itoa(f.Line)
	b.WriteString(`<span class="fn" title="`)
	htmlText.WriteString(b, f.Function)
	b.WriteString(`">`)
	htmlText.WriteString(b, f.Short)
	b.WriteString(`</span>`)
	if f.Repeat > 1 {
		n := strconv.Itoa(f.Repeat)
		b.WriteString(` <span class="tag tag-repeat" title="`)
		b.WriteString(n)
		b.WriteString(` identical consecutive frames">×`)
		b.WriteString(n)
		b.WriteString(`</span>`)
	}
	if f.Link != "" {
		b.WriteString(` <a class="loc" href="`)
		htmlText.WriteString(b, f.Link)
		b.WriteString(`" title="`)
	} else {
		b.WriteString(` <span class="loc" title="`)
	}
	htmlText.WriteString(b, f.File)
	b.WriteString(`:`)
	b.WriteString(line)
	b.WriteString(`"><span class="dir">`)
	htmlText.WriteString(b, f.Dir)
	b.WriteString(`</span><b>`)
	htmlText.WriteString(b, f.Base)
	b.WriteString(`</b>:`)
	b.WriteString(line)
	if f.Link != "" {
		b.WriteString(`</a>`)
	} else {
		b.WriteString(`</span>`)
	}
}

// writeLibraryItems writes a run of frames as list items, each a frame
// head and the frame's kind.
func writeLibraryItems(b *bytes.Buffer, frames []frameView) {
	for _, f := range frames {
		b.WriteString(`<li>`)
		writeFrameHead(b, f)
		b.WriteString(` <span class="tag tag-`)
		htmlText.WriteString(b, f.Kind)
		b.WriteString(`">`)
		htmlText.WriteString(b, f.Kind)
		b.WriteString(`</span></li>`)
	}
}

// writeSourceLines writes numbered source lines, the failing one marked
// hit when marks is true.
func writeSourceLines(b *bytes.Buffer, lines []lineView, marks bool) {
	for _, l := range lines {
		b.WriteString(`<div class="ln`)
		if marks && l.Hit {
			b.WriteString(` hit`)
		}
		b.WriteString(`"><span class="no">`)
		b.WriteString(strconv.Itoa(l.No))
		b.WriteString(`</span><code>`)
		htmlText.WriteString(b, l.Text)
		b.WriteString(`</code></div>`)
	}
}

// writeTraceItems writes the trace's items: each app frame as a disclosure
// of its source (open for the innermost ones) or a line when it has none,
// and each run of library frames as one disclosure listing them.
func writeTraceItems(b *bytes.Buffer, items []traceItem) {
	for _, it := range items {
		if f := it.App; f != nil {
			if len(f.Source) == 0 {
				b.WriteString("\n<div class=\"frame app nosrc\">")
				writeFrameHead(b, *f)
				b.WriteString("</div>")
				continue
			}
			b.WriteString("\n<details class=\"frame app\"")
			if f.Open {
				b.WriteString(" open")
			}
			b.WriteString(">\n<summary>")
			writeFrameHead(b, *f)
			b.WriteString("</summary>\n<div class=\"src\">")
			writeSourceLines(b, f.Source, true)
			b.WriteString("</div>\n</details>")
			continue
		}
		b.WriteString("\n<details class=\"frame lib\">\n<summary><span class=\"count\">")
		b.WriteString(strconv.Itoa(len(it.Library)))
		if len(it.Library) == 1 {
			b.WriteString(" library frame</span>")
		} else {
			b.WriteString(" library frames</span>")
		}
		b.WriteString(" <span class=\"muted pkgs\">")
		htmlText.WriteString(b, it.Packages)
		b.WriteString("</span></summary>\n<ol class=\"libframes\">")
		writeLibraryItems(b, it.Library)
		b.WriteString("</ol>\n</details>")
	}
}
