package page

import "github.com/yuin/goldmark/renderer/html"

// The offline analyzer ends a line inside a paragraph only where it means
// a new line: the location section puts the failing line, the code on it,
// the library function that raised the failure and the caller each on a
// line of its own. Rendered as CommonMark's soft breaks they would run
// together as one paragraph; the offline text is rendered with each such
// line break kept. A model's text keeps CommonMark's rule.

// offlineMarkdown renders as markdown does, with a line break inside a
// paragraph rendered as one.
var offlineMarkdown = newMarkdown(html.WithHardWraps())

// renderedOffline is offlineMarkdown's cache.
var renderedOffline = renderCache{max: 64, maxText: 64 << 10}

// renderOffline renders src, an explanation the offline analyzer wrote,
// as RenderMarkdown does, keeping its line breaks.
func renderOffline(src string) HTML {
	return renderWith(offlineMarkdown, &renderedOffline, src)
}
