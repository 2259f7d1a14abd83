package offline

import (
	"regexp"
	"strings"
)

// A handler that answers a bare status often logs the error it met, but
// at debug level ("l.Debug("request failed: %s", err)"): with the app's
// usual level the line never reaches the log, and the report has no word
// of what failed. The explanation then says where the error is logged and
// how to see it.

// reDebugLogCall matches a logger's call below info level given an error.
var reDebugLogCall = regexp.MustCompile(`\.(?:Debug|Debugf|Debugw|Debugln|Trace|Tracef|Tracew|V\(\d+\)\.Info\w*)\((?:.*[,(]\s*)?(err\w*)\b`)

// debugLoggedError returns the line of the failing function that logs an
// error only at debug (or trace) level, when the request's log holds no
// line that line would write.
func (a *analysis) debugLoggedError() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return sourceLine{}, false
	}
	f, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil || fd.Body == nil {
		return sourceLine{}, false
	}
	lines := f.Lines()
	from, to := src.fset.Position(fd.Body.Pos()).Line, src.fset.Position(fd.Body.End()).Line
	for n := from; n <= to && n <= len(lines); n++ {
		// A line of the function that logs an error at any level and
		// whose words the request's log holds: the error did reach the
		// log (logger.Error(…, "dumping data error: %v", err)).
		if reErrLogCall.MatchString(lines[n-1]) {
			for _, lit := range reStringLiteral.FindAllStringSubmatch(lines[n-1], -1) {
				if a.loggedWords(lit[1]) {
					return sourceLine{}, false
				}
			}
		}
	}
	for n := from; n <= to && n <= len(lines); n++ {
		m := reDebugLogCall.FindStringSubmatch(lines[n-1])
		if m == nil {
			continue
		}
		if lit := reStringLiteral.FindStringSubmatch(lines[n-1]); lit != nil && a.loggedWords(lit[1]) {
			return sourceLine{}, false // the line did reach the log
		}
		return sourceLine{Path: f.Path, Line: n, Text: strings.TrimSpace(lines[n-1]), Func: funcName(fd)}, true
	}
	return sourceLine{}, false
}

// reErrLogCall matches a logger's call, at any level, given an error.
var reErrLogCall = regexp.MustCompile(`(?i)\b(?:log|logger|\w*log\w*)\.\w+\(.*\berr\w*\b`)

// reStringLiteral finds a double-quoted literal.
var reStringLiteral = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// loggedWords reports whether a request's log line holds the words of a
// format before its first verb.
func (a *analysis) loggedWords(format string) bool {
	words := strings.TrimSpace(format)
	if i := strings.Index(words, "%"); i >= 0 {
		words = strings.TrimSpace(words[:i])
	}
	if len(words) < 6 {
		return false
	}
	for _, l := range a.r.Logs {
		if strings.Contains(strings.ToLower(l.Text), strings.ToLower(words)) {
			return true
		}
	}
	return false
}

// explainDebugLoggedError says that the error is logged only at debug
// level, where, and how to see it. It reports whether it did.
func (a *analysis) explainDebugLoggedError() bool {
	l, ok := a.debugLoggedError()
	if !ok {
		return false
	}
	a.why(code(l.Func) + " logs the error it met only at debug level, at " + a.cite(l) + ", and the request's log holds no such line: the app's log level leaves it out, so the report cannot say what failed.")
	a.fix("Run the app with its log level at debug (or log this error at error level at " + code(a.fileLoc(l.Path, l.Line)) + ") and repeat the request: the logged error says what failed.")
	return true
}
