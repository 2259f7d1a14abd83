package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/internal/astutil"
)

// Every fix is checked against the source before it is shown: a fix whose
// code is already written above the failing line, in the failing function
// (a nil check, an errors.Is test, a lock), would change nothing. Such a
// fix is dropped, and the explanation says the code already has it, so
// that the reader looks elsewhere.

// dropFixesTheCodeHas removes the fixes whose key line (an if condition
// or a lock taken) the failing function already has above the failing
// line.
func (a *analysis) dropFixesTheCodeHas() {
	have := a.linesAboveSite()
	if len(have) == 0 {
		return
	}
	var kept, lead []draft.Item
	said := map[string]bool{}
	for _, it := range a.d.Fixes {
		line, at, found := "", 0, false
		for _, key := range fixKeyLines(it) {
			n, ok := have[normalizeCode(key)]
			if !ok {
				continue
			}
			if ifs := a.ifAt(n); ifs != nil && a.app().fset.Position(ifs.End()).Line >= a.s.Line {
				continue // the fix rewrites the branch the failing line is in
			}
			line, at, found = key, n, true
			break
		}
		if !found {
			kept = append(kept, it)
			continue
		}
		if !said[line] {
			said[line] = true
			if fix := a.explainFixAlreadyThere(line, at); fix != nil {
				lead = append(lead, fix)
			}
		}
	}
	a.d.Fixes = append(lead, kept...)
}

// explainFixAlreadyThere says that the code has line, the head of the
// check or the lock a fix would add, at line number at: a check whose
// branch goes on is the fault itself (it must leave); otherwise the cause
// is elsewhere. It returns the fix to show first, nil when there is none.
func (a *analysis) explainFixAlreadyThere(line string, at int) draft.Item {
	where := code(loc(a.s.File, at))
	if ifs := a.ifAt(at); ifs != nil && !astutil.Leaves(ifs.Body) {
		a.why("The code already checks this at " + where + ": " + code(line) + ", but that branch does not return, so the code goes on to the failing line all the same.")
		return draft.Item{"End the branch at " + where + " with a " + code("return") + " (after answering the request, when it is a handler), so that the code below it runs only when the check fails."}
	}
	a.why("The code already has " + code(line) + " at " + where + ", above the failing line: adding it again would change nothing, so what went wrong is elsewhere.")
	return nil
}

// ifAt returns the if statement of the failing function that starts on
// line n, nil when there is none.
func (a *analysis) ifAt(n int) *ast.IfStmt {
	_, fd := a.failingFunc()
	if fd == nil || fd.Body == nil {
		return nil
	}
	src := a.app()
	var found *ast.IfStmt
	ast.Inspect(fd.Body, func(node ast.Node) bool {
		if is, ok := node.(*ast.IfStmt); ok && found == nil && src.fset.Position(is.Pos()).Line == n {
			found = is
		}
		return found == nil
	})
	return found
}

// linesAboveSite returns the lines of the failing function above the
// failing line, each normalised (normalizeCode), with its number.
func (a *analysis) linesAboveSite() map[string]int {
	out := map[string]int{}
	f, fd := a.failingFunc()
	if fd != nil && f != nil {
		src := a.app()
		start := src.fset.Position(fd.Pos()).Line
		for n := start; n < a.s.Line && n <= len(f.text()); n++ {
			if k := normalizeCode(f.text()[n-1]); k != "" {
				if _, seen := out[k]; !seen {
					out[k] = n
				}
			}
		}
		return out
	}
	for _, w := range a.s.LinesAbove() {
		if k := normalizeCode(w.Text); k != "" {
			out[k] = w.Number
		}
	}
	return out
}

// fixKeyLines returns the lines of a fix's code block that add a check or
// a lock: an if statement's head, or a Lock call.
func fixKeyLines(it draft.Item) []string {
	if len(it) == 0 {
		return nil
	}
	_, rest, ok := strings.Cut(it[0], "```go\n")
	if !ok {
		return nil
	}
	body, _, _ := strings.Cut(rest, "```")
	var out []string
	for _, l := range strings.Split(body, "\n") {
		t := strings.TrimSpace(l)
		if normalizeCode(t) == "iferr!=nil{" {
			continue // every function has one; it says nothing of this fix
		}
		if strings.HasPrefix(t, "if ") && strings.HasSuffix(t, "{") || strings.HasSuffix(t, ".Lock()") || strings.HasSuffix(t, ".RLock()") {
			out = append(out, t)
		}
	}
	return out
}

// normalizeCode drops a line's blanks and comment, so that lines written
// with other spacing compare equal; "" for a blank or comment line.
func normalizeCode(line string) string {
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	return strings.Join(strings.Fields(line), "")
}
