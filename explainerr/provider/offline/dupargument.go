package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A value passed for two parameters of different names, where the value
// named for the second sits beside it unused (Login(ctx, form.Username,
// form.Username) with form.Password never passed), is a copy-paste slip
// that no error message names: the callee fails on a value that is
// wrong, not missing. It is looked for in the functions the request
// reached, and said when found.

// duplicatedArgument is one such call: the function that makes it, the
// callee, the value, the two parameters, and the value left out.
type duplicatedArgument struct {
	at                  sourceLine
	callee, value       string
	first, second, left string
}

// findDuplicatedArgument returns the first such call among the functions
// the request reached.
func (a *analysis) findDuplicatedArgument() (duplicatedArgument, bool) {
	src := a.app()
	if src == nil {
		return duplicatedArgument{}, false
	}
	for _, ref := range append(a.reached(), a.frameMethodTargets()...) {
		if ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		used := map[string]bool{}
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				used[astutil.ExprString(sel)] = true
			}
			return true
		})
		var found duplicatedArgument
		ok := false
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			call, isCall := n.(*ast.CallExpr)
			if !isCall || ok {
				return !ok
			}
			var params []string
			fits := 0
			for _, c := range src.calleesOf(astutil.ExprString(call.Fun)) {
				if p := paramNames(c.Decl.Type); len(p) == len(call.Args) {
					params = p
					fits++
				}
			}
			if fits != 1 {
				return true // which of several is called is not known
			}
			passed := map[string]bool{}
			for _, arg := range call.Args {
				passed[astutil.ExprString(arg)] = true
			}
			for i := range call.Args {
				si, isSel := call.Args[i].(*ast.SelectorExpr)
				if !isSel {
					continue
				}
				// An id given for a parameter named for another id of the
				// same value (auth.UID for GID, while auth.GID is there).
				if p := params[i]; isIDName(si.Sel.Name) && isIDName(p) && !strings.EqualFold(si.Sel.Name, p) {
					// The other id is written so in the same file (auth.GID
					// beside auth.UID): a field of that value, not a guess.
					other := astutil.ExprString(si.X) + "." + p
					if !passed[other] && src.hasField(si.Sel.Name, p) && linesHold(src.viewOf(ref.File).text(), other) {
						f := src.viewOf(ref.File)
						found = duplicatedArgument{at: src.lineAt(f, call.Pos(), funcName(ref.Decl)), callee: calleeName(call.Fun), value: astutil.ExprString(si), second: p, left: other}
						ok = true
						return false
					}
				}
				for j := i + 1; j < len(call.Args); j++ {
					if astutil.ExprString(call.Args[j]) != astutil.ExprString(si) || strings.EqualFold(params[i], params[j]) || params[j] == "" {
						continue
					}
					// The value named for the second parameter, beside the
					// one passed (form.Password beside form.Username).
					left := astutil.ExprString(si.X) + "." + strings.ToUpper(params[j][:1]) + params[j][1:]
					if used[left] || !strings.EqualFold(si.Sel.Name, params[i]) || !src.hasField(si.Sel.Name, params[j]) {
						continue
					}
					f := src.viewOf(ref.File)
					found = duplicatedArgument{at: src.lineAt(f, call.Pos(), funcName(ref.Decl)), callee: calleeName(call.Fun), value: astutil.ExprString(si), first: params[i], second: params[j], left: left}
					ok = true
					return false
				}
			}
			return true
		})
		if ok {
			return found, true
		}
	}
	return duplicatedArgument{}, false
}

// frameMethodTargets returns the module's methods that the methods the
// app frames call by name may be (p.Authenticate(…) on a value looked up
// in a map of an interface type), when a name has at most a few.
func (a *analysis) frameMethodTargets() []appsource.FuncRef {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return nil
	}
	var out []appsource.FuncRef
	seen := map[string]bool{}
	for _, fr := range a.appFrames(3) {
		_, fd := src.funcAt(fr.File, fr.Line)
		if fd == nil || fd.Body == nil {
			continue
		}
		eachSelectorCall(fd.Body, func(_ *ast.CallExpr, sel *ast.SelectorExpr) {
			name := sel.Sel.Name
			if seen[name] {
				return
			}
			seen[name] = true
			if refs := src.mod.Named(name, ""); len(refs) <= 3 {
				out = append(out, refs...)
			}
		})
	}
	return out
}

// paramNames returns the parameter names of a function's type, in order
// ("" for an unnamed one).
func paramNames(ft *ast.FuncType) []string {
	var out []string
	for _, fl := range ft.Params.List {
		if len(fl.Names) == 0 {
			out = append(out, "")
		}
		for _, n := range fl.Names {
			out = append(out, n.Name)
		}
	}
	return out
}

// isIDName reports whether a name is an identifier's of something named
// (GID, userID, group_id): "id" alone names no kind.
func isIDName(name string) bool {
	l := strings.TrimSuffix(strings.ToLower(name), "_id")
	return len(l) >= 3 && strings.HasSuffix(l, "id") || len(l) >= 2 && l != strings.ToLower(name)
}

// hasField reports whether a module struct has both fields, the second
// by a name that differs from the parameter only in its first letter's
// case.
func (s *appSource) hasField(have, want string) bool {
	found := false
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		gd, isGen := d.(*ast.GenDecl)
		if found || !isGen {
			return
		}
		ast.Inspect(gd, func(n ast.Node) bool {
			st, isStruct := n.(*ast.StructType)
			if !isStruct {
				return true
			}
			var names []string
			for _, fl := range st.Fields.List {
				for _, n := range fl.Names {
					names = append(names, n.Name)
				}
			}
			hasHave, hasWant := false, false
			for _, n := range names {
				hasHave = hasHave || n == have
				hasWant = hasWant || strings.EqualFold(n, want)
			}
			found = found || hasHave && hasWant
			return !found
		})
	})
	return found
}

// sayDuplicatedArgument adds such a call to the explanation of an error
// or an error status; it reports whether it did.
func (a *analysis) sayDuplicatedArgument() bool {
	d, ok := a.findDuplicatedArgument()
	if !ok {
		return false
	}
	a.g.Add(d.callee, d.value, d.first, d.second, d.left, strings.TrimSpace(d.at.Text))
	if d.first == "" {
		// One id given for another.
		a.why(code(d.at.Func) + " passes " + code(d.value) + " as the " + code(d.second) + " of " + code(d.callee) + ", at " + a.cite(d.at) + ", while " + code(d.left) + " is the value of that name: " + code(d.callee) + " works on another id than the one it expects.")
		a.fix("In " + code(d.at.Func) + ", pass " + code(d.left) + " as " + code(d.second) + " at " + code(a.fileLoc(d.at.Path, d.at.Line)) + ".")
		a.fixedAtOrigin = true
		return true
	}
	a.why(code(d.at.Func) + " passes " + code(d.value) + " to " + code(d.callee) + " as both " + code(d.first) + " and " + code(d.second) + ", at " + a.cite(d.at) + ", and never passes " + code(d.left) + ": " + code(d.callee) + " works on a wrong " + code(d.second) + ".")
	a.fix("In " + code(d.at.Func) + ", pass " + code(d.left) + " as " + code(d.second) + " at " + code(a.fileLoc(d.at.Path, d.at.Line)) + ".")
	a.fixedAtOrigin = true
	return true
}
