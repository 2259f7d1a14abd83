package offline

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

// An app's error helper often logs debug.Stack() with the error. When the
// failing stack does not reach the app's handler (a response buffer wrote
// the status after the handler returned, a recoverer answered), that
// logged stack still does: its app frames say which handler reported the
// error, and from which line.

// loggedFrame is one frame of a stack trace a log line holds.
type loggedFrame struct {
	Function string
	File     string
	Line     int
}

// parseLoggedStack returns the frames of the goroutine trace text holds
// (as debug.Stack writes it; a structured logger's escaped "\n" and "\t"
// are read as line breaks and tabs), innermost first.
func parseLoggedStack(text string) []loggedFrame {
	if rec, ok := logrecord.Parse(text); ok && rec.Stack != "" {
		// A structured record's stack field: zap's stacktrace has no
		// goroutine header, only function and file lines.
		text = "goroutine ?\n" + rec.Stack
	}
	if !strings.Contains(text, "goroutine ") {
		return nil
	}
	text = strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(text)
	lines := strings.Split(text, "\n")
	var out []loggedFrame
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "\t") {
			continue
		}
		fileLine := strings.TrimSpace(l)
		if j := strings.Index(fileLine, " +0x"); j >= 0 {
			fileLine = fileLine[:j]
		}
		k := strings.LastIndexByte(fileLine, ':')
		if k < 0 || !strings.HasSuffix(fileLine[:k], ".go") {
			continue
		}
		n, err := strconv.Atoi(fileLine[k+1:])
		if err != nil {
			continue
		}
		call := strings.TrimSpace(lines[i-1])
		if strings.HasPrefix(call, "created by ") {
			continue
		}
		if p := strings.LastIndexByte(call, '('); p > 0 && strings.HasSuffix(call, ")") {
			// debug.Stack's arguments; zap's frames have none.
			call = call[:p]
		}
		out = append(out, loggedFrame{Function: call, File: fileLine[:k], Line: n})
	}
	return out
}

// loggedAppStack returns the app frames of the last stack trace the
// request logged, innermost first, and whether that trace passed through
// a panic (the frames after it are then the panic's own).
func (a *analysis) loggedAppStack() (frames []loggedFrame, afterPanic int) {
	afterPanic = -1
	for i := len(a.r.Logs) - 1; i >= 0; i-- {
		all := parseLoggedStack(a.r.Logs[i].Text)
		if len(all) == 0 {
			continue
		}
		for _, f := range all {
			if f.Function == "panic" && afterPanic < 0 {
				afterPanic = len(frames)
			}
			if a.isAppFile(f.File) {
				frames = append(frames, f)
			}
		}
		if len(frames) > 0 {
			return frames, afterPanic
		}
		afterPanic = -1
	}
	return nil, -1
}

// isAppFile reports whether path is a file of the app: below the parsed
// module's root, or else in a directory of one of the report's app frames.
func (a *analysis) isAppFile(path string) bool {
	if src := a.app(); src != nil {
		return strings.HasPrefix(path, src.root+string(filepath.Separator))
	}
	for _, f := range a.r.AppFrames() {
		if filepath.Dir(f.File) == filepath.Dir(path) {
			return true
		}
	}
	return false
}

// stackFrames returns the report's app frames followed by the app frames
// of a stack trace the request logged.
func (a *analysis) stackFrames() []report.Frame {
	out := a.r.AppFrames()
	frames, _ := a.loggedAppStack()
	for _, f := range frames {
		out = append(out, report.Frame{Function: f.Function, File: f.File, Line: f.Line, Kind: report.FrameApp})
	}
	return out
}

// appLineText returns the trimmed text of line n of the app's file at
// path, "" when it cannot be read.
func (a *analysis) appLineText(path string, n int) string {
	src := a.app()
	if src == nil || src.mod == nil {
		return ""
	}
	f := src.mod.FileAt(path)
	if f == nil || n < 1 || n > len(f.Lines()) {
		return ""
	}
	return strings.TrimSpace(f.Lines()[n-1])
}

// describeLoggedFrame formats a logged frame for prose, with its line
// when the source is readable: `(*application).home` at `handlers.go:39`:
// `...`.
func (a *analysis) describeLoggedFrame(f loggedFrame) string {
	fn := shortFunction(f.Function)
	a.g.Add(f.Function, fn, baseName(f.File))
	out := code(fn) + " at " + code(a.fileLoc(f.File, f.Line))
	if text := a.appLineText(f.File, f.Line); text != "" {
		a.g.Add(text)
		out += ": " + code(text)
	}
	return out
}
