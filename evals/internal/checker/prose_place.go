package checker

import (
	"regexp"
	"strconv"
)

// namedInProse reports whether the plain prose of a clause says the
// module function whose declaration in file holds line is declared
// there: "decrypt, declared at line 412 of `box.go`, returns ..." places
// the line with a word of prose too short to be taken as a name of its
// own, so the line is not said to hold the rest of the clause. "In main,
// ... at line 165" is not such a place: the line must hold what the
// clause names.
func (c *Checker) namedInProse(clause, file string, line int) bool {
	g := c.m.FuncAt(file, line)
	if g == nil {
		return false
	}
	n := strconv.Itoa(line)
	re, err := regexp.Compile(`(?i)(?:^|[^\w` + "`" + `])` + regexp.QuoteMeta(g.Name) + `\s*[,(]?\s*(?:(?:is|was)\s+)?(?:declared|defined)\s+(?:at|on|in)\s+(?:lines?\s+` + n + `\b|` + "`?" + `[\w./-]*:` + n + `\b)`)
	return err == nil && re.MatchString(clause)
}

// placedByProse reports whether the file and line a claim's clause gave
// it ("decrypt, declared at line 412 of `box.go`, undoes `encrypt`") are
// where the clause's plain prose says a module function is declared (see
// namedInProse): the line is that function's place, not the claim's.
func (c *Checker) placedByProse(prose string, cl Claim) bool {
	from, to := clauseAround(prose, cl.start)
	for _, f := range c.m.FindFile(cl.File) {
		if c.namedInProse(prose[from:to], f, cl.Line) {
			return true
		}
	}
	return false
}
