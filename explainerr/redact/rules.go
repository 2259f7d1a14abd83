package redact

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// A rule hides one kind of secret inside single lines of text. Every line
// it can change holds one of its anchors, so String runs its regular
// expression only on the lines that hold an anchor, and skips the rule
// altogether for a text with none.
type rule struct {
	// name says what the rule hides, for tests and failure messages.
	name string
	// anchors are literal strings of which every match holds one, matched
	// as they are.
	anchors []string
	// foldAnchors are lower-case literal strings of which every match
	// holds one, matched in any ASCII case.
	foldAnchors []string
	// re finds candidate matches; it never matches across a line break.
	re *regexp.Regexp
	// hide returns the replacement for the match m (submatch indexes into
	// line), or the match itself to keep it. When nil, the whole match
	// becomes Mask.
	hide func(line string, m []int) string
	// apply, when set, rewrites a whole line instead of re and hide.
	apply func(line string) string
	// gate, when set, is a cheap test that a line holding an anchor must
	// pass for the rule to run on it: false only when the rule cannot
	// change the line. Rules that share a gate share its answers.
	gate *gate
}

// A gate is a cheap test of a line, shared by rules.
type gate struct{ pass func(line string) bool }

// line rewrites one line of text.
func (r *rule) line(line string) string {
	if r.apply != nil {
		return r.apply(line)
	}
	ms := r.re.FindAllStringSubmatchIndex(line, -1)
	if ms == nil {
		return line
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		b.WriteString(line[last:m[0]])
		if r.hide == nil {
			b.WriteString(Mask)
		} else {
			b.WriteString(r.hide(line, m))
		}
		last = m[1]
	}
	b.WriteString(line[last:])
	if out := b.String(); out != line {
		return out
	}
	return line
}

// rewriteOverlapping applies hide to the matches of re in line, left to
// right. After a match hide keeps, the search goes on from restart(m)
// (at least one byte past the match's start) rather than from its end, so
// that a match the rule keeps cannot hide one that starts inside it: in
// `A=" secret: "x"` the kept match of A takes in the start of secret's.
func rewriteOverlapping(line string, re *regexp.Regexp, hide func(string, []int) string, restart func([]int) int) string {
	out := line
	for from := 0; from < len(out); {
		m := re.FindStringSubmatchIndex(out[from:])
		if m == nil {
			break
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += from
			}
		}
		rep := hide(out, m)
		if rep == out[m[0]:m[1]] {
			from = max(restart(m), m[0]+1)
			continue
		}
		out = out[:m[0]] + rep + out[m[1]:]
		from = m[0] + len(rep)
	}
	return out
}

// hideGroup returns a hide function that replaces submatch g with Mask,
// unless keep (when not nil) says the match is no secret.
func hideGroup(g int, keep func(line string, m []int) bool) func(string, []int) string {
	return func(line string, m []int) string {
		if m[2*g] < 0 || keep != nil && keep(line, m) {
			return line[m[0]:m[1]]
		}
		return line[m[0]:m[2*g]] + Mask + line[m[2*g+1]:m[1]]
	}
}

// text is a text being redacted, with where the anchors of each rule occur
// in it.
type text struct {
	s string
	// foldAll is set when s holds a non-ASCII letter that a
	// case-insensitive expression matches as an ASCII one (U+212A KELVIN
	// SIGN as k, U+017F LONG S as s): ASCII case folding cannot find
	// anchors then, so rules with case-insensitive anchors try every line.
	foldAll bool
	// hits[i] lists, in order, where the anchors of textRules[i] occur;
	// nil until found, and found again after the text changed.
	hits  [][]int
	stale bool
	// gates remembers the results of gate functions for lines of the
	// current text: the name-based rules share one.
	gates []gateResult
}

type gateResult struct {
	gate *gate
	line string
	pass bool
}

// passes reports whether line passes r's gate, remembering the answer.
func (t *text) passes(r *rule, line string) bool {
	if r.gate == nil {
		return true
	}
	for _, g := range t.gates {
		if g.gate == r.gate && g.line == line {
			return g.pass
		}
	}
	pass := r.gate.pass(line)
	t.gates = append(t.gates, gateResult{gate: r.gate, line: line, pass: pass})
	return pass
}

// texts keeps texts for reuse, with their slices, so that redacting a
// text allocates little.
var texts = sync.Pool{New: func() any { return new(text) }}

// newText returns a text for s from the pool; put it back with free.
func newText(s string) *text {
	t := texts.Get().(*text)
	t.s, t.stale = s, true
	t.foldAll = strings.Contains(s, "\u212a") || strings.Contains(s, "\u017f")
	return t
}

// free returns t to the pool.
func (t *text) free() {
	t.s = ""
	clear(t.gates)
	t.gates = t.gates[:0]
	texts.Put(t)
}

// run applies textRules[k] to every line of t that holds one of its
// anchors and passes its gate.
func (t *text) run(k int) {
	r := textRules[k]
	if t.stale {
		t.hits = anchorTable.find(t.s, t.hits)
		t.gates = t.gates[:0]
		t.stale = false
	}
	hits := t.hits[k]
	if t.foldAll && len(r.foldAnchors) > 0 {
		hits = nil
		for i := 0; i <= len(t.s); i++ {
			if i == 0 || t.s[i-1] == '\n' {
				hits = append(hits, i)
			}
		}
	}
	from, shift := 0, 0
	for _, h := range hits {
		i := h + shift
		if i < from {
			continue
		}
		start := strings.LastIndexByte(t.s[:i], '\n') + 1
		end := len(t.s)
		if j := strings.IndexByte(t.s[i:], '\n'); j >= 0 {
			end = i + j
		}
		from = end + 1
		old := t.s[start:end]
		if !t.passes(r, old) {
			continue
		}
		if repl := r.line(old); repl != old {
			t.s = t.s[:start] + repl + t.s[end:]
			shift += len(repl) - len(old)
			from += len(repl) - len(old)
			t.stale = true
		}
	}
}

// anchorRef is one anchor and the rules it is an anchor of.
type anchorRef struct {
	rules []int
	lit   string
	fold  bool
}

// anchorIndex finds the anchors of all rules in one pass over a text: a
// table of the (lower-case) byte pairs anchors start with says where to
// look closer.
type anchorIndex struct {
	pairs [1 << 16]uint8 // index into refs, plus one; 0 for no anchor
	refs  [][]anchorRef
	rules int
}

var anchorTable = newAnchorIndex(textRules)

func newAnchorIndex(rules []*rule) *anchorIndex {
	x := &anchorIndex{rules: len(rules)}
	add := func(k int, lit string, fold bool) {
		if len(lit) < 2 {
			panic("redact: anchor " + lit + " is shorter than two bytes")
		}
		p := pairKey(lit[0], lit[1])
		if x.pairs[p] == 0 {
			if len(x.refs) == 255 {
				panic("redact: too many anchor pairs")
			}
			x.refs = append(x.refs, nil)
			x.pairs[p] = uint8(len(x.refs))
		}
		i := x.pairs[p] - 1
		for j, a := range x.refs[i] {
			if a.lit == lit && a.fold == fold {
				if !slices.Contains(a.rules, k) {
					x.refs[i][j].rules = append(a.rules, k)
				}
				return
			}
		}
		x.refs[i] = append(x.refs[i], anchorRef{rules: []int{k}, lit: lit, fold: fold})
	}
	for k, r := range rules {
		for _, a := range r.anchors {
			add(k, a, false)
		}
		for _, a := range r.foldAnchors {
			add(k, a, true)
		}
	}
	return x
}

// pairKey is the table key of two bytes, in any ASCII case.
func pairKey(a, b byte) uint16 { return uint16(lower(a))<<8 | uint16(lower(b)) }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// find returns, per rule, the positions in s where its anchors start, in
// order; it reuses the slices of into.
func (x *anchorIndex) find(s string, into [][]int) [][]int {
	if len(into) != x.rules {
		into = make([][]int, x.rules)
	}
	for i := range into {
		into[i] = into[i][:0]
	}
	for i := 0; i+1 < len(s); i++ {
		ref := x.pairs[pairKey(s[i], s[i+1])]
		if ref == 0 {
			continue
		}
		for _, a := range x.refs[ref-1] {
			if hasPrefix(s[i:], a.lit, a.fold) {
				for _, k := range a.rules {
					if h := into[k]; len(h) == 0 || h[len(h)-1] != i {
						into[k] = append(h, i)
					}
				}
			}
		}
	}
	return into
}

// hasPrefix reports whether s starts with lit, in any ASCII case when fold
// is set (lit is lower-case then).
func hasPrefix(s, lit string, fold bool) bool {
	if len(s) < len(lit) {
		return false
	}
	if !fold {
		return s[:len(lit)] == lit
	}
	for i := 0; i < len(lit); i++ {
		if lower(s[i]) != lit[i] {
			return false
		}
	}
	return true
}

// containsFold reports whether s contains the lower-case lit in any ASCII
// case.
func containsFold(s, lit string) bool {
	for i := 0; i+len(lit) <= len(s); i++ {
		if hasPrefix(s[i:], lit, true) {
			return true
		}
	}
	return false
}
