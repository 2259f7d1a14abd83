package checker

import (
	"fmt"
	"go/ast"
	"go/token"
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
	eachQuotedExpr(prose, leadIn, func(e ast.Expr, loc []int) {
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
	})
	return results
}

// nearString returns the module string that has the words of s but one,
// when no module string holds s.
func (c *Checker) nearString(s string) (string, bool) {
	near := ""
	for _, m := range c.moduleStrings() {
		if strings.Contains(m, s) {
			return "", false
		}
		if near == "" && (oneWordApart(strings.Fields(s), strings.Fields(m)) || fewWordsApart(strings.Fields(s), strings.Fields(m))) {
			near = m
		}
	}
	return near, near != ""
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
