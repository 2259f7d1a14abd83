package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindSaidCode is code a clause quotes as written by the function it
// speaks of: "`F` returns `errors.New(\"x: bad\")`", "`F` stores a
// `T{Key: k}`".
const KindSaidCode = "said_code"

// exampleRe marks a sentence that quotes code as an example of its kind,
// not as the code's own.
var exampleRe = regexp.MustCompile(`(?i)\b(?:such\s+as|e\.g|for\s+example|for\s+instance|like|say)\b`)

// checkSaidCode judges the code a use clause quotes as its subject's
// (checkUses finds the clauses): a call whose callee the subject and the
// module functions it reaches call, none of them with the quoted
// arguments, while one differs from the quote only in literals (another
// message, `6` for `-1`); and a composite literal of a module type that
// neither the subject nor anything it reaches names (a struct it is said
// to store or return). A sentence that may say what the code should do,
// or quote an example, is not read.
func (c *Checker) checkSaidCode(prose string, claims []Claim, results []Result) []Result {
	for _, uc := range c.useClauses(prose, claims) {
		from, to := sentenceAround(prose, uc.from)
		if sentence := outsideCode(prose[from:to]); modalRe.MatchString(sentence) || exampleRe.MatchString(sentence) {
			continue
		}
		r := c.reach(uc.funcs)
		subject := lastName(uc.subject.Text)
		for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[uc.from:uc.to], -1) {
			a, b := uc.from+loc[2], uc.from+loc[3]
			root, _ := parseSnippet(prose[a:b])
			if root == nil {
				continue
			}
			if reason := c.saidCodeDiffers(r, root, subject); reason != "" {
				claim := Claim{Text: subject + ": " + prose[a:b], Kind: KindSaidCode, start: a - 1, end: b + 1}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: reason})
			}
		}
	}
	return results
}

// saidCodeDiffers returns why code quoted as the subject's is not what
// the reached functions write, or "".
func (c *Checker) saidCodeDiffers(r *reached, root ast.Node, subject string) string {
	var reason string
	ast.Inspect(root, func(n ast.Node) bool {
		if reason != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if near, ok := c.callWithOtherLiterals(r, n); ok {
				reason = fmt.Sprintf("%s and the functions it reaches write %s, not %s", subject, near, types.ExprString(n))
				return false
			}
		case *ast.CompositeLit:
			name := compositeTypeName(n.Type)
			if name != "" && len(c.m.TypeNamed(name)) > 0 && !r.names[name] && !r.quotes(func(have string) bool { return containsIdent(have, name) }) {
				reason = fmt.Sprintf("%s and the functions it reaches never name %s", subject, name)
				return false
			}
			if written, ok := literalKeysUnset(r, n, name); ok {
				reason = fmt.Sprintf("%s and the functions it reaches write %s, never with %s", subject, written, strings.Join(literalKeys(n), ", "))
				return false
			}
		}
		return true
	})
	return reason
}

// literalKeys returns the field names a composite literal sets by key.
func literalKeys(lit *ast.CompositeLit) []string {
	var out []string
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				out = append(out, id.Name)
			}
		}
	}
	return out
}

// literalKeysUnset returns a literal of the type called name that the
// reached functions write, when they write some and none of them sets
// every key the quoted literal q sets (`&Mux{root: true}` quoted, only
// `&Mux{}` written).
func literalKeysUnset(r *reached, q *ast.CompositeLit, name string) (string, bool) {
	keys := literalKeys(q)
	if name == "" || len(keys) == 0 {
		return "", false
	}
	written, all := "", false
	for _, f := range r.funcs {
		ast.Inspect(f.Decl, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || all || compositeTypeName(lit.Type) != name {
				return !all
			}
			if written == "" {
				written = types.ExprString(lit)
			}
			set := literalKeys(lit)
			all = true
			for _, k := range keys {
				all = all && slices.Contains(set, k)
			}
			return !all
		})
		if all {
			return "", false
		}
	}
	return written, written != ""
}

// compositeTypeName is the name of a composite literal's type when it is
// a named type ("T", "pkg.T"), or "".
func compositeTypeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	}
	return ""
}

// callWithOtherLiterals returns a call of the reached functions to the
// quoted call's callee that differs from it only in literal arguments,
// when none of their calls to that callee is written as quoted.
func (c *Checker) callWithOtherLiterals(r *reached, q *ast.CallExpr) (string, bool) {
	callee := types.ExprString(q.Fun)
	want := types.ExprString(q)
	near := ""
	for _, f := range r.funcs {
		found := false
		ast.Inspect(f.Decl, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || found || types.ExprString(ce.Fun) != callee {
				return !found
			}
			if types.ExprString(ce) == want || shortenedCall(q, ce) {
				found = true
				return false
			}
			if near == "" && literalsApart(q, ce) {
				near = types.ExprString(ce)
			}
			return true
		})
		if found {
			return "", false
		}
	}
	return near, near != ""
}

// literalsApart reports whether two calls have the same arguments but
// for literals of the same kind in the same places ("6" for "-1", one
// message for another).
func literalsApart(a, b *ast.CallExpr) bool {
	if len(a.Args) != len(b.Args) {
		return literalAddedOrDropped(a, b)
	}
	if len(a.Args) == 0 || a.Ellipsis.IsValid() != b.Ellipsis.IsValid() {
		return false
	}
	differ := false
	for i := range a.Args {
		x, y := types.ExprString(a.Args[i]), types.ExprString(b.Args[i])
		if x == y {
			continue
		}
		kx, ky := literalKind(a.Args[i]), literalKind(b.Args[i])
		if kx == token.ILLEGAL || kx != ky {
			return false
		}
		differ = true
	}
	return differ
}

// literalAddedOrDropped reports whether one call has the other's
// arguments and more literals after them (`NewWithMethods(pat, "GET")`
// for `NewWithMethods(pat, "GET", "HEAD")`): a variadic list quoted with
// a value left out or added.
func literalAddedOrDropped(a, b *ast.CallExpr) bool {
	short, long := a.Args, b.Args
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) == 0 || a.Ellipsis.IsValid() || b.Ellipsis.IsValid() {
		return false
	}
	for i := range short {
		if types.ExprString(short[i]) != types.ExprString(long[i]) {
			return false
		}
	}
	for _, e := range long[len(short):] {
		if literalKind(e) == token.ILLEGAL {
			return false
		}
	}
	return true
}

// shortenedCall reports whether a quoted call writes a call of the code
// with some of its string arguments shortened to a part of them ("Only"
// for "Only POST").
func shortenedCall(q, code *ast.CallExpr) bool {
	if len(q.Args) != len(code.Args) {
		return false
	}
	for i := range q.Args {
		if types.ExprString(q.Args[i]) == types.ExprString(code.Args[i]) {
			continue
		}
		x, ok1 := ast.Unparen(q.Args[i]).(*ast.BasicLit)
		y, ok2 := ast.Unparen(code.Args[i]).(*ast.BasicLit)
		if !ok1 || !ok2 || x.Kind != token.STRING || y.Kind != token.STRING {
			return false
		}
		xs, err1 := strconv.Unquote(x.Value)
		ys, err2 := strconv.Unquote(y.Value)
		if err1 != nil || err2 != nil || !strings.Contains(ys, xs) {
			return false
		}
	}
	return true
}

// literalKind is the kind of a basic literal, or of a negated number
// ("-1"); token.ILLEGAL for anything else.
func literalKind(e ast.Expr) token.Token {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		e = u.X
	}
	if lit, ok := e.(*ast.BasicLit); ok {
		return lit.Kind
	}
	return token.ILLEGAL
}

// unquotedSpan returns the value of a code span that is a string literal
// alone ("`\"|\"`"), and whether it is one.
func unquotedSpan(span string) (string, bool) {
	span = strings.TrimSpace(span)
	if len(span) < 2 || span[0] != '"' && span[0] != '`' {
		return "", false
	}
	v, err := strconv.Unquote(span)
	return v, err == nil
}

// returnedLiteralRe and stepVerbRe are the verbs of the bare literals
// judged by checkSaidLiterals: "returns `\"\"`", "splits ... on `\"|\"`".
var (
	returnedLiteralRe = regexp.MustCompile(`\breturns\b`)
	stepVerbRe        = regexp.MustCompile(`\b[a-z]{3,}s\b`)
	// literalStopRe ends the objects of a verb whose literal argument is
	// read: another verb joined with "and", or a clause of its own.
	literalStopRe = regexp.MustCompile(`(?i)\band\b|,`)
)

// checkSaidLiterals judges string literals a clause quotes alone as what
// its subject function does: a value it is said to return, when its own
// return statements return string literals and neither it nor anything it
// reaches writes that string (nor names a constant of that value); and
// the argument of a step named by its callee ("splits ... on `\",\"`" of
// a function whose own body calls `strings.Split` only with `\"|\"`).
func (c *Checker) checkSaidLiterals(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, returnedLiteralRe) {
		if len(s.funcs) == 0 || !returnsLiterals(s.funcs) {
			continue
		}
		r := c.reach(s.funcs)
		for _, sp := range c.literalSpans(prose, claims, s.after, false) {
			if r.quotes(func(have string) bool { return strings.Contains(have, sp.value) }) || r.namesConstant(c.constantsValued(sp.value)) {
				continue
			}
			claim := Claim{Text: lastName(s.subject.Text) + " returns " + prose[sp.start:sp.end], Kind: KindSaidCode, start: sp.start, end: sp.end}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches never write %q", lastName(s.subject.Text), sp.value)})
		}
	}
	for _, s := range c.verbSubjects(prose, claims, stepVerbRe) {
		if len(s.funcs) != 1 || s.funcs[0].Decl == nil || s.funcs[0].Decl.Body == nil {
			continue
		}
		word := strings.ToLower(prose[s.after-len(stepVerbWord(prose, s.after)) : s.after])
		args, own := literalArgsOf(s.funcs[0].Decl.Body, word)
		if len(args) == 0 {
			continue
		}
		for _, sp := range c.literalSpans(prose, claims, s.after, true) {
			if own[sp.value] {
				continue
			}
			claim := Claim{Text: lastName(s.subject.Text) + " " + word + " " + prose[sp.start:sp.end], Kind: KindSaidCode, start: sp.start, end: sp.end}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s %s with %s only", lastName(s.subject.Text), word, strings.Join(quoteAll(args), ", "))})
		}
	}
	return results
}

// stepVerbWord returns the word that ends at prose[end].
func stepVerbWord(prose string, end int) string {
	i := end
	for i > 0 && prose[i-1] >= 'a' && prose[i-1] <= 'z' {
		i--
	}
	return prose[i:end]
}

// literalSpan is a code span that is a string literal alone.
type literalSpan struct {
	value      string
	start, end int
}

// literalSpans lists the spans that are string literals alone after
// prose[at], to the end of its clause, before any other module function
// the clause names (another subject), or, when near is true, before the
// verb's objects end (literalStopRe). A sentence that may say what the
// code should do, or quote an example, gives none.
func (c *Checker) literalSpans(prose string, claims []Claim, at int, near bool) []literalSpan {
	from, to := sentenceAround(prose, at)
	if sentence := outsideCode(prose[from:to]); modalRe.MatchString(sentence) || exampleRe.MatchString(sentence) {
		return nil
	}
	_, end := clauseAround(prose, at)
	if near {
		if stop := literalStopRe.FindStringIndex(maskSpans(prose[at:end])); stop != nil {
			end = at + stop[0]
		}
	}
	for _, cl := range claims {
		if cl.start >= at && cl.start < end && lineable(cl) && !cl.fromExpr && len(c.subjectFuncs(cl.Text)) > 0 {
			end = cl.start
		}
	}
	var out []literalSpan
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[at:end], -1) {
		if v, ok := unquotedSpan(prose[at+loc[2] : at+loc[3]]); ok {
			out = append(out, literalSpan{value: v, start: at + loc[0], end: at + loc[1]})
		}
	}
	return out
}

// returnsLiterals reports whether each function returns a string literal
// in one of its own return statements.
func returnsLiterals(funcs []*source.Func) bool {
	for _, f := range funcs {
		if f.Decl == nil || f.Decl.Body == nil {
			return false
		}
		found := false
		for _, ret := range returnStmts(f.Decl.Body) {
			for _, e := range ret.Results {
				if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok && lit.Kind == token.STRING {
					found = true
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// literalArgsOf returns the string literal arguments of the calls a body
// makes to a function whose name, in lower case, is verb less its "s" or
// "es" ("splits": `strings.Split`), and every string literal the body
// writes.
func literalArgsOf(body *ast.BlockStmt, verb string) (args []string, own map[string]bool) {
	own = map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if v, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
				own[v] = true
			}
		case *ast.CallExpr:
			name := strings.ToLower(calleeName(n.Fun))
			if name == "" || name+"s" != verb && name+"es" != verb {
				return true
			}
			for _, a := range n.Args {
				if lit, ok := ast.Unparen(a).(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if v, err := strconv.Unquote(lit.Value); err == nil {
						args = append(args, v)
					}
				}
			}
		}
		return true
	})
	return args, own
}

// calleeName is the name a call's function is written with: "Split" of
// `strings.Split`, "f" of `f`; "" for anything else.
func calleeName(e ast.Expr) string {
	switch f := ast.Unparen(e).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}
