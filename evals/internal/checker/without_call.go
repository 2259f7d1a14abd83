package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindWithoutCall is a claim that a function reaches a place without a
// call it makes there: "returns `Nil, err` at version4.go:65 without
// unlocking `poolMu`".
const KindWithoutCall = "without_call"

// withoutCallRe is the call a sentence says is not made, and the value
// it is made on: "without unlocking `mu`", "without closing `rows`".
var withoutCallRe = regexp.MustCompile("(?i)\\bwithout\\s+(?:first\\s+|ever\\s+)?(unlocking|releasing|closing|stopping)\\s+(?:the\\s+\\w+\\s+)?`([A-Za-z_][\\w.]*)`")

// withoutMethods are the methods each verb of withoutCallRe is made with,
// and, for a lock, the ones that take it again.
var withoutMethods = map[string]struct{ done, undo []string }{
	"unlocking": {[]string{"Unlock", "RUnlock"}, []string{"Lock", "RLock"}},
	"releasing": {[]string{"Unlock", "RUnlock", "Release"}, []string{"Lock", "RLock", "Acquire"}},
	"closing":   {[]string{"Close"}, nil},
	"stopping":  {[]string{"Stop"}, nil},
}

// checkWithoutCall judges "`F` returns ... at f.go:65 without unlocking
// `mu`" (closing, releasing, stopping): contradicted when F defers that
// call on the value before the place, or makes it in a block that holds
// the place, before it, with no call taking the lock again in between.
// The place is a line the sentence cites in F, or a statement it quotes;
// without one only a deferred call is read.
func (c *Checker) checkWithoutCall(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		m := withoutCallRe.FindStringSubmatchIndex(prose[cl.end:to])
		if m == nil {
			continue
		}
		verb := strings.ToLower(prose[cl.end+m[2] : cl.end+m[3]])
		value := prose[cl.end+m[4] : cl.end+m[5]]
		use := c.usePlace(f, spanTexts(prose[cl.end:cl.end+m[0]]), claims, cl.end, to)
		methods := withoutMethods[verb]
		at := c.callMadeBefore(f, value, methods.done, methods.undo, use)
		if at == token.NoPos {
			continue
		}
		pos := c.m.Fset.Position(at)
		name := lastName(cl.Text)
		claim := Claim{Text: fmt.Sprintf("%s does not call %s.%s", name, value, methods.done[0]), Kind: KindWithoutCall, start: cl.start, end: cl.end + m[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s calls %s.%s at %s:%d, before that place", name, value, methods.done[0], c.m.Rel(pos.Filename), pos.Line)})
	}
	return results
}

// callMadeBefore returns where f's body calls one of the methods done on
// the value written as value (`poolMu.Unlock()`): a deferred call before
// use (anywhere, when use is NoPos), or one before use in a block that
// holds it, with no call of undo on the value between them.
func (c *Checker) callMadeBefore(f *source.Func, value string, done, undo []string, use token.Pos) token.Pos {
	type made struct {
		pos      token.Pos
		deferred bool
		block    ast.Node
		undo     bool
	}
	var calls []made
	inspectAround(f.Decl.Body, func(n ast.Node, around []ast.Node) {
		ce, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		if !ok || c.nodeText(sel.X) != value {
			return
		}
		isDone, isUndo := slices.Contains(done, sel.Sel.Name), slices.Contains(undo, sel.Sel.Name)
		if !isDone && !isUndo {
			return
		}
		m := made{pos: ce.Pos(), undo: isUndo}
		for i := len(around) - 1; i >= 0; i-- {
			if _, ok := around[i].(*ast.DeferStmt); ok {
				m.deferred = true
			}
			if _, ok := around[i].(*ast.BlockStmt); ok && m.block == nil {
				m.block = around[i]
			}
		}
		calls = append(calls, m)
	})
	for i, m := range calls {
		if m.undo || use != token.NoPos && m.pos >= use {
			continue
		}
		if m.deferred {
			return m.pos
		}
		if use == token.NoPos || m.block == nil || m.block.Pos() > use || m.block.End() < use {
			continue
		}
		retaken := false
		for _, later := range calls[i+1:] {
			if later.undo && later.pos < use {
				retaken = true
			}
		}
		if !retaken {
			return m.pos
		}
	}
	return token.NoPos
}
