package main

import (
	"math"
	"regexp"
	"strings"
)

// A compiled rule finds secrets the way the redactor's provider table
// does: on a line holding one of its keywords (in any case), a match of
// its expression whose secret (the rule's secret group, else the first
// group that matched, else the whole match) has the rule's entropy and no
// allowlist excuses.
type compiled struct {
	rule   tomlRule
	re     *regexp.Regexp
	allows []compiledAllow
}

type compiledAllow struct {
	target, condition string
	regexes           []*regexp.Regexp
	stopwords         []string
}

// finds reports whether c hides something in text, line by line.
func (c *compiled) finds(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if c.findsInLine(line) {
			return true
		}
	}
	return false
}

func (c *compiled) findsInLine(line string) bool {
	lower := strings.ToLower(line)
	hit := len(c.rule.Keywords) == 0
	for _, k := range c.rule.Keywords {
		if strings.Contains(lower, strings.ToLower(k)) {
			hit = true
			break
		}
	}
	if !hit {
		return false
	}
	for _, m := range c.re.FindAllStringSubmatchIndex(line, -1) {
		s, e := secretSpan(m, c.rule.SecretGroup)
		secret := line[s:e]
		if secret == "" || entropy(secret) < c.rule.Entropy {
			continue
		}
		if !c.allowed(line, line[m[0]:m[1]], secret) {
			return true
		}
	}
	return false
}

// secretSpan returns where the secret of match m is.
func secretSpan(m []int, group int) (int, int) {
	if group > 0 && 2*group+1 < len(m) && m[2*group] >= 0 {
		return m[2*group], m[2*group+1]
	}
	for g := 1; 2*g+1 < len(m); g++ {
		if m[2*g] >= 0 {
			return m[2*g], m[2*g+1]
		}
	}
	return m[0], m[1]
}

func (c *compiled) allowed(line, match, secret string) bool {
	for _, a := range c.allows {
		target := secret
		switch a.target {
		case "match":
			target = match
		case "line":
			target = line
		}
		re := false
		for _, r := range a.regexes {
			if r.MatchString(target) {
				re = true
				break
			}
		}
		stop := false
		for _, w := range a.stopwords {
			if strings.Contains(strings.ToLower(secret), strings.ToLower(w)) {
				stop = true
				break
			}
		}
		if a.condition == "AND" {
			if (len(a.regexes) == 0 || re) && (len(a.stopwords) == 0 || stop) {
				return true
			}
		} else if re || stop {
			return true
		}
	}
	return false
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	h := 0.0
	for _, n := range counts {
		if n > 0 {
			p := float64(n) / float64(len(s))
			h -= p * math.Log2(p)
		}
	}
	return h
}
