package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A library that checks its arguments panics with what it wanted ("count
// must be > 0"): the value is the app's, passed at the failing line, and
// the fix is where the app set it. For a field of a parameter passed in
// ("req.Limit" of the handler's request), that is the module's lines that
// assign the field.

// fieldSelectorRe finds a field of a variable in an argument: "req.Limit".
var fieldSelectorRe = regexp.MustCompile(`\b([a-z]\w*)\.([A-Z]\w*)\b`)

// rejectedArgument explains a library's panic about the value of an
// argument the failing line passed, with where the app sets the fields
// of its parameters that the argument reads. It reports whether it did.
func (a *analysis) rejectedArgument(msg string) bool {
	demanded := appsource.DemandedArgument(msg)
	if demanded == "" || a.s.Raiser == nil {
		return false
	}
	called := lastName(a.s.Raiser.Function)
	arg := ""
	for _, c := range a.s.Facts.Calls {
		if c.Name == called && len(c.Args) > 0 {
			arg = strings.Join(c.Args, ", ")
			break
		}
	}
	if arg == "" {
		return false
	}
	src := a.app()
	_, fd := a.failingFunc()
	if src == nil || fd == nil {
		return false
	}
	for _, sm := range fieldSelectorRe.FindAllStringSubmatch(arg, -1) {
		owner := paramTypeName(fd, sm[1])
		if owner == "" {
			continue
		}
		sets := src.fieldSetsIn("", owner, sm[2])
		var own []sourceLine
		for _, l := range sets {
			if strings.Contains(l.Func, "*"+owner+")") || strings.HasPrefix(l.Func, owner+".") {
				own = append(own, l) // in a method of the owner's type
			}
		}
		if len(own) > 0 {
			sets = own
		}
		if len(sets) == 0 {
			continue
		}
		var at []string
		for _, l := range sets {
			at = append(at, a.cite(l))
		}
		a.culprit = sm[0]
		a.headline(code(qualifiedShort(a.s.Raiser.Function)) + " refused its argument: " + code(shorten(msg, 80)))
		a.why(code(qualifiedShort(a.s.Raiser.Function)) + " checks the " + code(demanded) + " it is given and panics when it is not what it wants: " + code(shorten(msg, 120)) + ". The line passes " + code(arg) + ", which reads " + code(sm[0]) + ".")
		a.why(code(sm[0]) + " is set at " + strings.Join(at, "; ") + ": the value it is given there is the one the library refused " + a.forThis() + ".")
		a.fix("Make the value set at " + code(a.fileLoc(sets[0].Path, sets[0].Line)) + " one " + code(lastSelector(a.s.Raiser.Function)) + " accepts (" + code(shorten(msg, 60)) + "), or leave the field unset there so the default the line gives applies.")
		return true
	}
	return false
}

// paramTypeName returns the type name of fd's parameter called name
// ("jobListRequest" of req *jobListRequest), "" when it has none.
func paramTypeName(fd *ast.FuncDecl, name string) string {
	for _, fl := range fd.Type.Params.List {
		for _, n := range fl.Names {
			if n.Name == name {
				return typeName(fl.Type)
			}
		}
	}
	return ""
}
