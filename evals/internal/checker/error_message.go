package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/internal/words"
)

// KindMessage is a claim about the message of an error variable:
// "`errClosed` carries the message `\"pool closed\"`".
const KindMessage = "message"

// messageRe follows a name said to carry a message, and captures it: in
// backticks, quoted or not, or in double quotes.
var messageRe = regexp.MustCompile("(?i)^`?\\s*(?:carries|has|holds|is created with|is made with|is built with|says|reads)\\s+(?:the\\s+|a\\s+|an\\s+)?(?:error\\s+)?(?:message|text)\\s+(?:of\\s+)?(?:`([^`]+)`|\"([^\"]+)\")")

// checkMessages judges each package-level variable of the module said to
// carry a message: contradicted when its initializer quotes strings, none
// of which holds the message and none of which the message holds (the
// type's Error method may add a prefix), case aside. An initializer with
// a string that is not constant, or a format verb ("%w"), or no string at
// all leaves the claim unjudged.
func (c *Checker) checkMessages(prose string, claims []Claim, results []Result) []Result {
	inits := c.packageInits()
	for _, cl := range claims {
		if cl.Kind != KindIdentifier && cl.Kind != KindSelector || cl.fromExpr {
			continue
		}
		mm := messageRe.FindStringSubmatchIndex(prose[cl.end:])
		if mm == nil {
			continue
		}
		msg := prose[cl.end+mm[2] : cl.end+mm[3]]
		if mm[2] < 0 {
			msg = prose[cl.end+mm[4] : cl.end+mm[5]]
		}
		if u, err := strconv.Unquote(msg); err == nil {
			msg = u
		}
		msg = strings.ToLower(strings.TrimSpace(msg))
		if msg == "" {
			continue
		}
		name := lastName(cl.Text)
		lits, judged := c.messagesOf(inits, name)
		if !judged {
			continue
		}
		holds := false
		for _, l := range lits {
			l = strings.ToLower(strings.TrimSpace(l))
			holds = holds || l != "" && (words.Contains(l, msg) || words.Contains(msg, l))
		}
		if holds {
			continue
		}
		claim := Claim{Text: name + " carries " + strconv.Quote(msg), Kind: KindMessage, start: cl.start, end: cl.end + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is built with %s only", name, strings.Join(quoteAll(lits), ", "))})
	}
	return results
}

// messagesOf returns the string constants the initializer of the
// module's package-level variable called name holds; judged is false
// when there is no such variable, or when one of its strings is not a
// constant or holds a format verb, or when it holds none.
func (c *Checker) messagesOf(inits map[types.Object]ast.Node, name string) (lits []string, judged bool) {
	var found bool
	for _, o := range c.m.Objects[name] {
		v, ok := o.(*types.Var)
		if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
			continue
		}
		spec, ok := inits[o].(*ast.ValueSpec)
		if !ok || len(spec.Values) != len(spec.Names) {
			return nil, false
		}
		info := c.infoOf(v.Pkg())
		if info == nil {
			return nil, false
		}
		var init ast.Expr
		for i, n := range spec.Names {
			if n.Name == name {
				init = spec.Values[i]
			}
		}
		if init == nil {
			return nil, false
		}
		found = true
		ok = true
		ast.Inspect(init, func(n ast.Node) bool {
			e, isExpr := n.(ast.Expr)
			if !isExpr || !ok {
				return ok
			}
			tv := info.Types[e]
			if b, basic := tv.Type.(*types.Basic); basic && b.Info()&types.IsString != 0 {
				if tv.Value == nil || tv.Value.Kind() != constant.String || strings.Contains(constant.StringVal(tv.Value), "%") {
					ok = false
					return false
				}
				lits = append(lits, constant.StringVal(tv.Value))
				return false
			}
			return true
		})
		if !ok {
			return nil, false
		}
	}
	return lits, found && len(lits) > 0
}

// infoOf returns the type information of the module package p.
func (c *Checker) infoOf(p *types.Package) *types.Info {
	for _, mp := range c.m.Pkgs {
		if mp.Types == p {
			return mp.TypesInfo
		}
	}
	return nil
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}
