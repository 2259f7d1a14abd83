package redact

import (
	"regexp"
	"strings"
)

// sensitiveElement finds an XML or HTML element with text and no child on
// one line: <Password>…</Password>, <ns:ApiKey>…</ns:ApiKey>.
var sensitiveElement = regexp.MustCompile(`<((?:[A-Za-z_][\w.\-]*:)?([A-Za-z_][\w.\-]*))(?:[ \t][^<>\n]*)?>([^<>\n]+)</`)

// hideElement hides the text of an element whose name is sensitive, when
// the element closes where its text ends.
func hideElement(line string, m []int) string {
	tag, name, text := line[m[2]:m[3]], line[m[4]:m[5]], line[m[6]:m[7]]
	if !IsSensitiveName(name) || !strings.HasPrefix(line[m[1]:], tag+">") || strings.TrimSpace(text) == "" || isLabel(name, strings.TrimSpace(text)) {
		return line[m[0]:m[1]]
	}
	return line[m[0]:m[6]] + Mask + line[m[7]:m[1]]
}

// The parts of a name and a value given as two fields of one object or
// element: {"name":"API_KEY","value":"…"}, {"key":"password","value":"…"},
// <input type="password" value="…">, <meta name="csrf-token"
// content="…">, &http.Cookie{Name: "session", Value: "…"}. The quotes may
// be escaped, as in JSON logged as a string.
const (
	pairNameKey  = `\\*["']?(?:name|key|type|property|id|field)\\*["']?[ \t]*[:=][ \t]*\\*["']([^"'\\\n]{1,64})\\*["']`
	pairValueKey = `\\*["']?(?:value|content)\\*["']?[ \t]*[:=][ \t]*\\*["']((?:[^"'\\\n]|\\[^"'\\\n])*)\\*["']`
	pairBetween  = `[^{}<>\n]*?[\s,;{]`
)

var (
	// nameValuePair finds a name field followed by its value field.
	nameValuePair = regexp.MustCompile(`(?i)(?:^|[\s,;{(\[<])` + pairNameKey + pairBetween + pairValueKey)
	// valueNamePair finds a value field followed by its name field.
	valueNamePair = regexp.MustCompile(`(?i)(?:^|[\s,;{(\[<])` + pairValueKey + pairBetween + pairNameKey)
)

// hidePairValue returns a hide function for a pair whose name is
// submatch nameGroup and value valueGroup: the value is hidden when the
// name is sensitive.
func hidePairValue(nameGroup, valueGroup int) func(string, []int) string {
	return func(line string, m []int) string {
		name := line[m[2*nameGroup]:m[2*nameGroup+1]]
		v := line[m[2*valueGroup]:m[2*valueGroup+1]]
		if !IsSensitiveName(name) || v == "" || v == Mask || isLabel(name, v) {
			return line[m[0]:m[1]]
		}
		return line[m[0]:m[2*valueGroup]] + Mask + line[m[2*valueGroup+1]:m[1]]
	}
}
