package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
)

// A status or error the app answers with is often written in a branch
// whose condition is the real news: "if !valid {" says the token check
// failed. The branch is read from the source window: the nearest line
// above the failing one that is indented less and opens an if, else or
// case clause.

// enclosingBranch returns the line of the clause that holds the failing
// line, when the window shows one.
func (a *analysis) enclosingBranch() (site.WindowLine, bool) {
	if a.s.Frame == nil || a.s.Frame.Source == nil {
		return site.WindowLine{}, false
	}
	depth := indentOf(a.s.Frame.Source.LineText())
	for _, l := range a.s.LinesAbove() {
		t := strings.TrimSpace(l.Text)
		if t == "" || indentOf(l.Text) >= depth {
			continue
		}
		for _, open := range []string{"if ", "} else if ", "} else {", "else {", "case ", "default:"} {
			if strings.HasPrefix(t, open) {
				return l, true
			}
		}
		return site.WindowLine{}, false
	}
	return site.WindowLine{}, false
}

// indentOf returns the width of a line's leading white space, a tab
// counting as one.
func indentOf(line string) int {
	return len(line) - len(strings.TrimLeft(line, " \t"))
}

// explainBranch says which clause the failing line was written in: its
// condition held (or its case matched) for the failing run.
func (a *analysis) explainBranch() {
	l, ok := a.enclosingBranch()
	if !ok {
		return
	}
	t := strings.TrimSpace(l.Text)
	where := quoteLine(a.siteLine(l))
	if cond, ok := strings.CutPrefix(strings.TrimPrefix(t, "} else "), "if "); ok {
		cond = strings.TrimSpace(strings.TrimSuffix(cond, "{"))
		if i := strings.LastIndex(cond, "; "); i >= 0 {
			cond = cond[i+2:] // the condition after an init statement
		}
		a.why("It is written in the branch " + where + ": " + code(cond) + " held " + a.forThis() + ".")
		return
	}
	a.why("It is written in the clause " + where + ", which the code took " + a.forThis() + ".")
}
