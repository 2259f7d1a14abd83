package checker

import (
	"fmt"
	"go/ast"
	"regexp"
	"slices"
)

// KindDeferredUnlock is a claim about how a function releases a lock:
// with a deferred unlock ("releases `mu` with a deferred unlock") or
// explicitly ("unlocks `mu` explicitly, without `defer`").
const KindDeferredUnlock = "deferred_unlock"

var (
	// deferredUnlockRe says the unlock is deferred.
	deferredUnlockRe = regexp.MustCompile("(?i)\\bdeferred\\s+(?:`?[\\w.]*\\.)?R?unlock|\\bdefers\\s+(?:the\\s+|its\\s+)?(?:`[^`]*`\\s+)?(?:r?unlock|release)|\\b(?:unlocks|releases)\\b[^.;]*?\\b(?:with|in|via|through|from)\\s+(?:a\\s+)?`?defer`?(?:red)?\\b")
	// explicitUnlockRe says the unlock is made directly, not deferred.
	explicitUnlockRe = regexp.MustCompile("(?i)\\b(?:unlocks|releases)\\b[^.;]*?\\b(?:explicitly|without\\s+(?:a\\s+)?`?defer`?|not\\s+(?:with|in|through)\\s+(?:a\\s+)?`?defer`?)")
)

// checkDeferredUnlock judges what a sentence whose subject is a function
// says of how it releases the lock it names: "with a deferred unlock" is
// contradicted when the function unlocks that lock and never in a
// deferred call; "explicitly, without defer" when every unlock of it is
// deferred.
func (c *Checker) checkDeferredUnlock(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		rest := prose[cl.end:to]
		saidDeferred := deferredUnlockRe.MatchString(rest)
		if !saidDeferred && !explicitUnlockRe.MatchString(rest) {
			continue
		}
		var locks []string
		for _, other := range claims {
			if other.start >= cl.end && other.end <= to && lineable(other) {
				locks = append(locks, lastName(other.Text))
			}
		}
		deferred, direct := 0, 0
		inspectAround(f.Decl.Body, func(n ast.Node, around []ast.Node) {
			ce, ok := n.(*ast.CallExpr)
			if !ok {
				return
			}
			sel, ok := ce.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Unlock" && sel.Sel.Name != "RUnlock" || !slices.Contains(locks, lastName(c.nodeText(sel.X))) {
				return
			}
			for _, a := range around {
				if _, ok := a.(*ast.DeferStmt); ok {
					deferred++
					return
				}
			}
			direct++
		})
		name := lastName(cl.Text)
		switch {
		case saidDeferred && deferred == 0 && direct > 0:
			claim := Claim{Text: name + " defers its unlock", Kind: KindDeferredUnlock, start: cl.start, end: to}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s unlocks %d time(s), never in a deferred call", name, direct)})
		case !saidDeferred && direct == 0 && deferred > 0:
			claim := Claim{Text: name + " unlocks without defer", Kind: KindDeferredUnlock, start: cl.start, end: to}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("every unlock of %s is deferred", name)})
		}
	}
	return results
}
