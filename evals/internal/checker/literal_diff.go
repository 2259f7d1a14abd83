package checker

import (
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// numbersOnlyDiffer reports whether two expressions are written alike
// but for one or more number literals ("id[8:10]" and "id[7:9]",
// "x<<4" and "x<<3"): the same tokens in the same order, the numbers
// aside, and at least one number different.
func numbersOnlyDiffer(a, b ast.Expr) bool {
	x, y := scanTokens(types.ExprString(a)), scanTokens(types.ExprString(b))
	if len(x) != len(y) {
		return false
	}
	differ := false
	for i := range x {
		if x[i].tok != y[i].tok {
			return false
		}
		if x[i].lit == y[i].lit {
			continue
		}
		if x[i].tok != token.INT && x[i].tok != token.FLOAT {
			return false
		}
		differ = true
	}
	return differ
}

// exprToken is one token of a stretch of code and its text.
type exprToken struct {
	tok token.Token
	lit string
}

// scanTokens scans src into its tokens, each with its text (the token's
// own for an operator or a keyword), the semicolons the scanner inserts
// included.
func scanTokens(src string) []exprToken {
	var sc scanner.Scanner
	b := []byte(src)
	sc.Init(token.NewFileSet().AddFile("", -1, len(b)), b, nil, 0)
	var out []exprToken
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return out
		}
		if lit == "" {
			lit = tok.String()
		}
		out = append(out, exprToken{tok, lit})
	}
}

// misquotedMessage reports whether two string literals are one message
// quoted with other words: each of three words or more, most of their
// words shared, neither a part of the other (a shortened quote) and
// neither elided ("…", "..."), as a sentence that quotes a call's
// message whole but not as the code writes it does ("xid: unsupported
// scan type: %T" for "xid: scanning unsupported type: %T").
func misquotedMessage(a, b ast.Expr) bool {
	x, ok1 := astutil.StringLit(a)
	y, ok2 := astutil.StringLit(b)
	if !ok1 || !ok2 || x == y || strings.Contains(x, y) || strings.Contains(y, x) {
		return false
	}
	for _, s := range []string{x, y} {
		if strings.Contains(s, "...") || strings.Contains(s, "…") {
			return false
		}
	}
	xw, yw := strings.Fields(x), strings.Fields(y)
	if len(xw) < 3 || len(yw) < 3 {
		return false
	}
	have := map[string]bool{}
	for _, w := range yw {
		have[w] = true
	}
	shared := 0
	for _, w := range xw {
		if have[w] {
			shared++
		}
	}
	return 2*shared >= max(len(xw), len(yw))
}
