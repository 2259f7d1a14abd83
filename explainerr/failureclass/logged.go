package failureclass

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Handlers often log the real error and answer with a generic body
// ("internal error"). The body then says nothing a reader can use, but the
// request's captured log lines do.

// reErrorLooking matches a log line that reports an error: an error level,
// an error attribute, or the usual words of error messages.
var reErrorLooking = regexp.MustCompile(`(?i)(?:\blevel=error\b|^\s*(?:\S+\s+){0,3}ERROR\b|\berr(?:or)?=|\berror\b|\bfail(?:ed|ure|s)?\b|\bcannot\b|\bcan't\b|\bunable to\b|\bnot found\b|\bno such\b|\brefused\b|\bdeadline exceeded\b|\bno rows\b|\bconstraint failed\b|\bviolates\b|\bduplicate (?:key|entry)\b|\binvalid\b|\b(?:is|was|already) closed\b|\bdatabase (?:table )?is locked\b|\bSQLITE_BUSY\b|\bdeadlock\b|\bmust be (?:set|provided)\b|\bis required\b|\bcould not\b|\bcouldn't\b|\bunsupported type\b)`)

// reErrorAttr finds an error attribute in a structured log line:
// err="..." or error=... (slog's text handler, logfmt).
// reInnerErrorAttr finds the attribute a logger gives the error behind
// the one answered (an API error's internal error, a cause).
var reInnerErrorAttr = regexp.MustCompile(`\b(?:internal_?err(?:or)?|inner_?err(?:or)?|cause|underlying_?err(?:or)?)=(?:"((?:[^"\\]|\\.)*)"|(\S+))`)

var reErrorAttr = regexp.MustCompile(`\berr(?:ors?)?=(?:"((?:[^"\\]|\\.)*)"|(\S+))`)

// reLogTimestamp matches the date and time the standard logger writes
// before a line ("2026/11/30 12:00:00 ", with microseconds or not), and
// the file and line it adds with Lshortfile or Llongfile
// ("campaigns.go:200: "): where the line was logged, not its message.
var reLogTimestamp = regexp.MustCompile(`^\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? (?:[\w./@-]+\.go:\d+: )?`)

// LogText returns a log line without blanks around it and without the
// standard logger's timestamp and file. A JSON record (logrus, zap, zerolog,
// slog's JSON handler), a record of zap's console encoder or one logrus
// writes for a terminal is read as its
// canonical logfmt line, level, msg, err and trace, as slog's text handler
// writes them, without its time.
func LogText(line string) string {
	line = strings.TrimSpace(line)
	// Only a JSON object, tab-separated fields or a level and a
	// bracketed time (logrus for a terminal) can be such a record: other
	// lines are not parsed.
	if strings.HasPrefix(line, "{") || strings.Contains(line, "\t") || strings.IndexByte(line, '[') == 4 {
		if rec, ok := logrecord.Parse(line); ok && rec.Format != logrecord.Logfmt {
			return rec.Canonical()
		}
	}
	return strings.TrimSpace(reLogTimestamp.ReplaceAllString(line, ""))
}

// LogMessage returns the error message a log line carries: the value of
// the error behind the one answered when it names one (internal_error=,
// cause=); else its error attribute when it has one; else, for a structured line at the
// error level, its message attribute (an app's serverError helper logs
// err.Error() as the message); else the line without the attributes that
// are not the message (a logged stack trace) and without the fields a
// text logger writes before it (LogLineMessage).
func LogMessage(line string) string {
	if m := reInnerErrorAttr.FindStringSubmatch(line); m != nil {
		// "error=\"Unable to query database.\" internal_error=\"ERROR:
		// column …\"": the error the answer was made from.
		if m[1] != "" {
			return logrecord.FirstError(unquoteLogValue(m[1]))
		}
		return m[2]
	}
	if m := reErrorAttr.FindStringSubmatchIndex(line); m != nil {
		if m[2] >= 0 {
			return logrecord.FirstError(unquoteLogValue(line[m[2]:m[3]]))
		}
		if m[4] >= 0 {
			// Fields written "(error=no such column: x, http_method=GET)":
			// a bare value runs to the next ", key=", when no " key="
			// comes before it.
			rest := line[m[4]:]
			if loc := reCommaAttr.FindStringIndex(rest); loc != nil && !reSpaceAttr.MatchString(rest[:loc[0]]) {
				return strings.TrimSpace(rest[:loc[0]])
			}
			return line[m[4]:m[5]]
		}
	}
	if m := logrecord.FirstError(line); m != line {
		return m // gin's Logger: "Error #01: message"
	}
	if reErrorLevel.MatchString(line) {
		if m := reMsgAttr.FindStringSubmatch(line); m != nil {
			if m[1] != "" {
				return unquoteLogValue(m[1])
			}
			if m[2] != "" {
				return m[2]
			}
		}
	}
	if loc := reTraceAttr.FindStringIndex(line); loc != nil {
		return LogLineMessage(line[:loc[0]])
	}
	return LogLineMessage(line)
}

// reCommaAttr and reSpaceAttr find the next attribute after a value: of
// fields written with commas between them, and of logfmt's.
var (
	reCommaAttr = regexp.MustCompile(`, [\w.-]+=`)
	reSpaceAttr = regexp.MustCompile(` [\w.-]+=`)
)

// reErrorLevel matches a structured log line at the error level.
var reErrorLevel = regexp.MustCompile(`(?i)\blevel=(?:error|fatal|panic)\b`)

// reMsgAttr finds the message attribute of a structured log line.
var reMsgAttr = regexp.MustCompile(`\bmsg=(?:"((?:[^"\\]|\\.)*)"|(\S+))`)

// reTraceAttr finds an attribute that holds a stack trace.
var reTraceAttr = regexp.MustCompile(`\s(?:trace|stack|stacktrace)=`)

// unquoteLogValue undoes the escaping of a quoted log attribute value.
func unquoteLogValue(v string) string {
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t").Replace(v)
}

// LoggedError returns the text of the line the request r logged that most
// likely holds its failure (the last one that holds an error the
// response's JSON body carries, else the last one a failure class
// recognises, else the last error-looking one; a line at info or debug level reports no
// failure), without the logger's timestamp; "" when no
// line looks like an error. Handlers that log the real error and answer
// with a generic body leave the cause only there.
func LoggedError(r *report.Report) string {
	if line := loggedBodyError(r); line != "" {
		return line
	}
	for i := len(r.Logs) - 1; i >= 0; i-- {
		text := LogText(r.Logs[i].Text)
		if text != "" && !logrecord.Quiet(r.Logs[i].Text) && Recognised(LogMessage(text)) {
			return text
		}
	}
	for i := len(r.Logs) - 1; i >= 0; i-- {
		text := LogText(r.Logs[i].Text)
		if text != "" && !logrecord.Quiet(r.Logs[i].Text) && LooksLikeError(text) && !accessRecord(r.Logs[i].Text) {
			return text
		}
	}
	return ""
}

// accessRecord reports whether a captured line is a structured request
// logger's record (logrecord.Record.IsAccess): at an error level for a
// failed request, but saying only that it failed.
func accessRecord(line string) bool {
	rec, ok := logrecord.Parse(line)
	return ok && rec.IsAccess()
}

// Recognised reports whether a failure class recognises msg.
func Recognised(msg string) bool {
	return Classify(report.Error{Message: msg}).Class != Unknown
}

// LooksLikeError reports whether a log line reports an error: an error
// level, an error attribute, or the usual words of error messages.
func LooksLikeError(line string) bool {
	return reErrorLooking.MatchString(line)
}

// minBodyError is how long a text of the response's body must be to tie
// a log line to the failure.
const minBodyError = 8

// loggedBodyError returns the last line the request logged that holds an
// error text the response's JSON body carries ({"errors":{"body":
// "database is locked"}}): the error the app answered with, when it also
// logged other errors (a lookup that found nothing, and went on).
func loggedBodyError(r *report.Report) string {
	var texts []string
	for _, t := range BodyTexts(r.Error.Message) {
		if t = strings.TrimSpace(t); len(t) >= minBodyError && strings.Contains(t, " ") && !SaysNothing(t) {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 {
		return ""
	}
	for i := len(r.Logs) - 1; i >= 0; i-- {
		// A line at any level: one that holds the body's own error is
		// about this failure (an API error logged at info level).
		text := LogText(r.Logs[i].Text)
		if text == "" || accessRecord(r.Logs[i].Text) {
			continue
		}
		for _, t := range texts {
			if strings.Contains(text, t) {
				return text
			}
		}
	}
	return ""
}
