package logrecord

import "regexp"

// quietLevel matches the levels of records that report no failure.
var quietLevel = regexp.MustCompile(`(?i)^(?:info|debug|trace|notice|inf|dbg|trc)$`)

// QuietLevel reports whether a record's level is one that reports no
// failure: info, debug, trace or notice, in any case or short form.
func QuietLevel(level string) bool { return quietLevel.MatchString(level) }

// reTextLevel finds a plain text line's level marker near its start,
// after at most a timestamp: "[Info]", "INFO", "level=info", or a
// bracketed one padded or right after a bracketed timestamp
// ("[12/03/2026 15:54:23][INFO    ]"); "I1203 …" is not read (glog's
// letter is too short to tell).
var reTextLevel = regexp.MustCompile(`^\s*(?:\S+\s+){0,3}?\[?(?i:level=)?(INFO|Info|info|DEBUG|Debug|debug|TRACE|Trace|trace|NOTICE|Notice)\]?[\s:|]|^[^\n]{0,40}?\[\s*(?i:info|debug|trace|notice)\s*\]`)

// Quiet reports whether a log line is at a level that reports no failure
// (info, debug, trace, notice), by its record's level or, for a line of
// text, by the level marker it starts with, and carries no error
// attribute (a line at info that says "error=…" reports one).
func Quiet(line string) bool {
	if rec, ok := Parse(line); ok {
		return rec.Error == "" && QuietLevel(rec.Level)
	}
	return reTextLevel.MatchString(line) && !HasErrorField(line)
}

// reErrorField finds an error attribute in a line of text: "error=…",
// "err=…", "(error=no such column: x, …)".
var reErrorField = regexp.MustCompile(`\berr(?:or|ors)?=\S`)

// HasErrorField reports whether a line of text carries an error
// attribute ("error=…", "err=…").
func HasErrorField(line string) bool { return reErrorField.MatchString(line) }
