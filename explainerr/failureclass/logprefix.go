package failureclass

import (
	"regexp"
	"strings"
)

// Text loggers write fields of their own before a line's message: a date
// and time, a level, the request's id, the component or function that
// logged, the caller's file and line. Each logger has its layout
//
//	2026-12-03 17:38:16 [ERROR] [6a8cb744-…] [users.UpdateHandler] failed to …
//	2026-12-03T17:38:16.123Z	ERROR	api/users.go:548	failed to …   (zap's console encoder)
//	ERRO[0000] failed to …                                           (logrus, on a terminal)
//	3:04PM ERR failed to …                                           (zerolog's console writer)
//	E1203 17:38:16.123456   12345 users.go:548] failed to …          (klog, glog)
//
// but the fields are of a few kinds, each recognisable alone: read one at
// a time from the start of the line, they end where the message begins.

// reLogPrefixField matches one such field at the start of a line, with
// the blanks, colon or bar after it. A level is upper case or in brackets,
// so that a message that starts with the word "error" keeps it; a
// bracketed field holds no blank, so that "[draft] post 7" — a message's
// own words in brackets are rarer than a component's name, but they have
// blanks between them — is read as the message.
var reLogPrefixField = regexp.MustCompile(`^(?:` +
	// klog and glog: severity letter, month and day, time, thread, file:line].
	`[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+ [\w./@-]+\.go:\d+\]` +
	// A date with or without its time and zone, bracketed or not, year
	// first or last (12/03/2026 19:58:22).
	`|\[?(?:\d{4}[-/.]\d{2}[-/.]\d{2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\]?` +
	// A time alone: 17:38:16(.123), 3:04PM.
	`|\[?\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[AP]M)?\]?` +
	// A level, upper case (logrus' "ERRO[0000]" with its counter) or bracketed.
	`|(?:TRACE|TRC|DEBUG|DEBU|DBG|INFO|INF|NOTICE|WARNING|WARN|WRN|ERROR|ERRO|ERR|CRITICAL|CRIT|FATAL|FATA|FTL|PANIC|PANI|PNC)(?:\[\d+\])?` +
	`|\[(?i:trace|debug|info|notice|warn|warning|error|err|critical|crit|fatal|panic)\s*\]` +
	// A caller's file and line.
	`|[\w./@-]+\.go:\d+` +
	// A bracketed name or id without blanks: a request id, a component,
	// the logging function.
	`|\[[^\[\]\s]{1,100}\]` +
	// A bracketed group of such fields ([[127.0.0.1][4f2a…][notes.txt]]).
	`|\[(?:\[[^\[\]\s]{1,100}\])+\]` +
	// After it blanks, a bar or a colon; nothing when the field is
	// bracketed and the next one opens a bracket (LogTails checks).
	`)(?:[ \t]*\|[ \t]*|:?[ \t]+)?`)

// maxLogPrefixFields bounds the fields read before a line's message.
const maxLogPrefixFields = 8

// LogTails returns the texts a plain log line's message may start at: the
// line after each of the fields a text logger wrote before the message
// (reLogPrefixField), the longest first, so the last is the message
// alone. A function's own log format may hold some of those fields ("[%s]
// failed to …"), so each tail is a candidate for it. nil when the line
// starts with no such field.
func LogTails(line string) []string {
	var out []string
	rest := strings.TrimSpace(line)
	for range maxLogPrefixFields {
		loc := reLogPrefixField.FindStringIndex(rest)
		if loc == nil || strings.TrimSpace(rest[loc[1]:]) == "" || !fieldEnds(rest[:loc[1]], rest[loc[1]:]) {
			break
		}
		rest = strings.TrimSpace(rest[loc[1]:])
		out = append(out, rest)
	}
	return out
}

// LogLineMessage returns a plain log line without the fields a text logger
// wrote before its message (LogTails); the line itself when it has none.
func LogLineMessage(line string) string {
	if tails := LogTails(line); len(tails) > 0 {
		return tails[len(tails)-1]
	}
	return strings.TrimSpace(line)
}

// fieldEnds reports whether a prefix field read as field ends where the
// line goes on with rest: at the blanks, bar or colon after it, or, for
// a bracketed field, at the bracket the next field opens ("][").
func fieldEnds(field, rest string) bool {
	switch field[len(field)-1] {
	case ' ', '\t', '|':
		return true
	case ']':
		return strings.HasPrefix(rest, "[")
	}
	return false
}
