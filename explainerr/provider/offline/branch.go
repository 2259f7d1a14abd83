package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
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
		a.droppedTemplateError(t)
		return
	}
	a.why("It is written in the clause " + where + ", which the code took " + a.forThis() + ".")
}

// templateExecRe finds a template's execution, and what it runs.
var templateExecRe = regexp.MustCompile(`([\w.]+)\.(Execute|ExecuteTemplate)\(`)

// templateFileRe finds a template file's name in a message.
var templateFileRe = regexp.MustCompile(`[\w./-]+\.(?:html|tmpl|gohtml|tpl|tmpl\.html)\b`)

// droppedTemplateError explains a status answered with a fixed text in
// the branch (branch, the if line) for the error of a template's
// execution: the error, which says which action failed, is dropped. The
// template file the answer names is shown. It reports nothing.
func (a *analysis) droppedTemplateError(branch string) {
	m := templateExecRe.FindStringSubmatch(branch)
	if m == nil || !strings.Contains(branch, "err") {
		return
	}
	if compiled(`\berr\b`).MatchString(a.s.Text) {
		return // the answer carries the error
	}
	a.g.Add(m[1], m[2])
	a.why("The error of " + code(m[1]+"."+m[2]) + ", which says which action of the template failed and why, is dropped there: the answer is a fixed text, and " + a.forThis() + " nothing else logged it.")
	if name := templateFileRe.FindString(a.r.Error.Message); name != "" && a.app() != nil {
		if path := appsource.FindTemplateFile(a.app().root, name); path != "" && !strings.HasPrefix(a.app().mod.Rel(path), "..") {
			a.g.AddScanned(a.fileLoc(path, 0))
			a.g.Add(baseName(path))
			a.why("The template is " + code(a.app().mod.Rel(path)) + ".")
			a.fix("Log " + code("err") + " (or write it into the answer while developing) at " + code(a.fileLoc(a.s.File, a.s.Line)) + ": it names the line of " + code(a.app().mod.Rel(path)) + " and the action that failed, which is the one to fix.")
			return
		}
	}
	a.fix("Log " + code("err") + " (or write it into the answer while developing) at " + code(a.fileLoc(a.s.File, a.s.Line)) + ": it names the template's line and the action that failed, which is the one to fix.")
}
