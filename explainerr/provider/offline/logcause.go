package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Handlers often log the real error and answer with a generic body
// ("internal error"). The body then says nothing the analyzer can read,
// but the request's captured log lines do: the most relevant of them is
// analysed as the failure message.

// reErrorLooking matches a log line that reports an error: an error level,
// an error attribute, or the usual words of error messages.
var reErrorLooking = regexp.MustCompile(`(?i)(?:\blevel=error\b|^\s*(?:\S+\s+){0,3}ERROR\b|\berr(?:or)?=|\berror\b|\bfail(?:ed|ure|s)?\b|\bcannot\b|\bcan't\b|\bunable to\b|\bnot found\b|\bno such\b|\brefused\b|\bdeadline exceeded\b|\bno rows\b|\bconstraint failed\b|\bviolates\b|\bduplicate (?:key|entry)\b|\binvalid\b|\b(?:is|was|already) closed\b)`)

// reErrorAttr finds an error attribute in a structured log line:
// err="..." or error=... (slog's text handler, logfmt).
var reErrorAttr = regexp.MustCompile(`\berr(?:or)?=(?:"((?:[^"\\]|\\.)*)"|(\S+))`)

// loggedError returns the log line of r most likely to hold the failure:
// the last one whose text a failure class recognises, else the last one
// that looks like an error. ok is false when no line looks like an error.
func loggedError(r *report.Report) (line string, ok bool) {
	for i := len(r.Logs) - 1; i >= 0; i-- {
		text := logText(r.Logs[i].Text)
		if text != "" && recognised(logMessage(text)) {
			return text, true
		}
	}
	for i := len(r.Logs) - 1; i >= 0; i-- {
		text := logText(r.Logs[i].Text)
		if text != "" && reErrorLooking.MatchString(text) {
			return text, true
		}
	}
	return "", false
}

// reLogTimestamp matches the date and time the standard logger writes
// before a line ("2026/11/30 12:00:00 ", with microseconds or not).
var reLogTimestamp = regexp.MustCompile(`^\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? `)

// logText returns a log line without blanks around it and without the
// standard logger's timestamp. A JSON record (logrus, zap, zerolog,
// slog's JSON handler) is read as its canonical logfmt line, level, msg,
// err and trace, as slog's text handler writes them, without its time.
func logText(line string) string {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "{") {
		if rec, ok := logrecord.Parse(line); ok && rec.Format == logrecord.JSON {
			return rec.Canonical()
		}
	}
	return strings.TrimSpace(reLogTimestamp.ReplaceAllString(line, ""))
}

// logMessage returns the error message a log line carries: the value of
// its error attribute when it has one; else, for a structured line at the
// error level, its message attribute (an app's serverError helper logs
// err.Error() as the message); else the line without the attributes that
// are not the message (a logged stack trace).
func logMessage(line string) string {
	if m := reErrorAttr.FindStringSubmatch(line); m != nil {
		if m[1] != "" {
			return unquoteLogValue(m[1])
		}
		if m[2] != "" {
			return m[2]
		}
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
		return strings.TrimSpace(line[:loc[0]])
	}
	return line
}

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
// likely holds its failure (the last one a failure class recognises, else
// the last error-looking one), without the logger's timestamp; "" when no
// line looks like an error. Handlers that log the real error and answer
// with a generic body leave the cause only there.
func LoggedError(r *report.Report) string {
	line, _ := loggedError(r)
	return line
}

// recognised reports whether a failure class recognises msg.
func recognised(msg string) bool {
	return classify(report.Error{Message: msg}).Class != ClassUnknown
}

// useLoggedError makes the request's logged error the failure to analyse
// when the error itself is not recognised (a generic body such as
// "internal error") and the request logged an error-looking line. It
// reports whether it did.
func (a *analysis) useLoggedError() bool {
	if a.f.Class != ClassUnknown {
		return false
	}
	if k := a.r.Error.Kind; k != report.KindStatus && k != report.KindError {
		return false
	}
	line, ok := loggedError(a.r)
	if !ok && emptyBody(a.r.Error.Message) {
		// A response with no message at all: the last line the request
		// logged is the only lead.
		line, ok = lastLogLine(a.r)
	}
	if !ok {
		return false
	}
	a.g.Add(line)
	a.fromLog = line
	f := classify(report.Error{Message: logMessage(line)})
	if f.Class == ClassUnknown {
		f.Message = logMessage(line)
	}
	a.f = f
	return true
}

// lastLogLine returns the last non-empty line the request logged, without
// the logger's timestamp.
func lastLogLine(r *report.Report) (string, bool) {
	for i := len(r.Logs) - 1; i >= 0; i-- {
		if text := logText(r.Logs[i].Text); text != "" {
			return text, true
		}
	}
	return "", false
}

// lastErrorLogLine returns the last line r's request logged that looks
// like an error, without its timestamp.
func lastErrorLogLine(r *report.Report) (string, bool) {
	for i := len(r.Logs) - 1; i >= 0; i-- {
		if text := logText(r.Logs[i].Text); text != "" && reErrorLooking.MatchString(text) {
			return text, true
		}
	}
	return "", false
}

// emptyBody reports whether a response body says nothing: empty, or only
// the link http.Redirect writes.
func emptyBody(body string) bool {
	body = strings.TrimSpace(body)
	return body == "" || reRedirectBody.MatchString(body)
}

// reRedirectBody matches the body http.Redirect writes for GET and HEAD.
var reRedirectBody = regexp.MustCompile(`^<a href="[^"]*">[^<]*</a>\.?$`)

// explainLoggedCause says that the failure analysed is the one the request
// logged, not the response's generic text.
func (a *analysis) explainLoggedCause() {
	body := strings.TrimSpace(a.r.Error.Message)
	said := "The response says only " + code(shorten(body, 80))
	if emptyBody(body) {
		said = "The response does not say what failed"
		if !reErrorLooking.MatchString(a.fromLog) && !recognised(logMessage(a.fromLog)) {
			a.why(said+"; the last line the request logged before the error status is "+code(shorten(a.fromLog, 200))+", the likely cause, so it is what is analysed here.",
				"The last line the request logged before the error status is "+code(shorten(a.fromLog, 200))+", the likely cause.")
			return
		}
	}
	a.why(said+"; the cause comes from the request's log, which has "+code(shorten(a.fromLog, 200))+" just before the error status, so that logged error is what is analysed here.",
		"The cause comes from the request's log, which has "+code(shorten(a.fromLog, 200))+" just before the error status.")
}
