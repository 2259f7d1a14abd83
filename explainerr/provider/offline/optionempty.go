package offline

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A library that checks its options refuses an empty one by name: "Issuer
// must be set", "AccountName is required". The app passed that option in
// a literal of the library's options type (totp.GenerateOpts{Issuer:
// s.appName}); the value came from a field its constructor set from a
// setting, which was empty for this run. The fix is the setting, or a
// default where the field is set.

// reOptionRequired finds the option a library's error says is missing.
var reOptionRequired = regexp.MustCompile(`(?:^|: )([A-Za-z][A-Za-z0-9_]*) (?:must be set|is required|must not be empty|cannot be empty|can't be empty|must be provided|is not set|not set)\b`)

// optionPass is an option a literal of a library's type was given: the
// literal's type as written, the value, and where.
type optionPass struct {
	typ, value string
	at         sourceLine
	fn         appsource.FuncRef
}

// optionLeftEmpty explains msg when it says a library's option must be
// set and a function the request ran passes that option in a literal of
// another package's type; it reports whether it did.
func (a *analysis) optionLeftEmpty(msg string) bool {
	m := reOptionRequired.FindStringSubmatch(msg)
	src := a.app()
	if m == nil || src == nil || src.mod == nil {
		return false
	}
	option := m[1]
	var found []optionPass
	for _, ref := range a.reached() {
		found = append(found, optionPasses(src, ref, option)...)
	}
	if len(found) != 1 {
		return false // none, or several: which one ran is not known
	}
	p := found[0]
	a.g.Add(option, p.typ, p.value, p.at.Text)
	a.culprit = p.value
	a.headline("An empty " + code(option) + " passed to " + code(p.typ))
	a.why("The error says " + code(shorten(msg, 120)) + ": the library refuses an empty " + code(option) + ". " + a.cite(p.at) + " passes " + code(option+": "+p.value) + " in its " + code(p.typ) + ", so " + code(p.value) + " was empty for this request.")
	if set, ok := a.fieldSetFrom(p); ok {
		a.g.Add(set.Text)
		a.why(code(p.value) + " is set at " + a.cite(set) + ".")
		if settingRead.MatchString(set.Text) {
			a.why("That value is read from the app's configuration: the setting was empty when the app started.")
			a.fix("Set that setting in the app's configuration, or give " + code(fieldOf(p.value)) + " a default in " + code(set.Func) + " (" + code(a.fileLoc(set.Path, set.Line)) + ") when the setting is empty.")
			return true
		}
		a.fix("Give " + code(p.value) + " a value at " + code(a.fileLoc(set.Path, set.Line)) + ", or a default when what it is set from is empty.")
		return true
	}
	a.fix("Make sure " + code(p.value) + " is set before " + code(a.fileLoc(p.at.Path, p.at.Line)) + ", or give " + code(option) + " a default there.")
	return true
}

// settingRead matches code that reads the app's configuration.
var settingRead = regexp.MustCompile(`(?i)\b(?:cfg|conf|config|configuration|settings|opts|options|env)\b\.|viper\.Get|os\.Getenv|os\.LookupEnv`)

// optionPasses returns the key-value elements of ref's composite literals
// of another package's type (pkg.Opts{…}) whose key is option, in any
// case.
func optionPasses(src *appSource, ref appsource.FuncRef, option string) []optionPass {
	if ref.Decl == nil || ref.Decl.Body == nil {
		return nil
	}
	var out []optionPass
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		sel, ok := cl.Type.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || moduleImport(src, ref.File, pkg.Name) {
			return true // the module's own type
		}
		for _, e := range cl.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); ok && strings.EqualFold(k.Name, option) {
				line := src.fset.Position(kv.Pos()).Line
				out = append(out, optionPass{typ: types.ExprString(sel), value: types.ExprString(kv.Value), at: originLine(ref, line), fn: ref})
			}
		}
		return true
	})
	return out
}

// fieldSetFrom returns, for an option's value that is a field of the
// function's receiver (s.appName), the line of the literal that sets the
// field where its type is built, when exactly one sets it.
func (a *analysis) fieldSetFrom(p optionPass) (sourceLine, bool) {
	src := a.app()
	sel, ok := parseSelector(p.value)
	fd := p.fn.Decl
	if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 || fd.Recv.List[0].Names[0].Name != sel[0] {
		return sourceLine{}, false
	}
	owner := astutil.TypeName(fd.Recv.List[0].Type)
	var sets []sourceLine
	for _, o := range src.mod.FieldOrigins(filepath.Dir(p.fn.File.Path), owner, sel[1]) {
		if o.Left || o.Func.Decl == nil {
			continue
		}
		ast.Inspect(o.Func.Decl.Body, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == sel[1] && src.fset.Position(kv.Pos()).Line >= o.Line {
				sets = append(sets, originLine(o.Func, src.fset.Position(kv.Pos()).Line))
				return false
			}
			return true
		})
	}
	if len(sets) != 1 {
		return sourceLine{}, false
	}
	return sets[0], true
}

// fieldOf returns the field name of x.f, the whole text otherwise.
func fieldOf(expr string) string {
	if sel, ok := parseSelector(expr); ok {
		return sel[1]
	}
	return expr
}

// parseSelector splits x.f into its two names; false for anything else.
func parseSelector(expr string) ([2]string, bool) {
	x, f, ok := strings.Cut(expr, ".")
	if !ok || !token.IsIdentifier(x) || !token.IsIdentifier(f) {
		return [2]string{}, false
	}
	return [2]string{x, f}, true
}

// moduleImport reports whether the package name is one of the module's
// packages in f's imports.
func moduleImport(src *appSource, f *appsource.File, name string) bool {
	_, ok := src.mod.PackageDir(f, name)
	return ok
}
