package checker

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// valueRe follows a name whose value the text states: "`FailureCode` is
// 403, so ...". A number followed by a unit ("is 32 bytes", "365 days")
// states something else, and is not read, and so is a number that goes on
// ("is `0.5 * time.Second`": not 0).
var valueRe = regexp.MustCompile("^`?\\s*(?:is|equals|=|==|is set to|is defined as)\\s+`?(-?(?:0[xX][0-9a-fA-F_]+|[0-9][0-9_]*(?:\\.[0-9]+)?))`?(?:\\s*(?:[,;:)]|\\.(?:\\s|$)|$)|\\s+(?:and|so|but|which|while|when|because|here|there|by|as|in)\\b)")

// statedValues records on each code claim the number its prose says it
// equals, if any.
func statedValues(prose string, claims []Claim) []Claim {
	for i := range claims {
		c := &claims[i]
		if c.fromExpr || (c.Kind != KindIdentifier && c.Kind != KindSelector) {
			continue
		}
		if mm := valueRe.FindStringSubmatch(prose[c.end:]); mm != nil {
			c.value = mm[1]
		}
	}
	return claims
}

// checkValue compares the value a text states for a name with the
// module's constants of that name (package constants of imports too);
// a name that is no constant is not judged here.
func (c *Checker) checkValue(cl Claim) (string, string, bool) {
	stated := constant.MakeFromLiteral(strings.ReplaceAll(cl.value, "_", ""), literalToken(cl.value), 0)
	if stated.Kind() == constant.Unknown {
		return "", "", false
	}
	var consts []*types.Const
	parts := strings.Split(normalizeSelector(cl.Text), ".")
	switch len(parts) {
	case 1:
		for _, o := range c.m.Objects[parts[0]] {
			if k, ok := o.(*types.Const); ok {
				consts = append(consts, k)
			}
		}
	case 2:
		for _, p := range c.packagesNamed(parts[0]) {
			if k, ok := p.Scope().Lookup(parts[1]).(*types.Const); ok {
				consts = append(consts, k)
			}
		}
	}
	if len(consts) == 0 {
		return "", "", false
	}
	var have []string
	for _, k := range consts {
		if constant.Compare(k.Val(), token.EQL, stated) {
			return Verified, fmt.Sprintf("%s is %s", cl.Text, k.Val().ExactString()), true
		}
		have = append(have, k.Val().ExactString())
	}
	return Contradicted, fmt.Sprintf("%s is %s, not %s", cl.Text, strings.Join(have, " or "), cl.value), true
}

func literalToken(s string) token.Token {
	if strings.Contains(s, ".") {
		return token.FLOAT
	}
	return token.INT
}
