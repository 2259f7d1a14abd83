package main

import (
	"math/rand/v2"
	"regexp/syntax"
	"strings"
)

// generate returns a string the expression expr matches, choosing
// characters with rnd, so that secrets come out random-looking; an
// optional or repeated part is made the fewest times it may be.
func generate(expr string, rnd *rand.Rand) (string, error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	gen(&b, re.Simplify(), rnd)
	return b.String(), nil
}

// sampleAlphabet are the characters a class is sampled from first.
const sampleAlphabet = "aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uVwXyZAbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_+/="

func gen(b *strings.Builder, re *syntax.Regexp, rnd *rand.Rand) {
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		b.WriteRune(pick(re.Rune, rnd))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteByte(sampleAlphabet[rnd.IntN(62)])
	case syntax.OpCapture:
		gen(b, re.Sub[0], rnd)
	case syntax.OpStar, syntax.OpQuest:
	case syntax.OpPlus:
		gen(b, re.Sub[0], rnd)
	case syntax.OpRepeat:
		for range re.Min {
			gen(b, re.Sub[0], rnd)
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			gen(b, s, rnd)
		}
	case syntax.OpAlternate:
		gen(b, re.Sub[rnd.IntN(len(re.Sub))], rnd)
	}
}

// pick returns a rune of the class given as ranges: a printable ASCII one
// when the class has any, the first otherwise.
func pick(ranges []rune, rnd *rand.Rand) rune {
	var in []rune
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < 0x7f; r++ {
			if r > 0x20 && r != '\\' && r != '"' && r != '\'' && r != '`' {
				in = append(in, r)
			}
		}
	}
	if len(in) == 0 {
		if len(ranges) > 0 {
			if ranges[0] <= ' ' && ranges[len(ranges)-1] >= ' ' {
				return ' '
			}
			return ranges[0]
		}
		return 'x'
	}
	// Prefer letters and digits: symbols make the sample look less like
	// a token and more like code.
	var alnum []rune
	for _, r := range in {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			alnum = append(alnum, r)
		}
	}
	if len(alnum) > 0 && rnd.IntN(8) != 0 {
		in = alnum
	}
	return in[rnd.IntN(len(in))]
}
