package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// KindCondition is a claim about the value of a flag under which a
// function does something: "`F` records `E` only when `flag` is true".
const KindCondition = "condition"

// flagCondRe is a condition on a flag, or on a call's boolean result, in
// a code span: "when `f` is true", "unless `d.f` is set", "if `f` is not
// false", "when `m.entropy.Add(inc)` reports false".
var flagCondRe = regexp.MustCompile("(?i)\\b(when|if|unless|while)\\s+`([^`]+)`\\s+(?:is|returns|reports)\\s+(not\\s+)?(true|false|set|unset|enabled|disabled)\\b")

// checkConditionDirection judges a sentence whose subject is a module
// function (sentenceSubject) and that puts what the function does under
// a flag's value: the names the sentence gives besides the subject and
// the flag are looked for in the function's body, and when the ifs on
// the flag around every use of those that are used only under such ifs
// need the other value of the flag (`else if !d.f {` for "only when `f`
// is true"), the condition is contradicted. A flag tested in any other way (an early return, a
// switch, a condition joined with ||) is not read.
func (c *Checker) checkConditionDirection(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		from, _ := sentenceAround(prose, cl.start)
		for _, mm := range flagCondRe.FindAllStringSubmatchIndex(prose[cl.end:to], -1) {
			word := strings.ToLower(prose[cl.end+mm[2] : cl.end+mm[3]])
			flag := lastName(prose[cl.end+mm[4] : cl.end+mm[5]])
			if span := prose[cl.end+mm[4] : cl.end+mm[5]]; strings.HasSuffix(span, ")") {
				flag = tightSpace(span) // a call, matched as written
			}
			value := strings.ToLower(prose[cl.end+mm[8] : cl.end+mm[9]])
			want := value == "true" || value == "set" || value == "enabled"
			if mm[6] >= 0 {
				want = !want
			}
			if word == "unless" {
				want = !want
			}
			names := map[string]bool{}
			for _, o := range claims {
				if o.start < from || o.end > to || o.start == cl.start || o.Kind == KindFile || o.Kind == KindFileLine {
					continue
				}
				if n := lastName(o.Text); n != flag && identRe.MatchString(n) {
					names[n] = true
				}
			}
			needs := flagNeeds(f.Decl.Body, names, flag)
			if len(needs) != 1 || needs[want] {
				continue
			}
			claim := Claim{Text: fmt.Sprintf("%s: %s %s is %v", lastName(cl.Text), word, flag, value), Kind: KindCondition, start: cl.end + mm[0], end: cl.end + mm[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s does it only when %s is %v", lastName(cl.Text), flag, !want)})
		}
	}
	return results
}

// flagNeeds returns the values of flag that the ifs around the uses of
// names in body need, from the names an if on the flag guards at each of
// their uses (a name also used outside such an if is passed over).
func flagNeeds(body *ast.BlockStmt, names map[string]bool, flag string) map[bool]bool {
	guarded := map[string]map[bool]bool{}
	free := map[string]bool{}
	type guard struct {
		cond   ast.Expr
		branch bool
	}
	var walk func(n ast.Node, chain []guard)
	walk = func(n ast.Node, chain []guard) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if x.Init != nil {
					walk(x.Init, chain)
				}
				walk(x.Cond, chain)
				walk(x.Body, append(append([]guard(nil), chain...), guard{x.Cond, true}))
				if x.Else != nil {
					walk(x.Else, append(append([]guard(nil), chain...), guard{x.Cond, false}))
				}
				return false
			case *ast.Ident:
				if !names[x.Name] {
					return true
				}
				var vs []bool
				for _, g := range chain {
					vs = append(vs, condNeeds(g.cond, g.branch, flag)...)
				}
				if len(vs) == 0 {
					free[x.Name] = true
				}
				for _, v := range vs {
					if guarded[x.Name] == nil {
						guarded[x.Name] = map[bool]bool{}
					}
					guarded[x.Name][v] = true
				}
			}
			return true
		})
	}
	walk(body, nil)
	needs := map[bool]bool{}
	for name, vs := range guarded {
		if free[name] {
			continue
		}
		for v := range vs {
			needs[v] = true
		}
	}
	return needs
}

// condNeeds returns the value of flag that a condition taking the value
// branch needs, when it fixes one: the flag itself, its negation, or one
// of the terms of a && that holds (or of a || that fails); a flag
// written as a call is the same call.
func condNeeds(e ast.Expr, branch bool, flag string) []bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return condNeeds(x.X, !branch, flag)
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND && branch || x.Op == token.LOR && !branch {
			return append(condNeeds(x.X, branch, flag), condNeeds(x.Y, branch, flag)...)
		}
	case *ast.Ident:
		if x.Name == flag {
			return []bool{branch}
		}
	case *ast.SelectorExpr:
		if x.Sel.Name == flag {
			return []bool{branch}
		}
	case *ast.CallExpr:
		if tightSpace(types.ExprString(x)) == flag {
			return []bool{branch}
		}
	}
	return nil
}

// citeRightAfterRe is a line cited right after a condition: " (f.go:127)",
// " at f.go:127".
var citeRightAfterRe = regexp.MustCompile(`^\s*\(?(?:at\s+|on\s+)?([\w./-]+\.go):(\d+)\b`)

// ifFlagLineRe is a line that tests one flag: "if Lowercase {", "} else
// if !o.strict {".
var ifFlagLineRe = regexp.MustCompile(`^\s*(?:\}\s*else\s+)?if\s+(!?)([A-Za-z_][\w.]*)\s*\{\s*$`)

// checkCitedFlag judges a flag's value said right before the line it
// cites ("only when `Lowercase` is false (slug.go:127)"): when that line
// is an if that tests the flag alone (`if Lowercase {`), its branch runs
// under the other value, and the condition is contradicted.
func (c *Checker) checkCitedFlag(prose string, _ []Claim, results []Result) []Result {
	for _, mm := range flagCondRe.FindAllStringSubmatchIndex(prose, -1) {
		cite := citeRightAfterRe.FindStringSubmatchIndex(prose[mm[1]:])
		if cite == nil {
			continue
		}
		file := prose[mm[1]+cite[2] : mm[1]+cite[3]]
		line, _ := strconv.Atoi(prose[mm[1]+cite[4] : mm[1]+cite[5]])
		span := prose[mm[4]:mm[5]]
		value := strings.ToLower(prose[mm[8]:mm[9]])
		want := value == "true" || value == "set" || value == "enabled"
		if mm[6] >= 0 {
			want = !want
		}
		if strings.EqualFold(prose[mm[2]:mm[3]], "unless") {
			want = !want
		}
		for _, f := range c.m.FindFile(file) {
			code := c.views().code[f]
			if line < 1 || line > len(code) {
				continue
			}
			m := ifFlagLineRe.FindStringSubmatch(code[line-1])
			if m == nil || m[2] != span && lastName(m[2]) != span {
				continue
			}
			if runs := m[1] == ""; runs != want {
				claim := Claim{Text: fmt.Sprintf("%s is %s at %s:%d", span, value, file, line), Kind: KindCondition, start: mm[0], end: mm[1] + cite[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s:%d is %q: its branch runs when %s is %v", file, line, strings.TrimSpace(code[line-1]), m[2], runs)})
			}
			break
		}
	}
	return results
}
