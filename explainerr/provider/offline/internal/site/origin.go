package site

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// ErrorOrigin finds the statement that produced the error the app
// reported, among the lines of the Scope that assign err. Each candidate
// is scored: a call named in the message counts for it; a message that
// starts with a standard package's prefix ("strconv.", "json:") counts for
// lines calling that package and against the others; a line that only
// calls standard library functions counts against it for any other
// message. The best candidate wins, the nearest on a tie. In a handler
// that returned its error, a guess among equals is not made.
func (s Site) ErrorOrigin() (WindowLine, linefacts.Facts, bool) {
	msg := strings.ToLower(strings.Join(s.Messages, "\n"))
	prefix := ""
	for _, m := range s.Messages {
		if p := stdPrefix.FindStringSubmatch(m); p != nil && directStd[p[1]] {
			prefix = p[1]
			break
		}
	}
	best, bestScore, tie := -1, -100, false
	var lines []WindowLine
	var facts []linefacts.Facts
	for _, l := range s.Scope() {
		if !strings.Contains(l.Text, "err") {
			continue
		}
		f := s.FactsAt(l.Number)
		if !f.AssignsErr() {
			continue
		}
		score := 0
		switch s.methodCase(l.Number) {
		case caseOther:
			continue // a case of another request method: it did not run
		case caseThis:
			score += 3
		}
		onlyStd := len(f.Calls) > 0
		callsPrefix := false
		for _, c := range f.Calls {
			if len(c.Name) > 3 && strings.Contains(msg, strings.ToLower(c.Name)) {
				score += 2
			}
			root := linefacts.RootIdent(c.Receiver)
			if c.Receiver == "" || !grounding.StdPackage(root) {
				onlyStd = false
			}
			if prefix != "" && root == prefix {
				callsPrefix = true
			}
		}
		switch {
		case prefix != "" && callsPrefix:
			score++
		case prefix != "":
			score--
		case onlyStd:
			score--
		}
		lines, facts = append(lines, l), append(facts, f)
		switch {
		case score > bestScore:
			best, bestScore, tie = len(lines)-1, score, false
		case score == bestScore:
			tie = true
		}
	}
	if best < 0 || s.Returned && (tie || bestScore < 0) {
		return WindowLine{}, linefacts.Facts{}, false
	}
	return lines[best], facts[best], true
}

// stdPrefix matches a message that starts with a package's name, as
// "strconv.Atoi: ..." and "json: ..." do.
var stdPrefix = regexp.MustCompile(`^(\w+)[.:]`)

// directStd are the standard packages whose errors come from calling their
// functions directly (unlike database/sql, reached through methods).
var directStd = map[string]bool{
	"strconv": true, "json": true, "xml": true, "csv": true, "base64": true,
	"hex": true, "url": true, "time": true, "mail": true,
}

// The cases of a switch on the request's method, as the window shows them.
const (
	caseNone  = iota // the line is in no case that names a method
	caseThis         // in a case that names the request's method
	caseOther        // in a case that names only other methods
)

// reMethodCase matches a case of a switch on the request method: its
// labels, as string literals or net/http's constants.
var reMethodCase = regexp.MustCompile(`^\s*case\s+((?:(?:"[A-Z]+"|http\.Method[A-Z][a-z]+)\s*,?\s*)+):`)

// methodCase tells whether the window line n is in the body of a case
// that names HTTP methods, and whether one of them is the request's.
func (s Site) methodCase(n int) int {
	if s.Method == "" || s.Frame == nil || s.Frame.Source == nil {
		return caseNone
	}
	if s.MethodCaseOf != nil {
		switch this, ok := s.MethodCaseOf(n); {
		case ok && this:
			return caseThis
		case ok:
			return caseOther
		}
	}
	src := s.Frame.Source
	indent := func(t string) int { return len(t) - len(strings.TrimLeft(t, " \t")) }
	i := n - src.StartLine
	if i < 0 || i >= len(src.Lines) {
		return caseNone
	}
	own := indent(src.Lines[i])
	for j := i - 1; j >= 0; j-- {
		t := src.Lines[j]
		if strings.TrimSpace(t) == "" || indent(t) >= own {
			continue
		}
		m := reMethodCase.FindStringSubmatch(t)
		if m == nil {
			return caseNone // the line's block opens with something else
		}
		for _, label := range strings.Split(m[1], ",") {
			label = strings.Trim(strings.TrimSpace(label), `"`)
			if strings.EqualFold(strings.TrimPrefix(label, "http.Method"), s.Method) {
				return caseThis
			}
		}
		return caseOther
	}
	return caseNone
}
