package appsource

import (
	"path"
	"path/filepath"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Some failures reach the page with no frame of the app's own code on
// their stack: a framework served through an adapter (fiber's, over
// net/http) writes the status after the handler has returned, on a stack
// of its own. The app's code is then known only by what it logged: a
// logger's caller field (zap's "[handler/notify.go:40]", slog's source)
// or a file and line in the line's text. LogFrames stands those places
// in for the missing frames, so that the context and the analysis read
// the module as they do from a stack.

// LogFrames returns, for a report whose stack holds no app frame, a
// frame of the app for each Go location of the module its log lines name
// (LoggedFuncs' order: the latest line first, an access log line left
// out), at the logged line, of the function that holds it. The module is
// the one at the report's Build.Dir. nil when the stack has an app frame,
// the directory is not known, or no log line names the module's code.
func LogFrames(r *report.Report) []report.Frame {
	if len(r.AppFrames()) > 0 || r.Build.Dir == "" || len(r.Logs) == 0 {
		return nil
	}
	m := Load(filepath.Join(r.Build.Dir, "go.mod"))
	if m == nil {
		return nil
	}
	return m.loggedFrames(r)
}

// loggedFrames returns a frame of the app for each Go location of the
// module the request's log lines name, the latest line first, an access
// log line and a logger's adapter left out: the function that holds the
// logged line, at that line, with its source window.
func (m *Module) loggedFrames(r *report.Report) []report.Frame {
	var out []report.Frame
	seen := map[string]bool{}
	for i := len(r.Logs) - 1; i >= 0; i-- {
		text := r.Logs[i].Text
		if AccessLogLine(r, text) {
			continue
		}
		for _, at := range logLocations(text) {
			file := m.resolveLogged(at.file, at.line, text)
			f, fd := m.FuncAt(file, at.line)
			if fd == nil || loggerAdapter(fd) {
				continue
			}
			fn := m.importPath(f) + "." + FuncName(fd)
			if key := fn + "\x00" + f.Path; !seen[key] {
				seen[key] = true
				out = append(out, report.Frame{Function: fn, File: f.Path, Line: at.line, Kind: report.FrameApp, Source: sourceWindow(f, at.line)})
			}
		}
	}
	return out
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

// What stands in for the app frames of a stack that has none
// (WithLogFrames).
const (
	// StandInLog: the app's code the request's log lines name.
	StandInLog = "log"
	// StandInRoute: the handler the request's route registers, found by
	// its method and path, when no log line names the app's code.
	StandInRoute = "route"
)

// WithLogFrames returns r with LogFrames in front of its stack's frames,
// or, when no log line names the app's code, the frame of the handler
// the request's route registers (matched by its method and URL), as a
// shallow copy; r itself when there are none to add. how is StandInLog,
// StandInRoute or "" for none.
func WithLogFrames(r *report.Report) (out *report.Report, how string) {
	frames := LogFrames(r)
	how = StandInLog
	if len(frames) == 0 {
		frames, how = routeFrames(r), StandInRoute
	}
	if len(frames) == 0 {
		return r, ""
	}
	c := *r
	c.Frames = append(frames, r.Frames...)
	return &c, how
}

// routeFrames returns, for a report whose stack holds no app frame, the
// frame of the handler the request's route registers in the module at
// the report's Build.Dir, at its declaration; nil when there is none.
func routeFrames(r *report.Report) []report.Frame {
	if len(r.AppFrames()) > 0 || r.Build.Dir == "" || r.Request.URL == "" {
		return nil
	}
	m := Load(filepath.Join(r.Build.Dir, "go.mod"))
	if m == nil {
		return nil
	}
	rt, ok := m.URLRouteHandler(r.Request.Method, r.Request.URL)
	if !ok || rt.Handler == nil {
		return nil
	}
	pos := m.Fset.Position(rt.Handler.Pos())
	f := m.FileAt(pos.Filename)
	if f == nil {
		return nil
	}
	return []report.Frame{{Function: m.importPath(f) + "." + FuncName(rt.Handler), File: f.Path, Line: pos.Line, Kind: report.FrameApp, Source: sourceWindow(f, pos.Line)}}
}

// logFrameContext is how many lines a stand-in frame's source window
// shows on each side of its line.
const logFrameContext = 3

// sourceWindow returns the lines of f around line, as a stack's app frame
// carries them.
func sourceWindow(f *File, line int) *report.Source {
	lines := f.Lines()
	if line < 1 || line > len(lines) {
		return nil
	}
	from, to := max(1, line-logFrameContext), min(len(lines), line+logFrameContext)
	return &report.Source{StartLine: from, Lines: lines[from-1 : to], Line: line}
}
