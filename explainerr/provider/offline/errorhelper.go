package offline

import (
	"go/ast"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// Apps report their errors through one helper, such as
// Error(w http.ResponseWriter, r *http.Request, err error), which logs the
// error and writes the status. The status is written inside the helper,
// but the failure was reported where the helper was called: that call is
// the site, and the helper stays in view as context.

// siteAtHelperCaller moves a status failure's site from an error helper
// that wrote it to the helper's caller, the next app frame. It reports
// whether it did.
func (a *analysis) siteAtHelperCaller() bool {
	if a.r.Error.Kind != report.KindStatus || a.s.Frame == nil || a.s.Caller == nil {
		return false
	}
	// The helper may have the status written by a renderer it calls with
	// the status alone (handleHTMLError(w, r, err, msg) calls
	// v.Render(w, r, data, status)): the helper is then the caller.
	if !a.takesError(a.s.Frame) && !a.takesError(a.s.Caller) {
		return false
	}
	helper := a.s.Frame
	if !a.takesError(helper) {
		helper = a.s.Caller // the error helper, not the renderer below it
	}
	moved := false
	// Helpers may hand the error on to another (InternalServerError(msg,
	// err) calls Fail(msg, err, 500)): the site is the first caller that
	// is no helper.
	for a.s.Caller != nil && (!moved || a.takesError(a.s.Frame)) {
		i := frameIndex(a.r.Frames, a.s.Caller)
		if i < 0 {
			break
		}
		s := siteFrom(a.r, i)
		s.Helper = helper
		a.s, moved = s, true
	}
	return moved
}

// frameIndex returns the index of the frame f points to in frames, -1
// when it points to none of them.
func frameIndex(frames []report.Frame, f *report.Frame) int {
	for i := range frames {
		if &frames[i] == f {
			return i
		}
	}
	return -1
}

// reErrorParam matches a function declaration's line with a parameter of
// type error.
var reErrorParam = regexp.MustCompile(`^\s*func\b[^{]*\(\s*[^)]*\b\w+\s+error\s*[,)]`)

// takesError reports whether the function of frame f is declared with a
// parameter of type error: in the app's parsed source when it is there,
// else on the declaration line of the frame's source window.
func (a *analysis) takesError(f *report.Frame) bool {
	name := shortFunction(f.Function)
	if src := a.app(); src != nil {
		found, takes := false, false
		src.eachFuncInFile(f.File, func(af *appFile, fd *ast.FuncDecl) {
			if found || funcName(fd) != name {
				return
			}
			found = true
			for _, p := range fd.Type.Params.List {
				if id, ok := p.Type.(*ast.Ident); ok && id.Name == "error" {
					takes = true
				}
				for _, n := range p.Names {
					if astutil.EmptyInterface(p.Type) && assertsError(fd.Body, n.Name) {
						// returnJson(d any, …) answering d.(error) with 500.
						takes = true
					}
				}
			}
		})
		if found {
			return takes
		}
	}
	if f.Source == nil {
		return false
	}
	for i := min(f.Source.Line-f.Source.StartLine, len(f.Source.Lines)-1); i >= 0; i-- {
		if line := f.Source.Lines[i]; site.DeclaresFunc(line) || reErrorParam.MatchString(line) {
			return reErrorParam.MatchString(line)
		}
	}
	return false
}

// assertsError reports whether body asserts name to error: name.(error),
// or a case error of a type switch on name.
func assertsError(body *ast.BlockStmt, name string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Name == name {
				if t, ok := n.Type.(*ast.Ident); ok && t.Name == "error" {
					found = true
				}
			}
		case *ast.TypeSwitchStmt:
			if id, isIdent := astutil.TypeSwitchValue(n).(*ast.Ident); !isIdent || id.Name != name {
				return true
			}
			for _, st := range n.Body.List {
				for _, e := range st.(*ast.CaseClause).List {
					if t, ok := e.(*ast.Ident); ok && t.Name == "error" {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}
