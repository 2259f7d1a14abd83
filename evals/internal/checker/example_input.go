package checker

import "regexp"

// exampleLeadRe ends prose that introduces a span as an example of the
// data a function reads, not as code: "in a line `exportFOO=bar`", "for
// input such as `a=b`", "e.g. `KEY: value`".
var exampleLeadRe = regexp.MustCompile(`(?i)(?:\b(?:a|an|the)\s+(?:line|input|value|string|entry|header|row|text)|\binput|\bsuch\s+as|\blike|\be\.g\.,?|\bfor\s+example,?)\s*$`)

// exampleInput reports whether a claim names what a span of its sentence
// gives as an example of input ("in a line `exportFOO=bar`, the key stays
// `exportFOO`"): an unknown name there is data, not a name the sentence
// says the code has.
func exampleInput(prose string, cl Claim) bool {
	from, to := sentenceAround(prose, cl.start)
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
		a := from + loc[0]
		if exampleLeadRe.MatchString(prose[max(from, a-40):a]) && containsIdent(prose[from+loc[2]:from+loc[3]], cl.Text) {
			return true
		}
	}
	return false
}
