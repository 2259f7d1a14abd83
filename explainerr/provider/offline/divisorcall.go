package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A divisor the failing function gave a function's result earlier
// (req.PerPage = listPageSize()) is 0 because that function returned 0:
// often a setting read with a key no setting has and a default of 0.
// The function is named with its return, and a setting's key is checked
// against the module's other literals.

// settingKeyCall finds a call that reads a setting by a quoted key with
// a default: GetInt("page_size", 0).
var settingKeyCall = regexp.MustCompile(`\b(\w+)\(\s*"([\w.-]+)"\s*,\s*(0|""|false)\s*\)`)

// divisorFromCall explains a zero divisor set from a module function's
// result before the failing line; it reports whether it did.
func (a *analysis) divisorFromCall(d linefacts.DivisionOp) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	f, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return false
	}
	for _, at := range src.mod.DivisorAssignments(f, fd, d.Y, a.s.Line) {
		callees := src.mod.CalleesOnLine(f, fd, at)
		if len(callees) != 1 {
			continue
		}
		callee := callees[0]
		ret, ok := singleReturn(callee.Decl)
		if !ok {
			continue
		}
		assign := sourceLine{Path: f.Path, Line: at, Text: strings.TrimSpace(f.Lines()[at-1])}
		retLine := src.mod.Fset.Position(ret.Pos()).Line
		returned := sourceLine{Path: callee.File.Path, Line: retLine, Text: strings.TrimSpace(callee.File.Lines()[retLine-1])}
		name := appsource.FuncName(callee.Decl)
		a.g.Add(name)
		why := code(d.Y) + " is set at " + a.cite(assign) + ", from " + code(name) + ": " + a.cite(returned) + "."
		if m := settingKeyCall.FindStringSubmatch(returned.Text); m != nil {
			key, def := m[2], m[3]
			a.g.Add(key)
			why += " It reads the setting " + code(key) + " with a default of " + code(def) + ": when no setting has that key, the divisor is " + code(def) + "."
			if like, exact := src.mod.SettingKeysLike(key); exact == 0 && len(like) > 0 {
				// Read here and defined nowhere, while a longer key is.
				at := sourceLine{Path: like[0].At.Path, Line: like[0].At.Line, Text: like[0].At.Text}
				a.g.Add(like[0].Key)
				why += " No setting the module defines has the key " + code(key) + "; " + a.cite(at) + " defines " + code(like[0].Key) + "."
			}
			a.why(why)
			a.fix("Read the setting by the key the settings have (or give " + code(name) + " a default above 0) at " + code(a.fileLoc(returned.Path, returned.Line)) + ".")
			return true
		}
		a.why(why)
		a.fix("Make " + code(name) + " (" + code(a.fileLoc(returned.Path, returned.Line)) + ") return a value above 0, or handle 0 where " + code(d.Y) + " is set.")
		return true
	}
	return false
}

// singleReturn returns the one return statement of a function whose body
// is only that statement.
func singleReturn(fd *ast.FuncDecl) (*ast.ReturnStmt, bool) {
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		return nil, false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	return ret, ok && len(ret.Results) == 1
}
