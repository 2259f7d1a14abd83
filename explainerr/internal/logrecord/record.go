package logrecord

import (
	"regexp"
	"sort"
	"strings"
)

// Formats of records.
const (
	// JSON is a record written as one JSON object.
	JSON = "json"
	// Logfmt is a record written as key=value pairs.
	Logfmt = "logfmt"
)

// Console, a record of tab-separated fields, is in console.go; Terminal,
// logrus' record written for a terminal, is in terminal.go.

// Record is one structured log line's fields. Values are as the logger
// wrote them, unescaped; a field the line lacks is "".
type Record struct {
	// Format is JSON, Console, Terminal or Logfmt.
	Format string
	// Time is the record's time, as written.
	Time string
	// Level is the record's level ("error", "ERROR", "50" for a numeric
	// level is left as written).
	Level string
	// Message is the record's message.
	Message string
	// Error is the text of the error the record carries.
	Error string
	// Stack is a stack trace the record carries.
	Stack string
	// Caller is where the record was logged ("handlers.go:42", or a
	// function and a file).
	Caller string
	// Attrs are the record's other fields, by key; nested values are
	// written as JSON.
	Attrs map[string]string
}

// The keys each field is read from, first match wins. They cover logrus
// (level, msg, error, func/file), zap (level, msg, error, stacktrace,
// caller, ts), zerolog (level, message, error, stack, caller, time) and
// log/slog (level, msg, source, time; err or error by convention).
var (
	timeKeys    = []string{"time", "ts", "timestamp", "@timestamp", "t"}
	levelKeys   = []string{"level", "lvl", "severity", "@level"}
	messageKeys = []string{"msg", "message", "@message"}
	errorKeys   = []string{"error", "err", "error.message", "exception", "errors"}
	stackKeys   = []string{"stacktrace", "stack", "trace", "error.stack", "errorVerbose"}
	callerKeys  = []string{"caller", "source", "file", "func"}
)

// Parse reads line as a structured record. It reports false for a line
// that is not one: not a JSON object, nor tab-separated fields that start
// with a time and a level (Console), nor a level and a bracketed time
// as logrus writes for a terminal (Terminal), nor key=value pairs that include a
// level or a message.
func Parse(line string) (Record, bool) {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "{") {
		fields, ok := parseJSON(line)
		if !ok {
			return Record{}, false
		}
		return fromFields(JSON, fields)
	}
	if fields, ok := parseConsole(line); ok {
		return fromFields(Console, fields)
	}
	if fields, ok := parseTerminal(line); ok {
		return fromFields(Terminal, fields)
	}
	fields, ok := parseLogfmt(line)
	if !ok {
		return Record{}, false
	}
	return fromFields(Logfmt, fields)
}

// fromFields sorts a line's fields into a record; it reports false when
// the fields have neither a level nor a message.
func fromFields(format string, fields map[string]string) (Record, bool) {
	r := Record{Format: format, Attrs: map[string]string{}}
	take := func(keys []string) string {
		for _, k := range keys {
			if v, ok := fields[k]; ok && v != "" {
				delete(fields, k)
				return v
			}
		}
		return ""
	}
	r.Time = take(timeKeys)
	r.Level = take(levelKeys)
	r.Message = take(messageKeys)
	r.Error = FirstError(take(errorKeys))
	r.Stack = take(stackKeys)
	if r.Error == "" {
		// pkg/errors' "%+v" under a stack key: the message, then the
		// trace ("database is locked\npkg.(*T).M\n\t/src/t.go:102").
		r.Error, r.Stack = messageBeforeTrace(r.Stack)
	}
	r.Caller = take(callerKeys)
	delete(fields, "func") // logrus' ReportCaller: the file has the line
	if r.Level == "" && r.Message == "" {
		return Record{}, false
	}
	for k, v := range fields {
		r.Attrs[k] = v
	}
	return r, true
}

// messageBeforeTrace splits a stack field that opens with an error's
// message before its trace's first frame (a function, then its file
// after a tab); a field that opens with a frame, or with "goroutine", is
// all trace.
func messageBeforeTrace(stack string) (msg, trace string) {
	first, rest, ok := strings.Cut(stack, "\n")
	if !ok || strings.HasPrefix(first, "goroutine ") || strings.HasPrefix(first, "\t") {
		return "", stack
	}
	fn, next, _ := strings.Cut(rest, "\n")
	if strings.ContainsAny(fn, " \t") || !strings.Contains(fn, ".") || !strings.HasPrefix(next, "\t") || !strings.Contains(first, " ") && strings.Contains(first, ".") {
		return "", stack
	}
	return strings.TrimSpace(first), rest
}

// reNumberedError matches the numbered lines gin writes for a context's
// errors (c.Errors.String(), logged by its Logger and by access loggers
// under "errors"): "Error #01: message", with "Meta:" lines after.
var reNumberedError = regexp.MustCompile(`(?m)^\s*Error #\d+: (.*)$`)

// FirstError returns the first error of a list of errors written as
// gin writes them ("Error #01: duplicated key not allowed\n"), the
// message alone; any other text is returned as it is.
func FirstError(v string) string {
	if m := reNumberedError.FindStringSubmatch(v); m != nil {
		return strings.TrimSpace(m[1])
	}
	return v
}

// IsError reports whether the record's level is error or worse.
func (r Record) IsError() bool {
	switch strings.ToLower(r.Level) {
	case "error", "err", "fatal", "panic", "dpanic", "critical", "crit", "alert", "emergency", "50", "60":
		return true
	}
	return false
}

// Canonical writes the record as one logfmt line with the keys the
// standard library's slog text handler uses: level, msg, err, the other
// attributes in key order, caller, and trace last (a stack's line breaks
// escaped). The time is left out.
func (r Record) Canonical() string {
	var b strings.Builder
	add := func(k, v string) {
		if v == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(quote(v))
	}
	add("level", strings.ToUpper(r.Level))
	add("msg", r.Message)
	add("err", r.Error)
	keys := make([]string, 0, len(r.Attrs))
	for k := range r.Attrs {
		if canonicalKey(k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		add(k, r.Attrs[k])
	}
	add("caller", r.Caller)
	add("trace", r.Stack)
	return b.String()
}

// Stable returns what stays the same when the same failure is logged
// again: the level, message and error, without the time and the other
// attributes (request IDs, durations).
func (r Record) Stable() string {
	return strings.ToUpper(r.Level) + "\x00" + r.Message + "\x00" + r.Error
}

// quote writes a logfmt value: bare when it has no space, quote, equals
// sign or control character, else quoted with Go-style escapes for the
// quote, the backslash, line breaks and tabs.
func quote(v string) string {
	if v != "" && !strings.ContainsAny(v, " \"=\\\n\r\t") {
		return v
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(v) + `"`
}

// canonicalKey reports whether an attribute's key can stand in a canonical
// line: a logfmt key (no blank, quote or equals sign) that no field of the
// record is read from, so that the line reads back as the same record.
func canonicalKey(k string) bool {
	if k == "" || strings.ContainsAny(k, " \"=\\\n\r\t") {
		return false
	}
	for _, keys := range [][]string{timeKeys, levelKeys, messageKeys, errorKeys, stackKeys, callerKeys, {"func"}} {
		for _, field := range keys {
			if k == field {
				return false
			}
		}
	}
	return true
}

// IsAccess reports whether the record is a request logger's line, not a
// report of what failed: it carries no error, and has the request's
// method or path with its status, and its latency or duration
// ({"method":"DELETE","url":"/x","status":500,"latency":"10s",
// "message":"Server error"}). A failed request's access line says only
// that it failed.
func (r Record) IsAccess() bool {
	if r.Error != "" || r.Stack != "" {
		return false
	}
	// Keys are compared without case and underscores: status_code,
	// statusCode and httpStatus are one key.
	keys := map[string]bool{}
	for k := range r.Attrs {
		keys[strings.ToLower(strings.ReplaceAll(k, "_", ""))] = true
	}
	has := func(names ...string) bool {
		for _, k := range names {
			if keys[k] {
				return true
			}
		}
		return false
	}
	request := has("method", "url", "uri", "path", "route") || reRequestMessage.MatchString(r.Message)
	return request && has("status", "statuscode", "code", "httpstatus", "respstatus") && has("latency", "duration", "elapsed", "elapsedtime", "took", "ms", "latencyms")
}

// reRequestMessage matches a request logger's message that names the
// request itself: "HTTP: DELETE http://host/api/missing", "GET /books".
var reRequestMessage = regexp.MustCompile(`^(?:HTTP:?\s+)?(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s+\S+$`)
