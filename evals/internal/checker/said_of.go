package checker

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

var (
	// saidAdverbsRe is what may stand between a subject and its verb:
	// nothing but adverbs ("`F` also returns"), after its place perhaps
	// ("`F` (f.go:12) returns").
	saidAdverbsRe = regexp.MustCompile("(?i)^`?\\s*(?:\\([\\w./-]+:\\d+(?:-\\d+)?\\)\\s*)?,?\\s*(?:(?:function|method)\\s+)?(?:(?:also|only|always|then|still|now|just|instead|simply|first|finally|itself)\\s+)*$")
	// andVerbRe ends the text between a clause's subject and a later verb
	// of it: "`F` reads `G(x)` and returns ...".
	andVerbRe = regexp.MustCompile(`(?i)\band\s+(?:(?:also|only|always|then|still|now|just|instead|simply|finally)\s+)*$`)
	// otherSubjectRe marks text after which a verb may have another
	// subject: a relative clause, a condition, a contrast.
	otherSubjectRe = regexp.MustCompile(`(?i)\b(?:which|that|who|whose|when|whenever|if|unless|while|where|because|since|until|once|but|or|so|whereas|although|though|before|after|not|never|it|they)\b|[;:]`)
)

// saidOf is a verb whose subject is a code claim: "`F` returns ...",
// "`F` reads `x` and sets ...". funcs are the module functions the
// subject names, if any; after is the offset right after the verb.
type saidOf struct {
	subject Claim
	funcs   []*source.Func
	after   int
}

// verbSubjects finds each match of verb in prose whose subject is a code
// claim that names a function or method directly (see directSubject):
// the one right before it (adverbs aside), or
// the claim that opens its clause when the verb follows "and" with no
// relative clause, condition or contrast between.
func (c *Checker) verbSubjects(prose string, claims []Claim, verb *regexp.Regexp) []saidOf {
	var out []saidOf
	for _, loc := range verb.FindAllStringIndex(prose, -1) {
		if inCode(loc[0], claims) {
			continue
		}
		from, _ := clauseAround(prose, loc[0])
		var lead, prev *Claim
		for i := range claims {
			cl := &claims[i]
			if cl.start < from || cl.end > loc[0] || !lineable(*cl) || cl.Kind == KindSignature {
				continue
			}
			if lead == nil && subjectLeadRe.MatchString(prose[from:cl.start]) {
				lead = cl
			}
			if prev == nil || cl.start > prev.start {
				prev = cl
			}
		}
		var subject *Claim
		switch {
		case prev != nil && saidAdverbsRe.MatchString(prose[prev.end:loc[0]]):
			subject = prev
		case lead != nil && andVerbRe.MatchString(prose[lead.end:loc[0]]) && !otherSubjectRe.MatchString(prose[lead.end:loc[0]]):
			subject = lead
		}
		if subject == nil || subject.Proposed {
			continue
		}
		if !c.directSubject(subject.Text) {
			continue
		}
		out = append(out, saidOf{subject: *subject, funcs: c.subjectFuncs(subject.Text), after: loc[1]})
	}
	return out
}

// directSubject reports whether a subject names a function or method by
// its own name ("`Open`", "`Open(box)`") or with its type ("`Vault.Open`",
// "`(*Vault).Open`"): not through a variable ("`w.Write`", whose type the
// sentence does not give) nor a package ("`json.Marshal`").
func (c *Checker) directSubject(text string) bool {
	name := normalizeSelector(text)
	if i := strings.Index(name, "("); i >= 0 {
		name = name[:i]
	}
	return !strings.Contains(name, ".") || c.namedReceiver(text) != ""
}
