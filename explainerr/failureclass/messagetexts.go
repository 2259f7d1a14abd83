package failureclass

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
)

// bodyKeys are the fields of a JSON error body that hold its message,
// most telling first.
var bodyKeys = []string{"error", "message", "detail", "msg", "err", "reason", "title"}

// BodyTexts returns the texts of a JSON object written as an error body
// ({"error":"pq: column \"x\" does not exist"}): the string fields
// bodyKeys names, in their order, then the other string fields by name,
// one level of nesting ({"error":{"message":…}}) included; none when msg
// is not a JSON object. An app that answers a failure with its error in
// JSON hides the driver's wording behind escaped quotes.
func BodyTexts(msg string) []string {
	msg = strings.TrimSpace(msg)
	if !strings.HasPrefix(msg, "{") {
		return nil
	}
	var body map[string]any
	if json.Unmarshal([]byte(msg), &body) != nil {
		return nil
	}
	return objectTexts(body, 2)
}

// objectTexts does the work of BodyTexts, depth levels deep.
func objectTexts(body map[string]any, depth int) []string {
	keys := make([]string, 0, len(body))
	for k := range body {
		keys = append(keys, k)
	}
	rank := func(k string) int {
		for i, b := range bodyKeys {
			if strings.EqualFold(k, b) {
				return i
			}
		}
		return len(bodyKeys)
	}
	sort.Slice(keys, func(i, j int) bool {
		if ri, rj := rank(keys[i]), rank(keys[j]); ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	var out []string
	for _, k := range keys {
		switch v := body[k].(type) {
		case string:
			if v != "" {
				out = append(out, v)
			}
		case map[string]any:
			if depth > 1 {
				out = append(out, objectTexts(v, depth-1)...)
			}
		}
	}
	return out
}

// maxChainTails bounds the tails ChainTails returns.
const maxChainTails = 4

// ChainTails returns what follows each ": " of a message, and each
// "because " a log call puts before the error it prints ("failed to get
// tag 7, because tag 7: not found"), longest first, at most
// maxChainTails: a log call's own words before the error, and each error
// the chain wrapped, which another package's format may have made.
func ChainTails(msg string) []string {
	var out []string
	for rest := msg; len(out) < maxChainTails; {
		loc := reChainJoint.FindStringIndex(rest)
		if loc == nil {
			break
		}
		rest = rest[loc[1]:]
		out = append(out, rest)
	}
	return out
}

// reChainJoint finds where a message goes on to the error it carries: the
// ": " of a wrap, or the "because" or "caused by" of a sentence that says
// why.
var reChainJoint = regexp.MustCompile(`: |\b(?:because|caused by):? `)

// reHTTPErrorText matches the text of an HTTP error as echo writes it:
// "code=500, message=…", and ", internal=…" when it wraps an error.
var reHTTPErrorText = regexp.MustCompile(`^code=\d{3}, message=(.*?)(?:, internal=(.*))?$`)

// HTTPErrorTexts returns the message and, when there is one, the wrapped
// error's text of an HTTP error written as "code=500, message=…,
// internal=…" (echo's HTTPError); nil for any other text.
func HTTPErrorTexts(msg string) []string {
	m := reHTTPErrorText.FindStringSubmatch(msg)
	if m == nil {
		return nil
	}
	if m[2] == "" {
		return m[1:2]
	}
	return m[1:3]
}
