package checker

import (
	"regexp"
	"strings"
)

// A sentence may cite a line for what its prose says happens there,
// with no code span: "it deletes the key at data.go:198" of a line that
// calls delete, "starts the cleanup only when the interval is greater
// than zero (memstore.go:35)" of the if statement that tests it. The
// prose between the last code span (or comma) and the citation is read
// for such a description: a verb that is the name of a call the line
// makes, or a condition ("when", "if", "unless") whose words name the
// values the line's if statement tests.

// callNameRe matches the name of a call in code.
var callNameRe = regexp.MustCompile(`(\w+)\s*\(`)

// conditionWordRe matches prose that says a condition.
var conditionWordRe = regexp.MustCompile(`(?i)\b(?:when|if|unless|whenever)\b`)

// citedFragment returns the prose just before a citation: from the last
// code span or comma of before to its end.
func citedFragment(before string) string {
	if i := strings.LastIndexAny(before, "`,;"); i >= 0 {
		return before[i+1:]
	}
	return before
}

// saysWhatLineDoes reports whether the prose fragment before a cited line
// describes the statement there: a verb of it names a call the statement
// makes (deletes, delete), or, for an if statement, it says a condition
// whose words name an identifier the condition tests.
func saysWhatLineDoes(fragment, stmt string) bool {
	head := strings.TrimSpace(stmtHead(stmt))
	words := proseWordRe.FindAllString(strings.ToLower(fragment), -1)
	calls := map[string]bool{}
	for _, m := range callNameRe.FindAllStringSubmatch(head, -1) {
		calls[strings.ToLower(m[1])] = true
	}
	for _, w := range words {
		for stem := range verbStems(w) {
			if len(stem) >= 4 && calls[stem] {
				return true
			}
		}
	}
	cond, ok := strings.CutPrefix(head, "if ")
	if !ok || !conditionWordRe.MatchString(fragment) {
		return false
	}
	for _, id := range proseWordRe.FindAllString(cond, -1) {
		id = strings.ToLower(id)
		for _, w := range words {
			if len(w) >= 4 && strings.Contains(id, w) {
				return true
			}
		}
	}
	return false
}

// returnVerbRe is prose that says a value is returned.
var returnVerbRe = regexp.MustCompile(`(?i)\breturn(?:s|ed|ing)?\b`)

// saysReturned reports whether a clause says what the return statement
// at its cited line gives back: it says "returns", and its prose, outside
// code spans, names in words a variable of two words or more that the
// statement returns ("returns ... the first client protocol" of "return
// clientProtocol").
func saysReturned(clause, stmt string) bool {
	head := strings.TrimSpace(stmtHead(stmt))
	rest, ok := strings.CutPrefix(head, "return ")
	flat := strings.ToLower(outsideCode(clause))
	if !ok || !returnVerbRe.MatchString(flat) {
		return false
	}
	if saysLiteralReturned(flat, rest) {
		return true
	}
	words := " " + strings.Join(proseWordRe.FindAllString(flat, -1), " ") + " "
	for _, id := range proseWordRe.FindAllString(rest, -1) {
		if w := camelWords(id); len(w) >= 2 && strings.Contains(words, " "+strings.Join(w, " ")+" ") {
			return true
		}
	}
	return false
}

// elidedReturn reports whether a clause says the literal results of the
// return statement cited after "and", the verb of returning said once
// before them ("returns `x` for …, and "" when every time is zero
// (f.go:68)").
func elidedReturn(prose string, from, to int, stmt string) bool {
	flat := strings.ToLower(outsideCode(prose[from:to]))
	loc := returnVerbRe.FindStringIndex(flat)
	if loc == nil {
		return false
	}
	joined := strings.ReplaceAll(flat[loc[1]:], " and ", " returns ")
	return saysLiteralReturned(joined, strings.TrimPrefix(strings.TrimSpace(stmtHead(stmt)), "return "))
}

// literalResultRe is a result a return statement writes as a bare literal
// a sentence can say in words: nil, true, false, a whole number or a
// short string literal ("returns \"\" for a nil pointer").
var literalResultRe = regexp.MustCompile(`^(?:nil|true|false|-?\d+|"[^"\\]{0,20}")$`)

// saysLiteralReturned reports whether prose, lower-cased and outside code
// spans, says that the literal results of a return statement are what is
// returned ("returns nil when `err` is nil (retry.go:141)" of "return
// nil", "returns nil and false" of "return nil, false"). Only results
// that are all such literals count: a name in words is saysReturned's.
func saysLiteralReturned(flat, results string) bool {
	var lits []string
	for _, r := range strings.Split(results, ",") {
		r = strings.TrimSpace(r)
		if !literalResultRe.MatchString(r) {
			return false
		}
		lits = append(lits, regexp.QuoteMeta(strings.ToLower(r)))
	}
	re := regexp.MustCompile(`\breturn(?:s|ed|ing)?\s+` + strings.Join(lits, `(?:\s*,\s*|\s+and\s+|,\s+and\s+)`) + `(?:$|[^\w"])`)
	return re.MatchString(flat)
}
