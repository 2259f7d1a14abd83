package checker

import "github.com/explainerr/explainerr/evals/internal/source"

// sentenceSubject returns the function a claim names when the claim opens
// its sentence as the subject (subjectLeadRe), names it directly and
// names exactly one function of the module with a body, and the end of
// that sentence in prose. A lead ending with the name of one of the
// module's packages ("The expirable `LRU.Peek`") narrows the subject to
// that package's functions. ok is false for a claim that is no such
// subject, and for a sentence that may say what the code should do
// rather than what it does (modalRe).
func (c *Checker) sentenceSubject(prose string, cl Claim) (f *source.Func, to int, ok bool) {
	if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
		return nil, 0, false
	}
	from, to := sentenceAround(prose, cl.start)
	if !c.directSubject(cl.Text) || modalRe.MatchString(outsideCode(prose[from:to])) {
		return nil, 0, false
	}
	lead, funcs := maskSpans(prose[from:cl.start]), c.subjectFuncs(cl.Text)
	if !subjectLeadRe.MatchString(lead) {
		// "The expirable `LRU.Peek`": the function of that package.
		rest, in, named := c.leadPackage(lead, funcs)
		if !named || !subjectLeadRe.MatchString(rest) {
			return nil, 0, false
		}
		funcs = in
	}
	if len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil {
		return nil, 0, false
	}
	return funcs[0], to, true
}

// eachSubject calls fn once per sentence of prose that opens with a
// module function as its subject (sentenceSubject), with the subject's
// claim, the function and where the sentence ends.
func (c *Checker) eachSubject(prose string, claims []Claim, fn func(cl Claim, f *source.Func, to int)) {
	seen := map[int]bool{}
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || seen[to] {
			continue
		}
		seen[to] = true
		fn(cl, f, to)
	}
}
