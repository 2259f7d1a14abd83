package respcapture

import (
	"html"
	"mime"
	"net/http"
	"strings"
)

// htmlPageText returns the text a reader of an HTML error page sees (its
// title, headings and paragraphs, without markup, scripts, styles or
// comments, with character references decoded and white space collapsed),
// and whether body is such a page: its Content-Type says text/html, or it
// starts like an HTML document. An app that renders its own error page
// would otherwise give the failure a message of markup
// ("<!DOCTYPE html>" as the headline).
func htmlPageText(body string, h http.Header) (string, bool) {
	if !isHTMLBody(body, h) {
		return "", false
	}
	// A page that marks its main content says where the message is: its
	// header, navigation and footer (a logo's name, a donation link) are
	// the site's, not the failure's.
	if inner, ok := mainElement(body); ok {
		body = inner
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		lt := strings.IndexByte(body[i:], '<')
		if lt < 0 {
			b.WriteString(body[i:])
			break
		}
		b.WriteString(body[i : i+lt])
		i += lt
		if !startsMarkup(body[i+1:]) {
			// A "<" that opens no tag is text, as browsers read it.
			b.WriteByte('<')
			i++
			continue
		}
		i = skipMarkup(body, i, &b)
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " "), true
}

// startsMarkup reports whether the text after a "<" opens a tag, an end
// tag, a comment or a declaration.
func startsMarkup(after string) bool {
	if after == "" {
		return false
	}
	c := after[0]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '/' || c == '!' || c == '?'
}

// skipMarkup skips the markup that starts at body[i] ('<'): a comment, a
// script or style element with its content, or one tag. A tag that breaks
// the text into blocks leaves a space behind. It returns the offset after
// what it skipped.
func skipMarkup(body string, i int, b *strings.Builder) int {
	rest := body[i:]
	if strings.HasPrefix(rest, "<!--") {
		if end := strings.Index(rest, "-->"); end >= 0 {
			return i + end + len("-->")
		}
		return len(body)
	}
	gt := strings.IndexByte(rest, '>')
	if gt < 0 {
		return len(body)
	}
	name := strings.ToLower(tagName(rest[1:gt]))
	if name == "script" || name == "style" || name == "svg" || name == "nav" || name == "footer" || name == "header" {
		closing := "</" + name
		if end := indexFoldASCII(rest[gt:], closing); end >= 0 {
			after := gt + end
			if close := strings.IndexByte(rest[after:], '>'); close >= 0 {
				return i + after + close + 1
			}
		}
		return len(body)
	}
	b.WriteByte(' ')
	return i + gt + 1
}

// indexFoldASCII is strings.Index ignoring the case of ASCII letters; sub
// is lower-case ASCII. Unlike searching a lowered copy, its offsets are
// those of s whatever else s holds.
func indexFoldASCII(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// tagName returns the element name of a tag's inside ("/p", "div
// class=x"), without its slash.
func tagName(tag string) string {
	tag = strings.TrimPrefix(tag, "/")
	if end := strings.IndexAny(tag, " \t\r\n/"); end >= 0 {
		return tag[:end]
	}
	return tag
}

// isHTMLBody reports whether a response body is an HTML page: by its
// Content-Type, or, when that is unset, by how it starts.
func isHTMLBody(body string, h http.Header) bool {
	if ct := h.Get("Content-Type"); ct != "" {
		mt, _, _ := mime.ParseMediaType(ct)
		return mt == "text/html" || mt == "application/xhtml+xml"
	}
	start := strings.ToLower(strings.TrimSpace(body[:min(len(body), 64)]))
	return strings.HasPrefix(start, "<!doctype html") || strings.HasPrefix(start, "<html")
}

// mainElement returns what the page's one <main> element holds, when it
// has one with its end tag.
func mainElement(body string) (string, bool) {
	start := indexFoldASCII(body, "<main")
	if start < 0 || start+5 >= len(body) || !strings.ContainsRune(" \t\r\n>", rune(body[start+5])) {
		return "", false
	}
	open := strings.IndexByte(body[start:], '>')
	if open < 0 {
		return "", false
	}
	from := start + open + 1
	end := indexFoldASCII(body[from:], "</main")
	if end < 0 || indexFoldASCII(body[from+end+6:], "<main") >= 0 {
		return "", false
	}
	return body[from : from+end], true
}
