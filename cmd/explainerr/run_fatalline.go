package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// fatalLine is what the last line a command printed before it exited says:
// its message and, when the line names one, the source location that
// printed it.
type fatalLine struct {
	text     string // the line as printed
	message  string // the message without the log's prefix
	format   string // "log", "slog", "fatal" or "" for a line of no known form
	file     string // the file the line names ("main.go", "/src/app/main.go"); "" when none
	line     int
	function string // the function the line names (slog's JSON source); "" when none
}

var (
	// stdLogPrefix matches the standard log package's prefix: an optional
	// log.SetPrefix text, then the date and time (with microseconds, with
	// either alone).
	stdLogPrefix = regexp.MustCompile(`^(.{0,40}?)(?:\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})? |\d{4}/\d{2}/\d{2} |\d{2}:\d{2}:\d{2}(?:\.\d{1,6})? )`)
	// fileLinePrefix matches the "file.go:NN: " that log's Lshortfile and
	// Llongfile flags, and go test's t.Error, put before a message.
	fileLinePrefix = regexp.MustCompile(`^\s*((?:[A-Za-z]:)?[^\s:]*\.go):(\d+): ?`)
	// slogText matches a log/slog text record at level ERROR or a
	// logrus-style one at level error, fatal or panic.
	slogText = regexp.MustCompile(`(?i)(?:^|\s)level=(?:ERROR|FATAL|PANIC|ERROR\+\d+)(?:\s|$)`)
	// textField matches key=value or key="quoted value" in a text record.
	textField = regexp.MustCompile(`(?:^|\s)(msg|source)=("(?:[^"\\]|\\.)*"|\S*)`)
	// fatalWord matches a FATAL level written as a word (zap's console
	// encoder, many loggers' "[FATAL]").
	fatalWord = regexp.MustCompile(`\bFATAL\b[\]:]?\s*`)
	// goToolNoise matches lines the go command adds when the program it
	// runs fails ("exit status 1" from go run; go test's FAIL summary).
	goToolNoise = regexp.MustCompile(`^(?:exit status \d+|FAIL|FAIL\s+\S+\s+\S+s|FAIL\s+\S+\s+\[.*\])$`)
	// goToolSignal matches go run's or go test's line for a program that a
	// signal stopped.
	goToolSignal = regexp.MustCompile(`^signal: (?:interrupt|terminated|hangup|quit)$`)
)

// lastMeaningful returns the index of the last line that is not blank and
// not a line the go command adds to a failed program's output, or -1.
func lastMeaningful(lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		t := strings.TrimSpace(lines[i])
		if t != "" && !goToolNoise.MatchString(t) {
			return i
		}
	}
	return -1
}

// parseFatalLine reads one line of output as a log record: the standard
// log package's, log/slog's (text or JSON), or one with a FATAL level. A
// line of no known form is kept whole as the message.
func parseFatalLine(l string) fatalLine {
	f := fatalLine{text: l, message: strings.TrimSpace(l)}
	switch {
	case strings.HasPrefix(strings.TrimSpace(l), "{") && f.fromJSON():
	case slogText.MatchString(l):
		f.fromText()
	case stdLogPrefix.MatchString(l):
		m := stdLogPrefix.FindStringSubmatchIndex(l)
		f.format = "log"
		f.message = strings.TrimSpace(l[m[1]:])
		f.takeFileLine()
	case fatalWord.MatchString(l):
		loc := fatalWord.FindStringIndex(l)
		f.format = "fatal"
		f.message = strings.TrimSpace(l[loc[1]:])
		// zap's console encoder: "<time>\tFATAL\tmain.go:12\tmessage".
		if file, rest, ok := strings.Cut(f.message, "\t"); ok && fileLinePrefix.MatchString(file+": ") {
			f.message = strings.TrimSpace(rest)
			f.setLocation(file)
		}
		f.takeFileLine()
	default:
		// go test's "    main_test.go:12: want 1" and log without a date.
		f.takeFileLine()
	}
	if f.message == "" {
		f.message = strings.TrimSpace(l)
	}
	return f
}

// takeFileLine moves a leading "file.go:NN: " of the message to the
// location.
func (f *fatalLine) takeFileLine() {
	m := fileLinePrefix.FindStringSubmatch(f.message)
	if m == nil {
		return
	}
	if n, err := strconv.Atoi(m[2]); err == nil && n > 0 {
		f.file, f.line = m[1], n
		f.message = strings.TrimSpace(f.message[len(m[0]):])
	}
}

// setLocation sets the location from "file.go:NN".
func (f *fatalLine) setLocation(s string) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 || !strings.HasSuffix(s[:i], ".go") {
		return
	}
	if n, err := strconv.Atoi(s[i+1:]); err == nil && n > 0 {
		f.file, f.line = s[:i], n
	}
}

// fromText reads a slog (or logrus) text record: msg, and source when the
// handler adds it.
func (f *fatalLine) fromText() {
	f.format = "slog"
	for _, m := range textField.FindAllStringSubmatch(f.text, -1) {
		v := m[2]
		if u, err := strconv.Unquote(v); err == nil {
			v = u
		}
		switch m[1] {
		case "msg":
			f.message = v
		case "source":
			f.setLocation(v)
		}
	}
}

// fromJSON reads a JSON record (slog's JSONHandler, zap, zerolog) at an
// error or fatal level; it reports whether the line was one.
func (f *fatalLine) fromJSON() bool {
	var rec struct {
		Level   any    `json:"level"`
		Msg     string `json:"msg"`
		Message string `json:"message"`
		Caller  string `json:"caller"`
		Source  *struct {
			Function string `json:"function"`
			File     string `json:"file"`
			Line     int    `json:"line"`
		} `json:"source"`
	}
	if json.Unmarshal([]byte(strings.TrimSpace(f.text)), &rec) != nil {
		return false
	}
	level, _ := rec.Level.(string)
	switch strings.ToLower(level) {
	case "error", "fatal", "panic", "dpanic":
	default:
		return false
	}
	f.format = "slog"
	f.message = rec.Msg
	if f.message == "" {
		f.message = rec.Message
	}
	if s := rec.Source; s != nil && s.File != "" && s.Line > 0 {
		f.file, f.line, f.function = s.File, s.Line, s.Function
	} else if rec.Caller != "" {
		f.setLocation(rec.Caller)
	}
	return true
}
