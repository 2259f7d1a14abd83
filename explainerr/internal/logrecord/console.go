package logrecord

import (
	"encoding/json"
	"regexp"
	"strings"
)

// zap's console encoder (zap.NewDevelopment's, and any zapcore console
// core) writes a record as fields between tabs: the time, the level, the
// logger's name and the caller when they are on, the message, and the
// other fields as one JSON object; a stack trace follows on the next
// lines:
//
//	2026-12-03T18:57:37.906Z	error	user/mfa.go:30	Failed to set up	{"error": "Issuer must be set"}
//	donetick.com/core/internal/user.(*Handler).setupMFA
//		/app/internal/user/mfa.go:30

// Console is a record written as tab-separated fields, as zap's console
// encoder writes one.
const Console = "console"

var (
	// reConsoleTime matches a console record's first field: an ISO 8601
	// time, or seconds since the epoch, as a decimal or in the exponent
	// form zap's EpochTimeEncoder writes (1.7964167379562786e+09).
	reConsoleTime = regexp.MustCompile(`^(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?|\d{9,10}\.\d+|\d\.\d+e\+0?9)$`)
	// reConsoleCaller matches a caller field: a Go file and line.
	reConsoleCaller = regexp.MustCompile(`\.go:\d+$`)
)

// consoleLevels are the levels zap writes, in either case.
var consoleLevels = map[string]bool{"debug": true, "info": true, "warn": true, "error": true, "dpanic": true, "panic": true, "fatal": true}

// parseConsole reads a console record's fields: time, level, caller,
// msg, the JSON object's fields, and the lines after the first as the
// stack when no field holds one. It reports false for a line that does
// not start with a time and a level between tabs.
func parseConsole(text string) (map[string]string, bool) {
	first, rest, _ := strings.Cut(text, "\n")
	parts := strings.Split(strings.TrimRight(first, "\r"), "\t")
	if len(parts) < 3 || !reConsoleTime.MatchString(parts[0]) || !consoleLevels[strings.ToLower(parts[1])] {
		return nil, false
	}
	fields := map[string]string{}
	if last := strings.TrimSpace(parts[len(parts)-1]); len(parts) > 3 && strings.HasPrefix(last, "{") {
		if obj, ok := parseJSON(last); ok {
			fields = obj
			parts = parts[:len(parts)-1]
		} else if obj := partialJSON(last); len(obj) > 0 {
			// An object cut short (a capture's line limit): the fields
			// written whole, and the last one as far as it goes.
			fields = obj
			parts = parts[:len(parts)-1]
		}
	}
	fields["time"], fields["level"] = parts[0], parts[1]
	parts = parts[2:]
	// The logger's name and the caller come before the message; the
	// message is the last field left.
	for len(parts) > 1 {
		if reConsoleCaller.MatchString(parts[0]) {
			fields["caller"] = parts[0]
		}
		parts = parts[1:]
	}
	fields["msg"] = parts[0]
	if rest = strings.TrimSpace(rest); rest != "" {
		if _, ok := fields["stacktrace"]; !ok {
			fields["stacktrace"] = rest
		}
	}
	return fields, true
}

var (
	// rePartialPair finds a key and a value written whole in a JSON
	// object's text: a string, a number, true, false or null.
	rePartialPair = regexp.MustCompile(`"([\w.@-]+)":\s*("(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)`)
	// reCutPair finds the last key of an object's text whose string value
	// the cut left open.
	reCutPair = regexp.MustCompile(`"([\w.@-]+)":\s*"((?:[^"\\]|\\.)*)$`)
)

// partialJSON reads the fields of a JSON object's text that was cut
// short: those written whole, and a string value the cut left open, as
// far as it goes (its escapes undone). Nothing when the text holds none.
func partialJSON(text string) map[string]string {
	out := map[string]string{}
	for _, m := range rePartialPair.FindAllStringSubmatch(text, -1) {
		v := m[2]
		if strings.HasPrefix(v, `"`) {
			var s string
			if json.Unmarshal([]byte(v), &s) != nil {
				continue
			}
			v = s
		}
		if _, taken := out[m[1]]; !taken {
			out[m[1]] = v
		}
	}
	if m := reCutPair.FindStringSubmatch(text); m != nil {
		var s string
		raw := strings.TrimRight(m[2], "\\")
		if json.Unmarshal([]byte(`"`+raw+`"`), &s) == nil {
			out[m[1]] = s
		}
	}
	return out
}
