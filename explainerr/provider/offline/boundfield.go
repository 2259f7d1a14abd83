package offline

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"
)

// An index or a slice bound out of range on a field is fixed where the
// field is set, not where it is read: a constructor that splits a
// template into fewer parts than the handler reads (strings.SplitN with
// a count of 1, or a separator the text no longer holds), a settings
// form that stores -1 for "no limit" where the handler slices with it.
// boundFieldOrigin names those places when the module sets the field in
// few enough of them.

// maxBoundSetters bounds the places a field may be set in for the
// analysis to name them all.
const maxBoundSetters = 3

var (
	// splitNCall is strings.SplitN(text, sep, n) with a literal count.
	splitNCall = regexp.MustCompile(`\bSplitN\(.*,\s*(-?\d+)\s*\)`)
	// splitCall is a split whose separator is a string literal.
	splitCall = regexp.MustCompile(`\bSplit(?:N|After|AfterN)?\(.*?,\s*("(?:[^"\\]|\\.)*")`)
	// readFileName is a file name a function reads, as a literal with an
	// extension.
	readFileName = regexp.MustCompile(`"([\w./-]+\.(?:js|css|html|tmpl|tpl|gohtml|txt|sql|json|ya?ml|md))"`)
)

// boundFieldOrigin explains, for the field x (a selector: s.parts,
// tr.Options.Limit) that the failing line indexes or slices with, the
// places outside the failing function that set it: the value they give
// (bad, the index or bound the runtime reported) read against the
// statement. It reports whether it named them.
func (a *analysis) boundFieldOrigin(x, bad string, indexed bool) bool {
	src := a.app()
	if src == nil || !strings.Contains(x, ".") || isIdent(x) {
		return false
	}
	field := lastSelector(x)
	name, _ := a.siteDecl()
	var sets []sourceLine
	for _, l := range src.fieldSets("", field) {
		if lastSelector(strings.Trim(l.Func, "()*")) != name {
			sets = append(sets, l)
		}
	}
	if len(sets) == 0 || len(sets) > maxBoundSetters {
		return false
	}
	if indexed {
		for _, l := range sets {
			if a.splitTooFew(x, bad, l) {
				return true
			}
		}
	}
	if !indexed {
		for _, l := range sets {
			if bad != "" && regexp.MustCompile(`=\s*`+regexp.QuoteMeta(bad)+`\s*$`).MatchString(l.Text) {
				a.fixedAtOrigin = true
				a.why(code(x) + " is " + bad + " here: " + a.cite(l) + " sets it to " + bad + ", and a slice bound below 0 (or past the length) panics.")
				a.fix("Give " + code(field) + " a value the slice can take where it is set (" + code(a.fileLoc(l.Path, l.Line)) + "), or read " + bad + " as its own case before slicing (for \"no limit\", skip the slice).")
				return true
			}
		}
	}
	var places []string
	for _, l := range sets {
		places = append(places, a.cite(l))
	}
	a.why(code(x) + " is set outside this function, at " + strings.Join(places, "; ") + ": what it holds there decides whether the " + map[bool]string{true: "index", false: "bounds"}[indexed] + " can fit.")
	return true
}

// splitTooFew explains a field set from a split that gives fewer parts
// than the failing index reads. It reports whether it did.
func (a *analysis) splitTooFew(x, idx string, l sourceLine) bool {
	at := code(a.fileLoc(l.Path, l.Line))
	if m := splitNCall.FindStringSubmatch(l.Text); m != nil && isNumber(idx) {
		n, _ := strconv.Atoi(m[1])
		if n > 0 && atoi(idx) >= n {
			a.fixedAtOrigin = true
			a.why(code(x) + " is set at " + a.cite(l) + ": " + code("strings.SplitN") + " with a count of " + m[1] + " returns at most " + m[1] + " part(s), so index " + idx + " is never there.")
			a.fix("At "+at+", pass a count above "+idx+" to "+code("strings.SplitN")+" (or -1 for every part), or split with "+code("strings.Split")+".",
				"At "+at+", pass a count above "+idx+" (or -1 for every part).")
			return true
		}
	}
	m := splitCall.FindStringSubmatch(l.Text)
	if m == nil {
		return false
	}
	a.fixedAtOrigin = true
	a.g.Add(strings.Trim(m[1], `"`))
	from := ""
	if name, ok := a.fileReadBy(l); ok {
		a.g.Add(name)
		from = " It splits the text of " + code(name) + ", which must hold " + code(m[1]) + "."
	}
	a.why(code(x) + " is set at " + a.cite(l) + ": a split gives one part when the text lacks the separator " + code(m[1]) + ", fewer than index " + idx + " needs." + from)
	a.fix("At " + at + ", check that the split gave the parts the handler reads and return an error when it did not, so the app stops at start with the cause instead of panicking on every request; and put " + code(m[1]) + " back in the text it splits.")
	return true
}

// fileReadBy returns the file name a literal of the function holding l
// names, at or before l (the template a constructor reads and splits).
func (a *analysis) fileReadBy(l sourceLine) (string, bool) {
	src := a.app()
	if src == nil {
		return "", false
	}
	name := ""
	src.eachFuncInFile(l.Path, func(f *appFile, fd *ast.FuncDecl) {
		start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		if l.Line < start || l.Line > end {
			return
		}
		lines := f.text()
		for i := start; i <= l.Line && i-1 < len(lines); i++ {
			if m := readFileName.FindStringSubmatch(lines[i-1]); m != nil {
				name = m[1]
			}
		}
	})
	return name, name != ""
}
