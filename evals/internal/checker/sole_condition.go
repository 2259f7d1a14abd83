package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// KindSoleCondition is a claim that a condition quoted beside a cited
// line is all the line tests: "removes every item for which `now >
// v.Expiration` holds (cache.go:937), with no other check".
const KindSoleCondition = "sole_condition"

// soleConditionRe finds words that say a condition is the only one.
var soleConditionRe = regexp.MustCompile(`(?i)\b(?:with\s+no\s+other\s+(?:check|condition|test)|no\s+other\s+(?:check|condition|test)|only\s+(?:when|if)|whenever)\b`)

// checkSoleConditions judges a condition a clause quotes as the only one
// (soleConditionRe) beside the line it cites: when the if statement there
// tests that condition joined with others by &&, it is contradicted.
func (c *Checker) checkSoleConditions(prose string, claims []Claim, results []Result) []Result {
	for _, r := range results {
		if r.Kind != KindFileLine || r.InCode || r.Verdict != Verified {
			continue
		}
		from, to := clauseAround(prose, r.start)
		if !soleConditionRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		file, line := splitFileLine(r.Text)
		for _, f := range c.m.FindFile(file) {
			cond := c.ifConditionAt(f, line)
			if cond == nil {
				continue
			}
			parts := andParts(cond)
			if len(parts) < 2 {
				continue
			}
			for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
				quoted := collapseSpace(prose[from+loc[2] : from+loc[3]])
				var others []string
				hit, unsaid := false, false
				for _, p := range parts {
					if t := collapseSpace(c.nodeText(p)); t == quoted {
						hit = true
					} else {
						others = append(others, t)
						unsaid = unsaid || !saidInWords(p, outsideCode(prose[from:to])) && !namedInCode(p, prose[from:to]) && !stringSaid(p, prose[from:to])
					}
				}
				if !unsaid {
					// "only when `sf.PkgPath != \"\"` and the field is not
					// anonymous": the other conditions are said in words.
					continue
				}
				if hit && len(others) > 0 {
					cl := Claim{Text: quoted, Kind: KindSoleCondition, File: f, Line: line, start: from + loc[0], end: from + loc[1]}
					results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s:%d also tests %s", f, line, strings.Join(others, " && "))})
				}
			}
		}
	}
	return results
}

// ifConditionAt returns the condition of the if statement that starts on
// line of file, nil when none does.
func (c *Checker) ifConditionAt(file string, line int) ast.Expr {
	var cond ast.Expr
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			if c.m.Rel(c.m.Fset.Position(f.Pos()).Filename) != file {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if is, ok := n.(*ast.IfStmt); ok && cond == nil && c.m.Fset.Position(is.Pos()).Line == line {
					cond = is.Cond
				}
				return cond == nil
			})
		}
	}
	return cond
}

// saidInWords reports whether prose names a condition in words: the
// last name it tests, split into words ("anonymous" of "!sf.Anonymous",
// "max age" of "opts.MaxAge > 0"), is among prose's words, or each
// longer word of that name is.
func saidInWords(cond ast.Expr, prose string) bool {
	last := lastIdent(cond)
	if last == "" {
		return false
	}
	words := " " + strings.Join(proseWordRe.FindAllString(strings.ToLower(prose), -1), " ") + " "
	said := strings.Join(camelWords(last), " ")
	// "exists" said as "does not exist": the verb's other form.
	if strings.Contains(words, " "+said+" ") || strings.HasSuffix(said, "s") && strings.Contains(words, " "+strings.TrimSuffix(said, "s")+" ") {
		return true
	}
	// A name of several words said with its words apart (hasOriginHeader
	// as "has an Origin key … header", hasToken as "has a token header"):
	// each of its longer words is there.
	parts, long := camelWords(last), 0
	if len(parts) < 2 {
		return false
	}
	for _, w := range parts {
		if len(w) < 4 {
			continue
		}
		if !strings.Contains(words, " "+w+" ") {
			return false
		}
		long++
	}
	return long > 0
}

// stringSaid reports whether the clause holds, in a code span or in
// prose, a string cond tests (r.Header.Get("Access-Control-Request-Method")
// != "" said as "the `Access-Control-Request-Method` header is
// non-empty").
func stringSaid(cond ast.Expr, clause string) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if v, err := strconv.Unquote(lit.Value); err == nil && len(v) >= 3 && strings.Contains(strings.ToLower(clause), strings.ToLower(v)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// namedInCode reports whether the clause names, in a code span of its
// own or at the end of a selector in one, the last identifier of cond
// ("when the state is `StateHalfOpen` and …" for state == StateHalfOpen;
// "`p.OwnKey` is not empty" for p.OwnKey != "").
func namedInCode(cond ast.Expr, clause string) bool {
	last := lastIdent(cond)
	if last == "" {
		return false
	}
	for _, m := range backtickRe.FindAllStringSubmatch(clause, -1) {
		if span := m[1]; span == last || selectorOnlyRe.MatchString(span) && strings.HasSuffix(span, "."+last) {
			return true
		}
	}
	return false
}

// selectorOnlyRe matches a code span that is a name or a selector only,
// no operator or call.
var selectorOnlyRe = regexp.MustCompile(`^[A-Za-z_][\w.]*$`)

// lastIdent returns the last identifier of cond that is not nil, true or
// false; "" when it has none.
func lastIdent(cond ast.Expr) string {
	var last string
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name != "nil" && id.Name != "true" && id.Name != "false" {
			last = id.Name
		}
		return true
	})
	return last
}

// andParts returns the operands of a chain of && (one for any other
// expression).
func andParts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(andParts(b.X), andParts(b.Y)...)
	}
	return []ast.Expr{e}
}
