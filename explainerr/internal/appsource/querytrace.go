package appsource

import "regexp"

// An ORM that traces its statements (gorm's logger at Info level) logs
// each one with the app's line that ran it. A statement that succeeded
// is logged with its location alone on the line ("/app/store/article.go:26"
// then "[0.75ms] [rows:1] SELECT …"); one that failed, with the error
// after the location ("/app/store/article.go:26 no such column: tag").
// A successful statement's line names a place the request went through,
// not where its error was met.

// okQueryTraceRe matches a statement trace with nothing after its
// location: the statement succeeded.
var okQueryTraceRe = regexp.MustCompile(`\.go:\d+[ \t]*\r?\n\[\d+(?:\.\d+)?ms\] \[rows:[-\d]+\] `)

// SucceededQueryTrace reports whether a log line is an ORM's trace of a
// statement that succeeded.
func SucceededQueryTrace(text string) bool {
	return okQueryTraceRe.MatchString(text)
}
