package checker

import (
	"fmt"
	"regexp"
	"strings"
)

// KindStoreLine is a claim that a cited line stores a value: "`F` stores
// `V` in `m[k]` at f.go:93".
const KindStoreLine = "store_line"

// storeAtRe is a store with its value and target in code spans, followed
// by the line it is said to be at.
var storeAtRe = regexp.MustCompile("(?i)\\b(?:stores|puts|saves|records|keeps|assigns)\\s+(?:an?\\s+|the\\s+)?`([^`]+)`\\s+(?:in|into|to|under|as)\\s+`([^`]+)`\\s+(?:at|on)\\s+(?:line\\s+(\\d+)\\s+of\\s+)?`?([\\w./-]+\\.go)(?::(\\d+))?`?")

// checkStoreLines judges "stores `V` in `T` at f.go:N": when the module
// writes the value V as quoted (spaces aside) somewhere, the statement at
// the cited line must hold it, not only the target (another store to the
// same map, one line off). A value the module never writes as quoted (a
// paraphrase) is left to the checks of the names the clause gives.
func (c *Checker) checkStoreLines(prose string, _ []Claim, results []Result) []Result {
	for _, mm := range storeAtRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := sentenceAround(prose, mm[0])
		if modalRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		value := collapseSpace(prose[mm[2]:mm[3]])
		file := prose[mm[8]:mm[9]]
		lineText := ""
		switch {
		case mm[10] >= 0:
			lineText = prose[mm[10]:mm[11]]
		case mm[6] >= 0:
			lineText = prose[mm[6]:mm[7]]
		default:
			continue
		}
		line := 0
		fmt.Sscan(lineText, &line)
		if line <= 0 || !c.writesAnywhere(value) {
			continue
		}
		var held []string
		for _, f := range c.m.FindFile(file) {
			if line > len(c.views().code[f]) {
				continue
			}
			first, last := c.statementLines(f, line)
			stmt := collapseSpace(strings.Join(c.views().code[f][first-1:last], " "))
			if strings.Contains(stmt, value) {
				held = nil
				break
			}
			held = append(held, fmt.Sprintf("%s:%d holds %q", f, line, stmt))
		}
		if len(held) == 0 {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s stored at %s:%d", value, file, line), Kind: KindStoreLine, start: mm[0], end: mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: strings.Join(held, "; ") + ", not " + value})
	}
	return results
}

// writesAnywhere reports whether a line of the module's code holds text,
// spaces collapsed.
func (c *Checker) writesAnywhere(text string) bool {
	for _, f := range sortedFiles(c.m) {
		for _, l := range c.views().code[f] {
			if strings.Contains(collapseSpace(l), text) {
				return true
			}
		}
	}
	return false
}
