package checker

import (
	"go/ast"
	"regexp"
	"strings"
)

// commentedAfterRe opens the prose after a name the sentence says is
// commented out ("`Close` is commented out"); commentedBeforeRe ends the
// prose before one ("the commented-out `Close`").
var (
	commentedAfterRe  = regexp.MustCompile("(?i)^`?\\s*(?:(?:method|function|func|type)\\s+)?(?:is|was|are|were|stays|remains|sits|lies|left)\\s+(?:still\\s+|only\\s+|all\\s+)?(?:left\\s+)?commented[\\s-]+out\\b")
	commentedBeforeRe = regexp.MustCompile("(?i)\\bcommented[\\s-]+out\\s+(?:(?:method|function|func|type)\\s+)?`?$")
)

// commentedDecl reports whether an unknown name is one the sentence says
// is commented out ("`Close` is commented out") and a comment of the
// module holds its declaration ("// func (c *LRU[K, V]) Close() {"): the
// code has no such name, as the sentence says.
func (c *Checker) commentedDecl(prose string, cl Claim) bool {
	if cl.Kind != KindIdentifier || cl.start < 0 || cl.end > len(prose) || cl.start >= cl.end {
		return false
	}
	if !commentedAfterRe.MatchString(prose[cl.end:]) && !commentedBeforeRe.MatchString(prose[max(0, cl.start-40):cl.start]) {
		return false
	}
	decl := regexp.MustCompile(`^\s*(?:func\s+(?:\([^)]*\)\s*)?|type\s+|var\s+|const\s+)` + regexp.QuoteMeta(cl.Text) + `\b`)
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			for _, g := range f.Comments {
				if commentDeclares(g, decl) {
					return true
				}
			}
		}
	}
	return false
}

// commentDeclares reports whether a line of a comment group, its comment
// marker taken off, is a declaration decl matches.
func commentDeclares(g *ast.CommentGroup, decl *regexp.Regexp) bool {
	for _, cm := range g.List {
		if text, ok := strings.CutPrefix(cm.Text, "//"); ok && decl.MatchString(text) {
			return true
		}
	}
	return false
}
