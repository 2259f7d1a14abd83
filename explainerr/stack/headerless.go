package stack

import (
	"regexp"
	"strings"
)

// A pasted dump may lack its goroutine headers: the paste starts at the
// frames, or only the "runtime stack:" part of a fatal error was kept. The
// goroutine parser reads frames only after a "goroutine N [...]:" line, so
// normalizeDump writes one (headerlessGoroutine) before the first frame,
// and the dump says it named no goroutine. Without a goroutine header the
// log prefix of the dump's lines is learnt from a frame (framePrefix).

// syntheticHeader is the goroutine header written before the frames of a
// dump that has none.
const syntheticHeader = "goroutine 1 [unknown]:"

// headerlessWarning is the warning of a dump whose frames follow no
// goroutine header.
const headerlessWarning = "the dump names no goroutine (no \"goroutine N [...]:\" line): its frames were read as one goroutine's, numbered 1"

// reFuncLine matches a frame's function line: a qualified function name
// ("pkg/path.(*T).Method.func1", "main.main") or "panic", and its
// arguments.
var reFuncLine = regexp.MustCompile(`^(?:(?:[\w.~%-]+/)*[\w.~%-]+\.(?:\(\*?[^\s()]+\)\.)?[^\s()]+|panic)\([^()]*\)$`)

// reFileLine matches a frame's file line without its indentation.
var reFileLine = regexp.MustCompile(`^\S+\.(?:go|s|c):\d+(?: \+0x[0-9a-f]+)?(?: fp=0x[0-9a-f]+ sp=0x[0-9a-f]+(?: pc=0x[0-9a-f]+)?)?$`)

// reRaceAccessLine matches the line of a race report that heads an
// access's frames ("Read at 0x… by goroutine 7:", "Previous write by
// goroutine 8:", "Goroutine 7 (running) created at:").
var reRaceAccessLine = regexp.MustCompile(`^(?:(?:Previous )?(?:[Rr]ead|[Ww]rite)(?: at 0x[0-9a-f]+)? by (?:main )?goroutine(?: \d+)?|Goroutine \d+ \([^)]*\) created at):$`)

// isFrameStart reports whether lines[i] is a frame's function line
// followed by its file line, or by more function lines and then one (a
// frame that lost its file line).
func isFrameStart(lines []string, i int) bool {
	if !reFuncLine.MatchString(lines[i]) {
		return false
	}
	for j := i + 1; j < len(lines) && j <= i+3; j++ {
		next := strings.TrimSpace(lines[j])
		if reFileLine.MatchString(next) {
			return true
		}
		if !reFuncLine.MatchString(next) {
			return false
		}
	}
	return false
}

// headerlessGoroutine returns lines with syntheticHeader before the first
// frame when no line is a goroutine header (nor a race report's access
// line, which heads its own frames), and whether it wrote one.
func headerlessGoroutine(lines []string) ([]string, bool) {
	first := -1
	for i, l := range lines {
		if reGoroutineHeaderAnywhere.MatchString(l) || reRaceAccessLine.MatchString(strings.TrimSpace(l)) {
			return lines, false
		}
		if first < 0 && isFrameStart(lines, i) {
			first = i
		}
	}
	if first < 0 {
		return lines, false
	}
	out := make([]string, 0, len(lines)+1)
	out = append(out, lines[:first]...)
	out = append(out, syntheticHeader)
	return append(out, lines[first:]...), true
}

// framePrefix returns the log prefix written before a frame's function
// line and its file line alike, as written on the first such pair with a
// prefix ("Wed, Sep 1 2021 9:38:45 am | "); "" when there is none.
func framePrefix(lines []string) string {
	for i := 0; i+1 < len(lines); i++ {
		l := lines[i]
		for j := 0; j < len(l); j++ {
			if l[j] != ' ' && l[j] != '\t' {
				continue
			}
			p := l[:j+1]
			if strings.TrimSpace(p) == "" || !reFuncLine.MatchString(l[j+1:]) {
				continue
			}
			re, err := regexp.Compile("^" + reDigits.ReplaceAllString(regexp.QuoteMeta(p), `[0-9]+`))
			if err != nil {
				break
			}
			if m := re.FindStringIndex(lines[i+1]); m != nil && reFileLine.MatchString(strings.TrimSpace(lines[i+1][m[1]:])) {
				return p
			}
			break
		}
	}
	return ""
}

// dedentFrames removes the indentation a paste put before every line of
// a stack without a goroutine header ("        main.f()" over
// "                /src/f.go:3"): the indentation of the first function
// line that starts a frame, from every line that has it. lines is
// returned unchanged when a goroutine header is there or no indented
// frame is.
func dedentFrames(lines []string) []string {
	indent := ""
	for i, l := range lines {
		if reGoroutineHeaderAnywhere.MatchString(l) || reRaceAccessLine.MatchString(strings.TrimSpace(l)) {
			return lines
		}
		t := strings.TrimLeft(l, " \t")
		if indent == "" && t != l && i+1 < len(lines) && strings.HasPrefix(lines[i+1], l[:len(l)-len(t)]) &&
			isFrameStart(append([]string{t}, lines[i+1:min(i+4, len(lines))]...), 0) {
			indent = l[:len(l)-len(t)]
		}
	}
	if indent == "" {
		return lines
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimPrefix(l, indent)
	}
	return out
}
