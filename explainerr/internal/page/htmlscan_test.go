package page

import (
	"html"
	"regexp"
	"strings"
)

// tag is one start tag found in HTML output.
type tag struct {
	Name  string
	Attrs map[string]string // names lower-cased, values entity-decoded
	Pos   int
}

var (
	tagRE  = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>`)
	attrRE = regexp.MustCompile(`([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>` + "`" + `]+)))?`)
)

// startTags returns the start tags of s in order. It reads HTML the way a
// browser reads markup outside of raw-text elements, which is all an
// escaped document or rendered Markdown contains.
func startTags(s string) []tag {
	var out []tag
	for _, m := range tagRE.FindAllStringSubmatchIndex(s, -1) {
		t := tag{Name: strings.ToLower(s[m[2]:m[3]]), Attrs: map[string]string{}, Pos: m[0]}
		for _, a := range attrRE.FindAllStringSubmatch(s[m[4]:m[5]], -1) {
			v := a[2] + a[3] + a[4]
			t.Attrs[strings.ToLower(a[1])] = html.UnescapeString(v)
		}
		out = append(out, t)
	}
	return out
}

// unsafeMarkup describes the first dangerous construct in s: a script,
// style, meta, iframe, object, embed, base, link, form, svg or math element, an event handler attribute,
// or a URL attribute whose scheme is not safe. It returns "" when there is
// none. For a whole page, its own script, style and meta elements are
// allowed (the page test checks their nonces).
func unsafeMarkup(s string, wholePage bool) string {
	for _, t := range startTags(s) {
		switch t.Name {
		case "script", "style", "meta":
			if wholePage {
				continue
			}
			return "<" + t.Name + "> element"
		case "iframe", "object", "embed", "base", "link", "form", "svg", "math":
			return "<" + t.Name + "> element"
		}
		for name, value := range t.Attrs {
			if strings.HasPrefix(name, "on") {
				return "event handler attribute " + name + " on <" + t.Name + ">"
			}
			switch name {
			case "href", "src", "action", "formaction", "xlink:href", "srcset":
				if !SafeURL(value) {
					return "unsafe URL " + name + "=" + value + " on <" + t.Name + ">"
				}
			case "style":
				return "style attribute on <" + t.Name + ">"
			}
		}
	}
	return ""
}
