package logrecord

import "strings"

// logrus' TextFormatter writes a record differently when its output is a
// terminal or ForceColors is set (a common setting, kept when the output
// is a file): a four-letter level, the time in brackets (seconds since
// the start, or the full time with FullTimestamp), the message padded to
// 44 characters, then the fields as key=value pairs. With its colours
// taken out:
//
//	ERRO[2026-12-05 03:45:00] [webdav auth] failed get user carol: record not found
//	WARN[0003] slow query                                   elapsed=2.1s table=users

// Terminal is a record written as logrus writes one to a terminal.
const Terminal = "terminal"

// terminalLevels are the four-letter levels logrus writes, by the level
// they stand for.
var terminalLevels = map[string]string{
	"TRAC": "trace", "DEBU": "debug", "INFO": "info", "WARN": "warning",
	"ERRO": "error", "FATA": "fatal", "PANI": "panic",
}

// parseTerminal reads a terminal record's level, time, message and
// trailing key=value fields. It reports false for a line that does not
// start with a four-letter level and a bracketed time.
func parseTerminal(text string) (map[string]string, bool) {
	first, _, _ := strings.Cut(text, "\n")
	level, ok := terminalLevels[prefix(first, 4)]
	if !ok || len(first) < 6 || first[4] != '[' {
		return nil, false
	}
	end := strings.IndexByte(first, ']')
	if end < 0 {
		return nil, false
	}
	fields := map[string]string{"level": level, "time": first[5:end]}
	msg := strings.TrimSpace(first[end+1:])
	// The fields are the longest run of pairs that ends the line.
	for i := 0; i < len(msg); i++ {
		if msg[i] != ' ' || i+1 == len(msg) || msg[i+1] == ' ' {
			continue
		}
		if pairs, ok := parsePairs(msg[i+1:]); ok && len(pairs) > 0 {
			for k, v := range pairs {
				fields[k] = v
			}
			msg = strings.TrimSpace(msg[:i])
			break
		}
	}
	fields["msg"] = msg
	return fields, true
}

// prefix returns s's first n bytes, or s when it is shorter.
func prefix(s string, n int) string {
	if len(s) < n {
		return s
	}
	return s[:n]
}
