package checker

import "regexp"

// relativeTurnRe marks prose between a sentence's subject and a span
// that may move the span onto something else: a relative clause ("falls
// back to `notAllowed()`, whose function only calls", "which"), a name
// being defined ("with `wordSize` defined as"), a caller, a contrast that
// opens a clause about another subject ("while `mutexKey` returns").
var relativeTurnRe = regexp.MustCompile(`(?i)\b(?:whose|which|where|defined|declared|initiali[sz]ed|caller|callers|whereas)\b|,\s*while\b`)

// saidOfSubject reports whether the span at pos is said of the function
// the sentence opens with, whose claim ends at after: no relative clause
// or definition comes between them (relativeTurnRe).
func saidOfSubject(prose string, after, pos int) bool {
	return after <= pos && !relativeTurnRe.MatchString(outsideCode(prose[after:pos]))
}
