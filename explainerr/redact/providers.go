package redact

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// providerTable is the table of provider token formats, generated from
// gitleaks' rules by scripts/gen-secret-rules (see its header).
//
//go:embed providers.txt
var providerTable string

// A providerRule is one provider token format of the table. Its
// expression is compiled the first time a line holds one of its keywords.
type providerRule struct {
	id       string
	keywords []string
	entropy  float64
	group    int
	expr     string
	allows   []providerAllow

	once sync.Once
	re   *regexp.Regexp
	err  error
}

// A providerAllow excuses a match: an expression matching its secret, the
// whole match or the line (target), or a stopword in the secret.
type providerAllow struct {
	target, condition string
	exprs             []string
	stopwords         []string
	res               []*regexp.Regexp
}

// providerSet is the parsed table with its keyword index; it is made the
// first time String meets a text, not when the program starts.
type providerSet struct {
	rules []*providerRule
	// pairs maps a lower-case pair of bytes a keyword starts with to
	// its keywords in byPair, plus one; 0 for none.
	pairs  []uint16
	byPair [][]providerKeyword
	// shortBits has a bit set for the pair of each keyword of two bytes,
	// and triBits for a hash of the first three bytes of each longer one:
	// small enough to stay in the processor's cache, so that most bytes
	// cost a bit test or two.
	shortBits [1 << 10]uint64
	triBits   [1 << 10]uint64
	err       error
}

// shortKeyword is the longest keyword that counts only at the start of a
// run of at least minRandomLen token bytes: "s." (HashiCorp Vault), "ey" (a JSON
// Web Token) and "sk" (Twilio) occur on most lines of Go source, their
// tokens only in long runs.
const shortKeyword = 3

type providerKeyword struct {
	lit   string
	rules []int
}

var (
	providersOnce sync.Once
	providers     *providerSet
)

// loadProviders returns the parsed table, parsing it on first use.
func loadProviders() *providerSet {
	providersOnce.Do(func() { providers = parseProviders(providerTable) })
	return providers
}

// parseProviders parses the table. A malformed table is a build defect,
// which the tests catch; String then hides nothing by it.
func parseProviders(table string) *providerSet {
	set := &providerSet{pairs: make([]uint16, 1<<16)}
	for n, line := range strings.Split(table, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		switch {
		case f[0] == "rule" && len(f) == 6:
			entropy, err1 := strconv.ParseFloat(f[3], 64)
			group, err2 := strconv.Atoi(f[4])
			if err1 != nil || err2 != nil {
				set.err = tableError(n, line)
				return set
			}
			r := &providerRule{id: f[1], entropy: entropy, group: group, expr: f[5]}
			if f[2] != "" {
				r.keywords = strings.Split(f[2], ",")
			}
			set.rules = append(set.rules, r)
		case f[0] == "allow" && len(f) == 5 && len(set.rules) > 0:
			exprs, err1 := unquoteAll(f[3])
			stops, err2 := unquoteAll(f[4])
			if err1 != nil || err2 != nil {
				set.err = tableError(n, line)
				return set
			}
			r := set.rules[len(set.rules)-1]
			r.allows = append(r.allows, providerAllow{target: f[1], condition: f[2], exprs: exprs, stopwords: stops})
		default:
			set.err = tableError(n, line)
			return set
		}
	}
	for k, r := range set.rules {
		for _, kw := range r.keywords {
			if len(kw) < 2 || kw != strings.ToLower(kw) {
				set.err = &tableErr{0, "rule " + r.id + ": keyword " + strconv.Quote(kw) + " is not lower case or is shorter than two bytes"}
				return set
			}
			set.addKeyword(kw, k)
		}
	}
	return set
}

func (set *providerSet) addKeyword(kw string, rule int) {
	p := pairKey(kw[0], kw[1])
	if set.pairs[p] == 0 {
		set.byPair = append(set.byPair, nil)
		set.pairs[p] = uint16(len(set.byPair))
	}
	if len(kw) == 2 {
		set.shortBits[p>>6] |= 1 << (p & 63)
	} else {
		h := triHash(kw[0], kw[1], kw[2])
		set.triBits[h>>6] |= 1 << (h & 63)
	}
	kws := &set.byPair[set.pairs[p]-1]
	for i, e := range *kws {
		if e.lit == kw {
			(*kws)[i].rules = append(e.rules, rule)
			return
		}
	}
	*kws = append(*kws, providerKeyword{lit: kw, rules: []int{rule}})
}

// tableError describes a malformed line of the table.
type tableErr struct {
	line int
	text string
}

func (e *tableErr) Error() string {
	return "redact: providers.txt:" + strconv.Itoa(e.line) + ": malformed line " + strconv.Quote(e.text)
}

func tableError(n int, line string) error { return &tableErr{n + 1, line} }

// unquoteAll parses space-separated quoted strings.
func unquoteAll(s string) ([]string, error) {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return nil, err
		}
		v, err := strconv.Unquote(q)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		s = s[len(q):]
	}
	return out, nil
}

// compiled returns the rule's expression, compiling it (and its allowlist
// expressions) on first use.
func (r *providerRule) compiled() (*regexp.Regexp, error) {
	r.once.Do(func() {
		r.re, r.err = regexp.Compile(r.expr)
		for i := range r.allows {
			a := &r.allows[i]
			for _, x := range a.exprs {
				re, err := regexp.Compile(x)
				if err != nil && r.err == nil {
					r.err = err
				}
				a.res = append(a.res, re)
			}
		}
	})
	return r.re, r.err
}

// hideProviderTokens hides, line by line, the secrets of the provider
// formats whose keywords the line holds.
func hideProviderTokens(s string) string { return loadProviders().hide(s) }

// ProviderTableHides reports whether the rules of table, written in the
// format of the provider table the redactor embeds, hide anything in
// text, matching line by line as the redactor does; an error says the
// table is malformed. The table's generator (scripts/gen-secret-rules)
// checks each rule's samples with it, so that it keeps only what the
// redactor itself hides.
func ProviderTableHides(table, text string) (bool, error) {
	set := parseProviders(table)
	if set.err != nil {
		return false, set.err
	}
	for _, r := range set.rules {
		if _, err := r.compiled(); err != nil {
			return false, fmt.Errorf("rule %s: %w", r.id, err)
		}
	}
	return set.hide(text) != text, nil
}

// hide hides, line by line, the secrets of the set's rules whose keywords
// the line holds; a malformed set hides nothing.
func (set *providerSet) hide(s string) string {
	if set.err != nil {
		return s
	}
	var hits []int
	return mapLines(s, func(line string) string {
		out := line
		hits = set.rulesIn(line, hits[:0])
		for _, k := range hits {
			out = set.rules[k].hide(out)
		}
		return out
	})
}

// rulesIn appends to into, in table order and once each, the rules one
// of whose keywords line holds in any ASCII case.
func (set *providerSet) rulesIn(line string, into []int) []int {
	for i := 0; i+1 < len(line); i++ {
		k := pairKey(line[i], line[i+1])
		if set.shortBits[k>>6]&(1<<(k&63)) == 0 {
			if i+2 >= len(line) {
				continue
			}
			h := triHash(line[i], line[i+1], line[i+2])
			if set.triBits[h>>6]&(1<<(h&63)) == 0 {
				continue
			}
		}
		p := set.pairs[k]
		if p == 0 {
			continue // the hash of another keyword's first bytes
		}
		for _, kw := range set.byPair[p-1] {
			if hasPrefix(line[i:], kw.lit, true) && (len(kw.lit) > shortKeyword || tokenRunFrom(line, i) >= minRandomLen) {
				for _, k := range kw.rules {
					into = appendOnce(into, k)
				}
			}
		}
	}
	for i := 1; i < len(into); i++ {
		for j := i; j > 0 && into[j] < into[j-1]; j-- {
			into[j], into[j-1] = into[j-1], into[j]
		}
	}
	return into
}

// triHash maps three bytes, in any ASCII case, to 16 bits.
func triHash(a, b, c byte) uint16 {
	return uint16(lower(a))*961 ^ uint16(lower(b))*31 ^ uint16(lower(c))
}

// tokenRunFrom returns the length of the run of token bytes that starts
// at line[i]: a short keyword starts its token ("s.", "ey", "sk") or
// stands early in it (Azure's "Q~").
func tokenRunFrom(line string, i int) int {
	k := i
	for k < len(line) && isTokenByte(line[k]) {
		k++
	}
	return k - i
}

func appendOnce(s []int, k int) []int {
	for _, x := range s {
		if x == k {
			return s
		}
	}
	return append(s, k)
}

// hide hides the secrets of r's matches in line: the rule's secret group,
// else the first group that matched, else the whole match; unless the
// secret lacks the rule's entropy or an allowlist excuses it.
func (r *providerRule) hide(line string) string {
	re, err := r.compiled()
	if err != nil {
		return line
	}
	ms := re.FindAllStringSubmatchIndex(line, -1)
	if ms == nil {
		return line
	}
	var spans []tokenSpan
	for _, m := range ms {
		s, e := secretSpanOf(m, r.group)
		// A secret group that takes in its quotes ("…") keeps them.
		for e-s >= 2 && (line[s] == '"' || line[s] == '\'' || line[s] == '`') && line[e-1] == line[s] {
			s, e = s+1, e-1
		}
		secret := line[s:e]
		s += urlPrefixLen(secret)
		if secret == "" || secret == Mask || strings.Contains(secret, Mask) || shannon(secret) < r.entropy || r.allowed(line, line[m[0]:m[1]], secret) {
			continue
		}
		spans = append(spans, tokenSpan{s, e})
	}
	return replaceSpans(line, spans)
}

// urlPrefixLen returns how much of a secret that is a URL (a webhook's)
// is its scheme, host and the words of its path, which stay readable:
// "https://hooks.slack.com/services/" of a Slack webhook.
func urlPrefixLen(secret string) int {
	n := 0
	for {
		i := strings.IndexByte(secret[n:], '/')
		if i < 0 {
			return n
		}
		seg := secret[n : n+i]
		if strings.Trim(seg, "abcdefghijklmnopqrstuvwxyz.:-") != "" {
			return n
		}
		if n+i+1 == len(secret) {
			return n
		}
		n += i + 1
	}
}

// secretSpanOf returns where the secret of match m is.
func secretSpanOf(m []int, group int) (int, int) {
	if group > 0 && 2*group+1 < len(m) && m[2*group] >= 0 {
		return m[2*group], m[2*group+1]
	}
	for g := 1; 2*g+1 < len(m); g++ {
		if m[2*g] >= 0 {
			return m[2*g], m[2*g+1]
		}
	}
	return m[0], m[1]
}

// allowed reports whether one of r's allowlists excuses a match.
func (r *providerRule) allowed(line, match, secret string) bool {
	for _, a := range r.allows {
		target := secret
		switch a.target {
		case "match":
			target = match
		case "line":
			target = line
		}
		re := false
		for _, x := range a.res {
			if x != nil && x.MatchString(target) {
				re = true
				break
			}
		}
		stop := false
		for _, w := range a.stopwords {
			if containsFold(secret, strings.ToLower(w)) {
				stop = true
				break
			}
		}
		if a.condition == "AND" {
			if (len(a.res) == 0 || re) && (len(a.stopwords) == 0 || stop) {
				return true
			}
		} else if re || stop {
			return true
		}
	}
	return false
}
