package appsource

import (
	"go/ast"
	"path"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Some failures reach the page with no frame of the app's own code on
// their stack: a framework served through an adapter (fiber's, over
// net/http) writes the status after the handler has returned, on a stack
// of its own. The app's code is then known by what it logged: a logger's
// caller field (zap's "[handler/notify.go:40]", slog's source) or a file
// and line in the line's text, else the literal that worded the logged
// message; else by the handler the request's route registers. WithStandInFrames puts those places in for the missing
// frames, so that the context and the analysis read the module as they
// do from a stack.

// What stands in for the app frames of a stack that has none
// (WithStandInFrames).
const (
	// StandInLog: the app's code the request's log lines name.
	StandInLog = "log"
	// StandInRoute: the handler the request's route registers, found by
	// its method and path, when no log line names the app's code.
	StandInRoute = "route"
)

// WithStandInFrames returns, for a report whose stack holds no app
// frame, a shallow copy of r with frames of the app in front of its
// stack's: one for each function of the module its log lines name, at
// the logged line, the latest line first (loggedPlacesOf); when none
// names one, the functions whose literals worded the logged failure
// (FailureSites); when none does, or only a middleware that runs the next handler does (a request
// logger), the handler the request's route registers, matched by its
// method and URL, at its declaration. The module is the one at the report's
// Build.Dir. It returns r itself when the stack has an app frame, the
// directory is not known, or nothing stands in. how is StandInLog,
// StandInRoute or "" for none.
func WithStandInFrames(r *report.Report) (out *report.Report, how string) {
	if len(r.AppFrames()) > 0 || r.Build.Dir == "" {
		return r, ""
	}
	m := Load(filepath.Join(r.Build.Dir, "go.mod"))
	if m == nil {
		return r, ""
	}
	// The places the log names; when only a middleware logged the
	// error the handlers after it returned (a request logger's "error"
	// line), the handler the route registers comes first: it is where
	// the error was met.
	var logged []report.Frame
	chainLogger := true
	seen := map[*ast.FuncDecl]bool{}
	for _, p := range m.loggedPlacesOf(r) {
		seen[p.Ref.Decl] = true
		logged = append(logged, m.standInFrame(p.Ref.File, p.Ref.Decl, p.Line))
		chainLogger = chainLogger && runsNextHandler(p.Ref.Decl)
	}
	if len(logged) == 0 {
		// No line names a place: the literals that worded the logged
		// failure stand in, innermost part first.
		for _, site := range m.FailureSites(r) {
			if fd := site.Decl(); fd != nil && !seen[fd] && len(logged) < maxLoggedSites {
				seen[fd] = true
				logged = append(logged, m.standInFrame(site.File, fd, site.Line))
				chainLogger = false
			}
		}
	}
	frames, how := logged, StandInLog
	if (len(logged) == 0 || chainLogger) && r.Request.URL != "" {
		if rt, ok := m.URLRouteHandler(r.Request.Method, r.Request.URL); ok && rt.Handler != nil {
			pos := m.Fset.Position(rt.Handler.Pos())
			if f := m.FileAt(pos.Filename); f != nil {
				frames, how = []report.Frame{m.standInFrame(f, rt.Handler, pos.Line)}, StandInRoute
			}
		}
	}
	if len(frames) == 0 {
		return r, ""
	}
	c := *r
	c.Frames = append(frames, r.Frames...)
	return &c, how
}

// standInFrame is the app frame of fd, in f, at line, named and with a
// source window as a stack's app frame is.
func (m *Module) standInFrame(f *File, fd *ast.FuncDecl, line int) report.Frame {
	return report.Frame{Function: m.importPath(f) + "." + FuncName(fd), File: f.Path, Line: line, Kind: report.FrameApp, Source: sourceWindow(f, line)}
}

// importPath returns the import path of the package f belongs to, "main"
// for a main package: what a stack's function names start with.
func (m *Module) importPath(f *File) string {
	if f.Syntax().Name.Name == "main" {
		return "main"
	}
	dir := path.Dir(m.Rel(f.Path))
	if dir == "." {
		return m.Path
	}
	return m.Path + "/" + dir
}

// standInContext is how many lines a stand-in frame's source window shows
// on each side of its line.
const standInContext = 3

// sourceWindow returns the lines of f around line, as a stack's app frame
// carries them.
func sourceWindow(f *File, line int) *report.Source {
	lines := f.Lines()
	if line < 1 || line > len(lines) {
		return nil
	}
	from, to := max(1, line-standInContext), min(len(lines), line+standInContext)
	return &report.Source{StartLine: from, Lines: lines[from-1 : to], Line: line}
}

// runsNextHandler reports whether fd is a middleware: its body, function
// literals included, calls the next handler of a chain, as a router's
// context given as a parameter does (c.Next()) or a net/http or echo
// middleware does (next.ServeHTTP(w, r), next(c)).
func runsNextHandler(fd *ast.FuncDecl) bool {
	if fd == nil || fd.Body == nil {
		return false
	}
	// A router's context is a parameter (of the function or of the
	// handler it returns): rows.Next() of a local is no chain.
	params := map[string]bool{}
	addParams := func(ft *ast.FuncType) {
		for _, f := range ft.Params.List {
			for _, n := range f.Names {
				params[n.Name] = true
			}
		}
	}
	addParams(fd.Type)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			addParams(lit.Type)
		}
		return true
	})
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			recv, isIdent := fun.X.(*ast.Ident)
			found = isIdent && (fun.Sel.Name == "Next" && len(call.Args) == 0 && params[recv.Name] || fun.Sel.Name == "ServeHTTP" && strings.HasPrefix(strings.ToLower(recv.Name), "next"))
		case *ast.Ident:
			found = strings.HasPrefix(strings.ToLower(fun.Name), "next") && len(call.Args) > 0
		}
		return !found
	})
	return found
}
