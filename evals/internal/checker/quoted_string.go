package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// KindQuotedString is a string literal quoted as the code writes it:
// "logs `"provided PanicHandlerFunc panicked: %s"`".
const KindQuotedString = "quoted_string"

// checkQuotedStrings judges the string literals a sentence quotes in code
// (alone or inside a quoted expression), of three words at least: when
// no string of the module holds the quoted text, while one of them has
// the same words but one, and that word of the module's is no verb or
// action a value replaces ("%s", "{{.Name}}"), or, in a message of six
// words or more, all but two (fewWordsApart), the quote is contradicted.
// A quote that the prose leading to it may give on purpose (a fix, an
// example, a negation) is not read.
func (c *Checker) checkQuotedStrings(prose string, results []Result) []Result {
	// eachQuotedExpr passes over a span whose region holds proposalRe's
	// words: the region is the lead-in when quotedOnPurpose, else none.
	region := func(p string, pos int) (int, int) {
		if quotedOnPurpose(p, pos) {
			return leadIn(p, pos)
		}
		return pos, pos
	}
	judge := func(e ast.Expr, loc []int) {
		ast.Inspect(e, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || len(strings.Fields(s)) < 3 {
				return true
			}
			if near, bad := c.nearString(s); bad {
				claim := Claim{Text: lit.Value, Kind: KindQuotedString, start: loc[0], end: loc[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the module writes %q, not %s", near, lit.Value)})
			}
			return true
		})
	}
	eachQuotedExpr(prose, region, judge)
	// A call quoted with its last arguments left out ("`fmt.Errorf(\"…\",
	// ...)`") is read without them.
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		span := prose[loc[2]:loc[3]]
		if !elisionRe.MatchString(span) || quotedOnPurpose(prose, loc[0]) || negatedSpan(prose, loc) {
			continue
		}
		if e, err := parser.ParseExpr(elisionRe.ReplaceAllString(span, ")")); err == nil {
			judge(e, loc)
		}
	}
	// A format quoted as the code writes it, without its quotes
	// ("`Unsupported content type %q; expected one of %q`").
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		span := prose[loc[2]:loc[3]]
		if !proseFormatRe.MatchString(span) || len(strings.Fields(span)) < 4 || elisionRe.MatchString(span) {
			continue
		}
		if _, err := parser.ParseExpr(span); err == nil {
			continue // code, read above
		}
		if quotedOnPurpose(prose, loc[0]) {
			continue
		}
		if near, bad := c.nearString(span); bad {
			claim := Claim{Text: span, Kind: KindQuotedString, start: loc[0], end: loc[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the module writes %q, not %q", near, span)})
		}
	}
	// A message quoted in prose, between double quotes outside code
	// spans ("fails with the error "query: … Got %v""), of four words at
	// least.
	for _, loc := range proseMessages(outsideCode(prose)) {
		text := prose[loc[0]+1 : loc[1]-1]
		if len(strings.Fields(text)) < 4 || quotedOnPurpose(prose, loc[0]) {
			continue
		}
		if near, bad := c.nearString(text); bad {
			claim := Claim{Text: text, Kind: KindQuotedString, start: loc[0], end: loc[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the module writes %q, not %q", near, text)})
		}
	}
	return results
}

// proseMessages returns where flat (prose with its code spans blanked)
// quotes a text between double quotes: the quote marks of each line
// paired in order, first with second, third with fourth, so that the
// words between two quotes are never read as one; a line with an odd
// number of them is passed over, and so is a text that starts or ends
// with a space.
func proseMessages(flat string) [][2]int {
	var out [][2]int
	start := 0
	for _, line := range strings.SplitAfter(flat, "\n") {
		var marks []int
		for i := 0; i < len(line); i++ {
			if line[i] == '"' && (i == 0 || line[i-1] != '\\') {
				marks = append(marks, start+i)
			}
		}
		if len(marks)%2 == 0 {
			for i := 0; i+1 < len(marks); i += 2 {
				text := flat[marks[i]+1 : marks[i+1]]
				if text != "" && text == strings.TrimSpace(text) {
					out = append(out, [2]int{marks[i], marks[i+1] + 1})
				}
			}
		}
		start += len(line)
	}
	return out
}

// proseFormatRe matches a formatting verb in a span: a format quoted
// without its quotes.
var proseFormatRe = regexp.MustCompile(`%[-+# 0-9.]*[qsdvwx]\b`)

// nearString returns the module string that has the words of s but one,
// when no module string holds s.
func (c *Checker) nearString(s string) (string, bool) {
	near := ""
	for _, m := range c.moduleStrings() {
		if strings.Contains(m, s) || c.composedOf(s, m) {
			return "", false
		}
		if near == "" && (oneWordApart(strings.Fields(s), strings.Fields(m)) || fewWordsApart(strings.Fields(s), strings.Fields(m))) {
			near = m
		}
	}
	return near, near != ""
}

// composedOf reports whether s is the module string m after a prefix the
// module writes too ("env: expected a pointer to a Struct": an error type's
// Error writes "env:" before each error's own message).
func (c *Checker) composedOf(s, m string) bool {
	if m == "" || !strings.HasSuffix(s, m) {
		return false
	}
	prefix := strings.TrimSpace(strings.TrimSuffix(s, m))
	if prefix == "" {
		return false
	}
	for _, p := range c.moduleStrings() {
		if p = strings.TrimSpace(p); p == prefix || p == strings.TrimSuffix(prefix, ":") || strings.HasPrefix(p, prefix) && strings.Contains(p[len(prefix):], "%") {
			return true
		}
	}
	return false
}

// oneWordApart reports whether two lists of words differ in one place,
// case aside (a message quoted with a capital is the same message), the
// module's word there holding no formatting verb or template action.
func oneWordApart(said, code []string) bool {
	if len(said) != len(code) {
		return false
	}
	diff := -1
	for i := range said {
		if !strings.EqualFold(said[i], code[i]) {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	return diff >= 0 && !strings.ContainsAny(code[diff], "%{") && !strings.ContainsAny(said[diff], "%{")
}

// leadIn returns the prose that leads to the code span at pos: from the
// last comma, semicolon or sentence end before it, outside code spans,
// to the span's start. "When it does not list 13, it fails with the
// reason `"…"`" quotes the reason; "the reason is not `"…"`" does not.
func leadIn(prose string, pos int) (int, int) {
	flat := outsideCode(prose[:pos])
	for i := len(flat) - 1; i >= 0; i-- {
		switch flat[i] {
		case ',', ';':
			return i + 1, pos
		case '.', '!', '?':
			if i+1 == len(flat) || flat[i+1] == ' ' || flat[i+1] == '\n' {
				return i + 1, pos
			}
		}
	}
	return 0, pos
}

// quotedOnPurpose reports whether the prose leading to the code span at
// pos may quote it on purpose: a proposal anywhere in its lead-in
// ("consider wrapping it as `…`"), or a negation among its last six
// words ("the message is not `…`"; "a request whose type is not in the
// list gets the message `…`" quotes what the code says).
func quotedOnPurpose(prose string, pos int) bool {
	from, to := leadIn(prose, pos)
	if proposalWordsRe.MatchString(outsideCode(prose[from:to])) {
		return true
	}
	from, to = nearLead(prose, pos)
	return negationRe.MatchString(outsideCode(prose[from:to]))
}

var (
	// proposalWordsRe matches proposalRe's words of a fix or an example.
	proposalWordsRe = regexp.MustCompile(`(?i)\b(?:` + proposalWords + `)\b`)
	// negationRe matches proposalRe's words of a negation.
	negationRe = regexp.MustCompile(`(?i)\b(?:` + negationWords + `)\b`)
)

// nearLead is leadIn cut to its last six words.
func nearLead(prose string, pos int) (int, int) {
	from, to := leadIn(prose, pos)
	words := 0
	for i := to - 1; i > from; i-- {
		if prose[i] == ' ' && prose[i-1] != ' ' {
			if words++; words == 6 {
				return i, to
			}
		}
	}
	return from, to
}

// fewWordsApart reports whether a message of six words or more is the
// module's with two words left out, added or replaced ("websocket:
// version 13 not found" for "websocket: unsupported version: 13 not
// found"), punctuation and case aside: a message quoted from memory, one
// detail of it wrong. A word of the module's holding a formatting verb or
// a template action stands for any one word.
func fewWordsApart(said, code []string) bool {
	if len(said) < 6 {
		return false
	}
	norm := func(w string) string { return strings.ToLower(strings.Trim(w, ".,:;!?'\"()")) }
	// prev[j] is the distance between said[:i] and code[:j].
	prev := make([]int, len(code)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(said); i++ {
		cur := make([]int, len(code)+1)
		cur[0] = i
		for j := 1; j <= len(code); j++ {
			cost := 1
			if norm(said[i-1]) == norm(code[j-1]) || strings.ContainsAny(code[j-1], "%{") {
				cost = 0
			}
			cur[j] = min(prev[j-1]+cost, prev[j]+1, cur[j-1]+1)
		}
		prev = cur
	}
	d := prev[len(code)]
	return d >= 1 && d <= 2
}

// moduleStrings are the values of the string literals of the module's
// code.
func (c *Checker) moduleStrings() []string {
	c.stringsOnce.Do(func() {
		for _, p := range c.m.Pkgs {
			for _, f := range p.Syntax {
				ast.Inspect(f, func(n ast.Node) bool {
					if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil {
							c.strs = append(c.strs, s)
						}
					}
					return true
				})
			}
		}
	})
	return c.strs
}
