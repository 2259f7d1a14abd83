package checker

import (
	"fmt"
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
	"github.com/explainerr/explainerr/internal/words"
)

// A sentence that quotes a call, an index or a composite literal at a
// cited line names the line's code; when the line writes the same callee,
// slice or type with other arguments ("`c.Append(c.constructors...)` at
// chain.go:111" where the line passes chain.constructors), the quote is
// wrong even though every name in it exists and occurs there.

// quotedPart is a call, index or composite literal of a quoted span: what
// it applies to, written with its opening bracket ("c.Append("), and the
// text between its brackets, white space removed. A span that leaves
// arguments out ("fmt.Errorf(\"…\", ...)") gives only their first ones:
// elided.
type quotedPart struct {
	head, inner string
	elided      bool
}

// elisionRe matches arguments a quoted call leaves out after others
// ("f(a, ...)", "f(a, …)"), not a slice passed to a variadic parameter
// ("f(a, b...)").
var elisionRe = regexp.MustCompile(`,\s*(?:\.\.\.|…)\s*\)`)

// quotedParts returns the calls, indexes and composite literals of a span
// whose callee, indexed value or type is a name or a selector chain.
func quotedParts(span string) []quotedPart {
	elided := elisionRe.MatchString(span)
	if elided {
		span = elisionRe.ReplaceAllString(span, ")")
	}
	root, base := parseSnippet(span)
	if root == nil {
		return nil
	}
	text := func(n ast.Node, from, to int) string {
		a, b := from-base, to-base
		if a < 0 || b > len(span) || a > b {
			return ""
		}
		return strings.TrimSuffix(squeeze(span[a:b]), ",")
	}
	var out []quotedPart
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if c := astutil.SelectorChain(n.Fun); c != "" {
				out = append(out, quotedPart{c + "(", text(n, int(n.Lparen)+1, int(n.Rparen)), elided})
			}
		case *ast.IndexExpr:
			if c := astutil.SelectorChain(n.X); c != "" {
				out = append(out, quotedPart{c + "[", text(n, int(n.Lbrack)+1, int(n.Rbrack)), false})
			}
		case *ast.CompositeLit:
			if c := astutil.SelectorChain(n.Type); c != "" {
				out = append(out, quotedPart{c + "{", text(n, int(n.Lbrace)+1, int(n.Rbrace)), false})
			}
		}
		return true
	})
	return out
}

// lineCommentRe is a line comment of a statement's lines.
var lineCommentRe = regexp.MustCompile(`(?m)(?:^|\s)//.*$`)

// closers are the brackets that close each opening one.
var closers = map[byte]string{'(': ")", '[': "]", '{': "}"}

// innersAt returns what the statement writes between the brackets after
// each occurrence of head (a name and its opening bracket, not the end of
// a longer name), white space removed.
func innersAt(stmt, head string) []string {
	s := squeeze(lineCommentRe.ReplaceAllString(stmt, ""))
	closer := closers[head[len(head)-1]][0]
	var out []string
	for from := 0; ; {
		i := strings.Index(s[from:], head)
		if i < 0 {
			return out
		}
		i += from
		from = i + 1
		if i > 0 && (words.IsIdentByte(s[i-1]) || s[i-1] == '.') {
			continue
		}
		depth, start := 1, i+len(head)
		for j := start; j < len(s); j++ {
			switch s[j] {
			case head[len(head)-1]:
				depth++
			case closer:
				depth--
			}
			if depth == 0 {
				out = append(out, strings.TrimSuffix(s[start:j], ","))
				break
			}
		}
	}
}

// quotedArgsDiffer reports whether span quotes a call, index or composite
// literal that the statement writes with other arguments only, and the
// quoted part and the statement's.
func quotedArgsDiffer(span, stmt string) (quoted, held string, differ bool) {
	for _, p := range quotedParts(span) {
		if p.inner == "" {
			continue
		}
		have := innersAt(stmt, p.head)
		if len(have) == 0 {
			continue
		}
		same := false
		for _, h := range have {
			same = same || h == p.inner || p.elided && strings.HasPrefix(h, p.inner+",")
		}
		if !same {
			end := closers[p.head[len(p.head)-1]]
			return p.head + p.inner + end, p.head + have[0] + end, true
		}
	}
	return "", "", false
}

// quotedOtherwise reports whether the statement at a call claim's line
// writes the call with other arguments than the claim quotes, and says
// what it holds.
func (c *Checker) quotedOtherwise(cl Claim, files []string) (string, bool) {
	if cl.Kind != KindCall || cl.Line <= 0 {
		return "", false
	}
	for _, f := range files {
		code := c.views().code[f]
		if cl.Line > len(code) {
			continue
		}
		first, last := c.statementLines(f, cl.Line)
		stmt := strings.Join(code[first-1:last], "\n")
		if quoted, held, differ := quotedArgsDiffer(cl.Text, stmt); differ {
			return fmt.Sprintf("%s:%d writes %s, not %s", f, cl.Line, held, quoted), true
		}
	}
	return "", false
}

// squeeze removes the white space of Go code but between two names or
// numbers ("return x" keeps its space, "f( a, b )" is "f(a,b)"), and
// but inside a string literal (", " is not ",": a separator said wrong
// is a wrong quote).
func squeeze(code string) string {
	var b strings.Builder
	last := 0
	for _, loc := range stringLitRe.FindAllStringIndex(code, -1) {
		squeezeInto(&b, code[last:loc[0]])
		b.WriteString(code[loc[0]:loc[1]])
		last = loc[1]
	}
	squeezeInto(&b, code[last:])
	return b.String()
}

// squeezeInto writes code without its white space to b, as squeeze
// does outside string literals.
func squeezeInto(b *strings.Builder, code string) {
	for _, f := range strings.Fields(code) {
		if b.Len() > 0 && words.IsIdentByte(b.String()[b.Len()-1]) && words.IsIdentByte(f[0]) {
			b.WriteByte(' ')
		}
		b.WriteString(f)
	}
}
