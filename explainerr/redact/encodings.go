package redact

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
)

// encodings returns v and the forms a program writes it in: URL-encoded
// (query and path escaping), escaped inside a JSON string, in base64
// (standard and URL-safe, padded or not), in hex (small and capital
// letters), and in upper and lower case. Forms shorter than 6 bytes are
// left out, as are duplicates.
func encodings(v string) []string {
	out := []string{v}
	add := func(e string) {
		if len(e) >= minKnownLen && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	add(url.QueryEscape(v))
	add(url.PathEscape(v))
	if b, err := json.Marshal(v); err == nil {
		add(string(b[1 : len(b)-1]))
	}
	add(strings.ReplaceAll(v, `"`, `\"`))
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		add(strings.TrimRight(enc.EncodeToString([]byte(v)), "="))
	}
	h := hex.EncodeToString([]byte(v))
	add(h)
	add(strings.ToUpper(h))
	add(strings.ToUpper(v))
	add(strings.ToLower(v))
	return out
}

// withEncodings returns vals with each value's encodings, longest first.
func withEncodings(vals []string) []string {
	var out []string
	for _, v := range vals {
		for _, e := range encodings(v) {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}
