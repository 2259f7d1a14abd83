package stack

import (
	"regexp"
	"strconv"
	"strings"
)

// Some crash headers reach a dump only as a logger printed them, or with
// a paste's damage around them. headerLine reads such a line as the
// runtime's header.

// reObservedPanic matches the line Kubernetes' apimachinery HandleCrash
// logs for a panic it observed, after the logger's prefix: `Observed a
// panic: "value" (detail)` (group 1 the value as %#v prints it, group 2 as
// %v does), or `"Observed a panic" panic="value"` (group 3).
var reObservedPanic = regexp.MustCompile(`Observed a panic: (.*?)(?: \((.*)\))?$|"Observed a panic" panic="((?:[^"\\]|\\.)*)"`)

// reGluedHeader matches a header line with punctuation glued before it (a
// stray Markdown backtick), or after the tail of a log timestamp that the
// paste began in the middle of ("3.6367390Z panic: …" before lines of
// "2024-10-09T09:16:43.6370024Z …"). Group 1 is the header.
var reGluedHeader = regexp.MustCompile("^(?:[`'\"*>_~|]+|[0-9][0-9:.TZ+-]*\\s+)((?:panic|fatal error): .*)$")

// headerLine returns l, a trimmed line of the text before a goroutine
// dump, as a crash header line when it is one in a logger's or a paste's
// disguise; l unchanged otherwise.
func headerLine(l string) string {
	if m := reGluedHeader.FindStringSubmatch(l); m != nil {
		return m[1]
	}
	if m := reObservedPanic.FindStringSubmatch(l); m != nil {
		switch {
		case m[3] != "":
			if v, err := strconv.Unquote(`"` + m[3] + `"`); err == nil {
				return "panic: " + v
			}
			return "panic: " + m[3]
		case strings.HasPrefix(m[2], "runtime error: "):
			return "panic: " + m[2]
		case m[2] != "":
			return "panic: " + m[2]
		}
		if v, err := strconv.Unquote(m[1]); err == nil {
			return "panic: " + v
		}
		return "panic: " + m[1]
	}
	return l
}

// reShellLine matches a shell command line pasted with a dump ("$ go run
// .", "[root@host bt]# ./tool", "user@host:~/src$ make").
var reShellLine = regexp.MustCompile(`^(?:\[[^\]]*\]|[\w.-]+@[^\s$#]+(?: [^\s$#]+)?)?\s*[$#] \S`)

// isShellLine reports whether l, a trimmed line, is a shell command line.
func isShellLine(l string) bool { return reShellLine.MatchString(l) }
