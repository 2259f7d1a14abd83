package redact

import (
	"slices"
	"strings"
)

// minKnownLen is the shortest value a Known set looks for elsewhere: a
// shorter one ("on", "1234") would match all over a text.
const minKnownLen = 6

// Known is a set of secrets found under sensitive names (a request's
// password field, its session cookie, its Authorization header), to be
// hidden wherever else they appear: in the lines the request logged, in an
// error message that quotes them, in a body the name-based rules cannot
// read. The zero value is an empty set, ready to use.
type Known struct {
	values  []string // the secrets and their encodings
	secrets int      // how many secrets were added
	sorted  bool
}

// Add adds the secret v, and, for an authorization value ("Bearer xyz"),
// its credential alone. Values shorter than 6 bytes are not added.
func (k *Known) Add(v string) {
	v = strings.TrimSpace(v)
	if scheme, cred, ok := strings.Cut(v, " "); ok && isSchemeWord(scheme) {
		k.add(strings.TrimSpace(cred))
	}
	k.add(v)
}

func (k *Known) add(v string) {
	if len(v) < minKnownLen || v == Mask || slices.Contains(k.values, v) {
		return
	}
	k.secrets++
	for _, e := range encodings(v) {
		if !slices.Contains(k.values, e) {
			k.values = append(k.values, e)
		}
	}
	k.sorted = false
}

// AddField adds the values of a query or form field that Values hides:
// all of them when the name is sensitive, else those that look random.
func (k *Known) AddField(name string, values []string) {
	sensitive := isSensitiveQueryName(name)
	for _, v := range values {
		if sensitive || isRandomValue(name, v) {
			k.Add(v)
		}
	}
}

// Len reports how many secrets k holds (each also looked for in its
// encodings).
func (k *Known) Len() int { return k.secrets }

// Hide returns s with every secret of k replaced by Mask, the longest
// first, so that a secret holding another is hidden whole; each secret
// also in its encodings: URL-encoded, escaped in a JSON string, base64,
// hex, upper and lower case.
func (k *Known) Hide(s string) string {
	if len(k.values) == 0 || s == "" {
		return s
	}
	k.sort()
	return replaceAll(s, k.values)
}

// sort puts the longest secrets first, once after they change, so that a
// set sorted before it is shared is only read by Hide.
func (k *Known) sort() {
	if !k.sorted {
		slices.SortStableFunc(k.values, func(a, b string) int { return len(b) - len(a) })
		k.sorted = true
	}
}

// replaceAll replaces every value of vals (longest first) in s with Mask.
func replaceAll(s string, vals []string) string {
	for _, v := range vals {
		if strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, Mask)
		}
	}
	return s
}

// isSchemeWord reports whether w is an HTTP authorization scheme whose
// credential follows it.
func isSchemeWord(w string) bool {
	switch strings.ToLower(w) {
	case "bearer", "basic", "token", "digest", "negotiate", "apikey":
		return true
	}
	return false
}
