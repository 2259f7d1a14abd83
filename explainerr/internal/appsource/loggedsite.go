package appsource

import (
	"encoding/json"
	"go/ast"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Loggers often say where they were called from: gorm's logger prints
// the file and line of the app's code that ran the failing query
// ("/app/store/users.go:46 no such column: …"), zap and zerolog write a
// caller field, slog a source, logrus a file. When such a location is one
// of the module's files, the function there is where the request's
// failure was met or logged: often the store function that holds the
// query, which no frame shows when the error came back to a handler.

// reGoLocation finds a Go file and line in a log line.
var reGoLocation = regexp.MustCompile(`([\w./@\\-]*\w\.go):(\d+)\b`)

// maxLoggedSites bounds the functions the log's locations add.
const maxLoggedSites = 2

// loggedSiteChunks returns the functions of the module at the locations
// the request's log lines name (their caller fields first), the latest
// line first.
func (m *Module) loggedSiteChunks(r *report.Report, s *staticSet) []report.Chunk {
	var out []report.Chunk
	sqlFailure, queryTaken := anyMessage(r, sqlFailureWords), false
	// When the failure says what went wrong, a line of text that reports no
	// error ("recording download of file …") is the app's own note, not
	// the failure's place; without that, any line may be the only lead.
	ownError := failureclass.LooksLikeError(r.Error.Message) || failureclass.Recognised(r.Error.Message)
	for i := len(r.Logs) - 1; i >= 0 && len(out) < maxLoggedSites; i-- {
		text := r.Logs[i].Text
		if AccessLogLine(r, text) {
			continue // the request's own access log: where it was logged, not where it failed
		}
		if _, structured := logrecord.Parse(text); !structured && ownError && !failureclass.LooksLikeError(text) && !failureclass.Recognised(failureclass.LogMessage(text)) && !(sqlFailure && loggedQuery.MatchString(text)) {
			continue
		}
		switch rec, ok := logrecord.Parse(text); {
		case !ok || rec.Error != "" || !logrecord.QuietLevel(rec.Level):
			// A line of text, or a record that reports a failure.
		case sqlFailure && !queryTaken && loggedQuery.MatchString(text):
			// The last query a quiet record logged before an SQL error:
			// the one that failed, most likely.
			queryTaken = true
		default:
			continue // "request started", "request completed": no part of the failure
		}
		for _, ref := range m.loggedAtFuncs(text) {
			if s.seen[ref.Decl] || runsNextHandler(ref.Decl) {
				continue // a request logger logs what the handlers returned: not where it was met
			}
			s.seen[ref.Decl] = true
			out = append(out, s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin))
			if len(out) == maxLoggedSites {
				break
			}
		}
	}
	return out
}

var (
	// sqlFailureWords are the words of a database's error, as drivers
	// and the apps that map their codes to errors of their own word it.
	sqlFailureWords = regexp.MustCompile(`(?i)\b(?:no such (?:table|column)|does not exist|undefined (?:table|column|function)|syntax error|violates|constraint failed|duplicate key|sqlstate|unknown column|doesn't exist)\b`)
	// loggedQuery matches a log record that holds an SQL statement.
	loggedQuery = regexp.MustCompile(`(?i)\b(?:select\s.+\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from)\b`)
)

// loggedAt is a file and line a log line names.
type loggedAt struct {
	file string
	line int
}

// logLocations returns the Go locations a log line names: a structured
// record's caller first, then any file:line in its text.
func logLocations(text string) []loggedAt {
	var texts []string
	if rec, ok := logrecord.Parse(text); ok && rec.Caller != "" {
		texts = append(texts, rec.Caller)
	}
	texts = append(texts, text)
	var out []loggedAt
	seen := map[loggedAt]bool{}
	for _, t := range texts {
		for _, m := range reGoLocation.FindAllStringSubmatch(t, 4) {
			n, err := strconv.Atoi(m[2])
			if err != nil || n <= 0 {
				continue
			}
			at := loggedAt{m[1], n}
			if !seen[at] {
				seen[at] = true
				out = append(out, at)
			}
		}
	}
	return out
}

// resolveLogged returns the absolute path of the module file a log names:
// an absolute path as it is; a relative one ("store/users.go", zap's
// "store/users.go:46" trimmed to the package directory, the standard
// logger's "users.go:46") as the one module file whose path ends with
// it, or, when several do, the one whose line holds a string the log line
// quotes (the message the call at that line logged). "" when none or
// several match.
func (m *Module) resolveLogged(name string, line int, text string) string {
	name = filepath.ToSlash(name)
	if filepath.IsAbs(name) {
		if m.FileAt(name) != nil {
			return name
		}
		return ""
	}
	var found []*File
	for _, f := range m.Files {
		rel := m.Rel(f.Path)
		if rel == name || strings.HasSuffix(rel, "/"+name) {
			found = append(found, f)
		}
	}
	if len(found) == 1 {
		return found[0].Path
	}
	lower := strings.ToLower(text)
	var logged []*File
	for _, f := range found {
		lines := f.Lines()
		if line < 1 || line > len(lines) {
			continue
		}
		for _, lit := range reStringLit.FindAllStringSubmatch(lines[line-1], -1) {
			words := strings.TrimSpace(reVerb.ReplaceAllString(lit[1], " "))
			if len(words) >= 8 && strings.Contains(lower, strings.ToLower(firstPart(words))) {
				logged = append(logged, f)
				break
			}
		}
	}
	if len(logged) == 1 {
		return logged[0].Path
	}
	// A logger that adds its caller's file and line names the line of
	// the logging call itself: of two "folder.go", the one whose line 23
	// logs ("log.Print(err)").
	var calls []*File
	for _, f := range found {
		if lines := f.Lines(); line >= 1 && line <= len(lines) && reLogCall.MatchString(lines[line-1]) {
			calls = append(calls, f)
		}
	}
	if len(calls) == 1 {
		return calls[0].Path
	}
	return "" // ambiguous: two files end the same
}

// reLogCall matches a line that calls a logger: the standard log
// package's functions, a logger's leveled methods, or a method on a
// value named like a logger.
var reLogCall = regexp.MustCompile(`\b(?:log|logger|lg|slog|logrus|zap|zerolog)\.\w+\(|\.(?:Print|Printf|Println|Debug|Debugf|Debugw|Info|Infof|Infow|Warn|Warnf|Warnw|Warning|Warningf|Error|Errorf|Errorw|Fatal|Fatalf|Panicf|Log|Logf|Msg|Msgf|Err)\(`)

// LoggedFuncs returns the module functions at the Go locations the
// request's log lines name (a logger's caller field or a file:line in
// the text), the latest line first, without repeats.
func (m *Module) LoggedFuncs(r *report.Report) []FuncRef {
	var out []FuncRef
	for _, p := range m.loggedPlacesOf(r) {
		out = append(out, p.Ref)
	}
	return out
}

// loggedPlace is a Go location a log line names: the module function
// that holds it, and its line.
type loggedPlace struct {
	Ref  FuncRef
	Line int
}

// loggedPlacesOf returns the places the request's log lines name
// (loggedPlaces), the latest line first, an access log line left out,
// one per function.
func (m *Module) loggedPlacesOf(r *report.Report) []loggedPlace {
	var out []loggedPlace
	seen := map[*ast.FuncDecl]bool{}
	for i := len(r.Logs) - 1; i >= 0; i-- {
		text := r.Logs[i].Text
		if AccessLogLine(r, text) || SucceededQueryTrace(text) {
			continue
		}
		for _, p := range m.loggedPlaces(text) {
			if !seen[p.Ref.Decl] {
				seen[p.Ref.Decl] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// loggedAtFuncs returns the module functions at the Go locations a log
// line names (loggedPlaces).
func (m *Module) loggedAtFuncs(text string) []FuncRef {
	var out []FuncRef
	for _, p := range m.loggedPlaces(text) {
		out = append(out, p.Ref)
	}
	return out
}

// loggedPlaces returns the Go locations of the module a log line names
// (logLocations), but those in the methods of a logger's adapter
// (loggerAdapter).
func (m *Module) loggedPlaces(text string) []loggedPlace {
	var out []loggedPlace
	for _, at := range logLocations(text) {
		f, fd := m.FuncAt(m.resolveLogged(at.file, at.line, text), at.line)
		if fd != nil && !loggerAdapter(fd) {
			out = append(out, loggedPlace{Ref: FuncRef{File: f, Decl: fd}, Line: at.line})
		}
	}
	return out
}

// loggerMethods are the methods of the logger interfaces libraries take
// (gorm's logger.Interface, a leveled logger's).
var loggerMethods = map[string]bool{"Trace": true, "Debug": true, "Info": true, "Warn": true, "Error": true,
	"Print": true, "Printf": true, "Println": true, "Log": true, "Logf": true, "LogMode": true, "Write": true}

// loggerAdapter reports whether fd is a method of the app's adapter of a
// library's logger (func (l *GormLogger) Trace(…)): the place a log
// line names when the logger records its own caller, no step of the
// failure.
func loggerAdapter(fd *ast.FuncDecl) bool {
	return fd.Recv != nil && loggerMethods[fd.Name.Name]
}

// reStringLit finds a double-quoted string literal on a line.
var reStringLit = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// firstPart returns the words of a format before its first verb's gap.
func firstPart(s string) string {
	if i := strings.Index(s, "  "); i > 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

// AccessLogLine reports whether a log line is the request's own access
// log: it holds the response's status as a word and the request's path
// (a logging middleware's "500 | 1.3ms | MKCOL "/dav/photos""), and
// neither an error attribute nor the error's own text, so the place it
// names is the middleware's, not the failure's.
func AccessLogLine(r *report.Report, text string) bool {
	if r.Status < 100 || logrecord.HasErrorField(text) || carriesErrorText(r, text) {
		return false // a line that carries the error reports it, wherever it is written
	}
	path := r.Request.URL
	if u, err := url.Parse(path); err == nil && u.Path != "" {
		path = u.Path
	}
	if path == "" || !strings.Contains(text, path) {
		return false
	}
	code := strconv.Itoa(r.Status)
	word := func(b byte) bool {
		return b == '.' || b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
	}
	for i := strings.Index(text, code); i >= 0; {
		end := i + len(code)
		if (i == 0 || !word(text[i-1])) && (end == len(text) || !word(text[end])) {
			return true
		}
		next := strings.Index(text[i+1:], code)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

// minCarriedText is the length of the error's text a log line must hold
// to carry it.
const minCarriedText = 12

// carriesErrorText reports whether text holds the failure's message, or
// one of the strings of a JSON body it answered with ({"msg": "SQL logic
// error: no such table: notify"}), of minCarriedText bytes or more.
func carriesErrorText(r *report.Report, text string) bool {
	msgs := []string{strings.TrimSpace(r.Error.Message)}
	var body map[string]any
	if strings.HasPrefix(msgs[0], "{") && json.Unmarshal([]byte(msgs[0]), &body) == nil {
		msgs = append(msgs, jsonStrings(body)...)
	}
	for _, m := range msgs {
		if len(m) >= minCarriedText && strings.Contains(text, m) {
			return true
		}
	}
	return false
}

// jsonStrings returns the string values of v, at any depth.
func jsonStrings(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case map[string]any:
		for _, e := range x {
			out = append(out, jsonStrings(e)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, jsonStrings(e)...)
		}
	}
	return out
}
