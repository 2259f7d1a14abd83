//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"fmt"
	"strings"
	"syscall"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// stopSignals are the signals by which a developer stops a command (Ctrl-C,
// Ctrl-\, kill, a closed terminal): a command they stop is not a failure.
var stopSignals = map[syscall.Signal]bool{
	syscall.SIGINT:  true,
	syscall.SIGTERM: true,
	syscall.SIGHUP:  true,
	syscall.SIGQUIT: true,
}

// exitIsFailure reports whether a command that ended with code (sig, when
// a signal killed it) and printed lines last, and no crash dump, failed:
// a non-zero status that no stop signal caused. go run and go test exit 1
// when a signal stopped their program, and say so on their last line
// (before go test's FAIL summary).
func exitIsFailure(code int, sig syscall.Signal, last []string) bool {
	if code == 0 || stopSignals[sig] || sig == syscall.SIGKILL {
		return false
	}
	i := lastMeaningful(last)
	return i < 0 || !goToolSignal.MatchString(strings.TrimSpace(last[i]))
}

// exited reports a command that exited with a non-zero status (or was
// killed by signal sig) without printing a crash dump: a log.Fatal, an
// os.Exit, a failed go test. Its message is the last line it printed, read
// as a log record, and that line's source location, when it names one, is
// the report's app frame.
func (c *crashReporter) exited(code int, sig syscall.Signal) {
	lines, cut := c.ring.last()
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = l.text
	}
	status := fmt.Sprintf("exit status %d", code)
	if sig != 0 {
		status = "killed by " + signalName(sig)
	}
	r := &report.Report{
		Error:   report.Error{Kind: report.KindCrash, Type: status},
		Frames:  []report.Frame{},
		Time:    time.Now(),
		LogsCut: cut,
		Build:   report.Build{GoVersion: "not in the output", Module: firstOr(c.modules, "unknown")},
	}
	for _, l := range lines {
		r.Logs = append(r.Logs, report.LogLine{Time: l.time, Text: l.text})
	}
	i := lastMeaningful(texts)
	if i < 0 {
		r.Error.Message = fmt.Sprintf("%s with no crash dump and no output", status)
	} else {
		f := parseFatalLine(texts[i])
		r.Error.Message = f.message
		if fr, ok := c.fatalFrame(f); ok {
			r.Frames = append(r.Frames, fr)
		}
		r.Notices = append(r.Notices, exitNotice(status, f))
	}
	c.submit(func() {
		c.finish(status, r, []string{fmt.Sprintf("last output: %d lines in the report", len(r.Logs))})
	})
}

// exitNotice says where the report's message comes from.
func exitNotice(status string, f fatalLine) string {
	var what string
	switch f.format {
	case "log":
		what = "its last line, a record of the standard log package (log.Fatal prints one and exits with status 1)"
	case "slog":
		what = "its last line, an error record of a structured logger"
	case "fatal":
		what = "its last line, a record at level FATAL"
	default:
		what = "its last line of output"
	}
	n := fmt.Sprintf("The command ended (%s) without a crash dump, so there is no stack: the message is %s.", status, what)
	if f.file != "" {
		n += fmt.Sprintf(" The line names %s as the place that wrote it.", stack.Location(f.file, f.line))
	}
	return n
}

// signalName names a signal as "SIGABRT".
func signalName(sig syscall.Signal) string {
	if name := signalNames[sig]; name != "" {
		return name
	}
	return fmt.Sprintf("signal %d", int(sig))
}

var signalNames = map[syscall.Signal]string{
	syscall.SIGABRT: "SIGABRT",
	syscall.SIGBUS:  "SIGBUS",
	syscall.SIGFPE:  "SIGFPE",
	syscall.SIGILL:  "SIGILL",
	syscall.SIGPIPE: "SIGPIPE",
	syscall.SIGSEGV: "SIGSEGV",
	syscall.SIGTRAP: "SIGTRAP",
	syscall.SIGUSR2: "SIGUSR2",
	syscall.SIGALRM: "SIGALRM",
}
