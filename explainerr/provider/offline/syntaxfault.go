package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/words"
)

// The word a parser stopped at follows the fault, most often: a keyword
// that needs its partner (ORDER without BY) or a misspelt keyword (FORM
// for FROM). The app's SQL text where the word a parser named follows
// such a word is the statement that failed, and the fault is said.

// syntaxKeywords are the SQL keywords a misspelling is compared with.
var syntaxKeywords = []string{"select", "from", "where", "join", "into", "values", "order", "group", "limit", "offset",
	"having", "update", "delete", "insert", "returning", "distinct", "between", "inner", "outer", "left", "right"}

// syntaxFault is a fault found before the word a parser stopped at.
type syntaxFault struct {
	at   sourceLine
	why  string
	fix  string
	prev string
	// keyword is the SQL keyword the fix writes.
	keyword string
}

// syntaxFaultBefore looks in the module's SQL strings for the word near
// right after a keyword missing its partner or a misspelt keyword, and
// returns the fault when exactly one statement shows one.
func (a *analysis) syntaxFaultBefore(near string) (syntaxFault, bool) {
	src := a.app()
	if src == nil || src.mod == nil || near == "" {
		return syntaxFault{}, false
	}
	pair := compiled(`(?i)\b(\w+)\s+["'` + "`" + `]?` + regexp.QuoteMeta(near) + `\b`)
	var found []syntaxFault
	for _, l := range src.mod.SQLLiterals() {
		if l.DDL || !sqlKeyword.MatchString(l.Value) {
			continue
		}
		for _, m := range pair.FindAllStringSubmatch(l.Value, -1) {
			f, ok := faultOf(m[1], near)
			if !ok {
				continue
			}
			lit, ok := stringLitOf(l)
			if !ok {
				continue
			}
			f.at = src.litLine(lit, compiled(`(?i)\b`+regexp.QuoteMeta(m[1])+`\s+["'`+"`"+`]?`+regexp.QuoteMeta(near)+`\b`))
			found = append(found, f)
			break
		}
	}
	if len(found) != 1 {
		return syntaxFault{}, false
	}
	return found[0], true
}

// faultOf says what is wrong with prev written just before near, if
// anything is.
func faultOf(prev, near string) (syntaxFault, bool) {
	p := strings.ToLower(prev)
	switch p {
	case "order", "group":
		if strings.EqualFold(near, "by") {
			return syntaxFault{}, false
		}
		kw := strings.ToUpper(p)
		return syntaxFault{prev: prev, keyword: kw + " BY",
			why: code(prev) + " is not followed by " + code("BY") + ": " + code(kw+" BY") + " is one keyword pair in SQL, and the parser stops at the name after the lone " + code(prev) + ".",
			fix: "Write " + code(kw+" BY "+near)}, true
	}
	if len(p) < 4 || sqlReserved[p] {
		return syntaxFault{}, false
	}
	for _, kw := range syntaxKeywords {
		if len(kw) >= 4 && words.EditDistance(p, kw) == 1 {
			return syntaxFault{prev: prev, keyword: strings.ToUpper(kw),
				why: code(prev) + " is not an SQL keyword: it is " + code(strings.ToUpper(kw)) + " misspelt, so the parser stops at the word after it.",
				fix: "Write " + code(strings.ToUpper(kw)) + " for " + code(prev)}, true
		}
	}
	return syntaxFault{}, false
}
