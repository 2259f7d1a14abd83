package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Handlers often log the real error and answer with a generic body
// ("internal error"). The body then says nothing the analyzer can read,
// but the request's captured log lines do: the most relevant of them is
// analysed as the failure message.

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
	line := failureclass.LoggedError(a.r)
	if line != "" && a.bodyCarriesOtherError(line) {
		// The response quotes an error of its own, as Go writes errors
		// ("mail: missing '@' …"), that the logged line does not hold:
		// the log is about something else.
		return false
	}
	ok := line != ""
	if !ok && (emptyBody(a.r.Error.Message) || failureclass.SaysNothing(a.r.Error.Message)) {
		// A response with no message at all, or one that says only that
		// the request failed: the last line the request logged is the
		// only lead.
		line, ok = lastLogLine(a.r)
	}
	if !ok {
		return false
	}
	a.g.Add(line)
	a.fromLog = line
	f := failureclass.Classify(report.Error{Message: failureclass.LogMessage(line)})
	if f.Class == ClassUnknown {
		f.Message = failureclass.LogMessage(line)
	}
	a.f = f
	return true
}

// reGoErrorText matches a message as a Go error prints it: a lower-case
// package or operation, a colon, then the detail ("mail: missing '@'",
// "open config.yaml: no such file or directory").
var reGoErrorText = regexp.MustCompile(`^[a-z][\w./-]*(?: [\w./-]+)?: \S`)

// bodyCarriesOtherError reports whether the response body holds a Go
// error's text that the logged line does not.
func (a *analysis) bodyCarriesOtherError(line string) bool {
	for _, t := range failureclass.BodyTexts(a.r.Error.Message) {
		t = strings.TrimSpace(t)
		if reGoErrorText.MatchString(t) && !strings.Contains(line, t) {
			return true
		}
	}
	return false
}

// lastLogLine returns the last non-empty line the request logged, without
// the logger's timestamp; net/http's note of a second status written is
// a consequence of the failure, not its cause (superfluousWrite), and a
// line at info or debug level, or the request's own access log line
// (appsource.AccessLogLine), reports none.
func lastLogLine(r *report.Report) (string, bool) {
	for i := len(r.Logs) - 1; i >= 0; i-- {
		if text := failureclass.LogText(r.Logs[i].Text); text != "" && !superfluousWriteRe.MatchString(text) && !logrecord.Quiet(r.Logs[i].Text) && !appsource.AccessLogLine(r, r.Logs[i].Text) {
			return text, true
		}
	}
	return "", false
}

// superfluousWriteRe matches net/http's log line for a status written
// after the response's: the function and place of the second write.
var superfluousWriteRe = regexp.MustCompile(`http: superfluous response\.WriteHeader call from (\S+) \(([\w./-]+):(\d+)\)`)

// superfluousWrite returns the function (its short name) and place net/http
// logged as writing a status after the response's, when the request
// logged one.
func superfluousWrite(r *report.Report) (fn, place string, ok bool) {
	for _, l := range r.Logs {
		if m := superfluousWriteRe.FindStringSubmatch(l.Text); m != nil {
			return m[1][strings.LastIndexByte(m[1], '/')+1:], m[2] + ":" + m[3], true
		}
	}
	return "", "", false
}

// lastErrorLogLine returns the last line r's request logged that looks
// like an error, without its timestamp.
func lastErrorLogLine(r *report.Report) (string, bool) {
	for i := len(r.Logs) - 1; i >= 0; i-- {
		if text := failureclass.LogText(r.Logs[i].Text); text != "" && failureclass.LooksLikeError(text) {
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
		if !failureclass.LooksLikeError(a.fromLog) && !failureclass.Recognised(failureclass.LogMessage(a.fromLog)) {
			a.why(said+"; the last line the request logged before the error status is "+code(shorten(a.fromLog, 200))+", the likely cause, so it is what is analysed here.",
				"The last line the request logged before the error status is "+code(shorten(a.fromLog, 200))+", the likely cause.")
			return
		}
	}
	a.why(said+"; the cause comes from the request's log, which has "+code(shorten(a.fromLog, 200))+" just before the error status, so that logged error is what is analysed here.",
		"The cause comes from the request's log, which has "+code(shorten(a.fromLog, 200))+" just before the error status.")
}
