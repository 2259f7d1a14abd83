package page

import "strings"

// offlineHint tells a reader of the offline analysis how to have a model
// explain failures instead.
const offlineHint = `No model is configured: this is a deterministic analysis of the trace and the source. ` +
	`Set <code>OPENAI_API_KEY</code>, or <code>OPENAI_BASE_URL</code> for a local OpenAI-compatible server such as Ollama, ` +
	`to have a model explain failures (see the README).`

// writeEnd writes the end of the page from v, as html/template would from
// the markup in testdata/end.tmpl (a test holds the two to the same bytes):
// who explained, the badges, the fallback or model error, the rendered
// explanation and its Markdown source, and the closing tags. The newline
// after the textarea's opening tag is there because the HTML parser drops
// one newline right after it, so that a text starting with a newline keeps
// it.
func writeEnd(b *strings.Builder, v *endView) {
	esc := func(s string) { htmlText.WriteString(b, s) }
	b.WriteString("</div></div>\n<div class=\"final\">\n<p class=\"provider\">")
	switch {
	case v.Offline:
		b.WriteString(`<span class="tag tag-offline">Offline analysis</span>`)
	case v.Model != "":
		b.WriteString(`<span class="tag tag-model">Explained by `)
		esc(v.Model)
		b.WriteString(`</span>`)
	case v.Provider != "":
		b.WriteString(`<span class="tag tag-model">Explained by `)
		esc(v.Provider)
		b.WriteString(`</span>`)
	}
	for _, badge := range v.Badges {
		b.WriteString(` <span class="tag">`)
		esc(badge)
		b.WriteString(`</span>`)
	}
	b.WriteString("</p>")
	switch {
	case v.Fallback != "":
		b.WriteString("\n<div class=\"ex-fallback\" role=\"status\">")
		esc(v.Fallback)
		b.WriteString("</div>")
	case v.Offline:
		b.WriteString("\n<p class=\"hint muted\">" + offlineHint + "</p>")
	}
	if v.Error != "" && v.Fallback == "" {
		b.WriteString("\n<div class=\"ex-error\" role=\"alert\"><strong>The model could not explain this failure:</strong> ")
		esc(v.Error)
		b.WriteString("</div>")
	}
	switch {
	case v.HTML != "":
		b.WriteString("\n<div class=\"md\">")
		b.WriteString(string(v.HTML))
		b.WriteString("</div>")
	case v.Empty:
		b.WriteString("\n<p class=\"muted\">No explanation was made.</p>")
	}
	b.WriteString("\n<textarea id=\"md-explanation\" hidden readonly>\n")
	esc(v.Markdown)
	b.WriteString("</textarea>\n</div>\n</section>\n</div>\n</body>\n</html>\n")
}
