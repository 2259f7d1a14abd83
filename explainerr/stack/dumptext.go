package stack

import (
	"bytes"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Crash dumps rarely arrive as the runtime printed them: they pass through
// loggers, terminals, web pages and issue trackers. normalizeDump undoes
// what those do to the text, so that the goroutine parser sees the
// runtime's own format.

// reGoroutineHeaderAnywhere finds a goroutine header after any line prefix,
// such as a logger's timestamp. Group 1 is the prefix.
var reGoroutineHeaderAnywhere = regexp.MustCompile(`^(.*?)goroutine \d+(?: gp=\S+ m=\S+(?: mp=\S+)?)? \[[^\]]+\]:$`)

// reBareFileLine matches a frame's file line that lost its indentation.
var reBareFileLine = regexp.MustCompile(`^[^\s].*\.(?:go|s|c):\d+(?: \+0x[0-9a-f]+)?(?: fp=0x[0-9a-f]+ sp=0x[0-9a-f]+(?: pc=0x[0-9a-f]+)?)?$`)

// reDigits matches a run of digits in a log prefix (timestamps, pids).
var reDigits = regexp.MustCompile(`[0-9]+`)

// normalized is a crash dump's text as normalizeDump leaves it, and what
// normalizeDump found on the way.
type normalized struct {
	text []byte
	// prefix is the log prefix found, as it appeared on the first
	// goroutine header ("" if none).
	prefix string
	// foreign counts the lines without the prefix dropped from inside a
	// trace.
	foreign int
	// headerless is true when a goroutine header was written before
	// frames that had none.
	headerless bool
	// damage are warnings about frames whose file line was missing or
	// damaged (completeFrames).
	damage []string
}

// normalizeDump returns data with terminal escape sequences and control
// characters removed (StripControl), line endings made "\n" (a literal "^M"
// that ends most lines removed too), Unicode spaces
// (such as the em spaces some web pages indent with) made ASCII, trailing
// blanks removed, a log prefix repeated before every line stripped, race
// reports and frames that a paste damaged repaired, and file lines that
// lost their indentation re-indented. mainModule, when known, names the
// package of a recoverer's frame whose path shows none (pcFrames).
func normalizeDump(data []byte, mainModule string) normalized {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	s := string(data)
	s = StripControl(s)
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	cutEnd := !strings.HasSuffix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(asciiSpaces(l), " \t")
	}
	lines = stripCaretM(lines)

	strip, prefix := logPrefix(lines)
	lines, foreign := dropForeignLines(lines, strip)
	if strip != nil {
		for i, l := range lines {
			if m := strip.FindStringIndex(l); m != nil {
				lines[i] = l[m[1]:]
			}
		}
	}

	lines = raceText(lines)
	lines = raceSections(lines)
	lines = joinWrappedArgs(lines)
	if hasAtFrame(s) {
		lines = atFrames(lines)
	}
	if hasPCFrame(s) {
		lines = pcFrames(lines, mainModule)
	}
	lines = dedentFrames(lines)
	lines, headerless := headerlessGoroutine(lines)
	lines, damage := completeFrames(lines, cutEnd)

	var b bytes.Buffer
	b.Grow(len(s) + len(lines))
	prevFunc, prevHeader := false, false
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			if prevHeader {
				// A blank line between a goroutine header and its
				// first frame (a paste's damage).
				continue
			}
			l = ""
		}
		l = raceMainAccess(l)
		if prevFunc && reBareFileLine.MatchString(l) {
			l = "\t" + l
		}
		if prevFunc {
			l = markForeignFile(l)
		}
		if prevHeader && strings.HasPrefix(l, "created by ") {
			// A goroutine that has not started yet shows no frame, only
			// its creator; the parser wants a frame first.
			b.WriteString(noFramesFunc + "()\n\t??:0\n")
		}
		prevHeader = reGoroutineHeaderAnywhere.MatchString(l)
		indented := strings.HasPrefix(l, "\t") || strings.HasPrefix(l, " ")
		prevFunc = !indented && (strings.HasSuffix(l, ")") || strings.HasPrefix(l, "created by "))
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return normalized{text: b.Bytes(), prefix: prefix, foreign: foreign, headerless: headerless, damage: damage}
}

// logPrefix returns a pattern for the prefix a logger wrote before every
// line of the dump, learnt from the first goroutine header (from the first
// frame when the dump has no goroutine header): the prefix with its digits
// generalised (timestamps change from line to line). It returns
// nil when the header has no prefix, or only indentation. raw is the
// prefix as written on that header.
func logPrefix(lines []string) (re *regexp.Regexp, raw string) {
	for _, l := range lines {
		m := reGoroutineHeaderAnywhere.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		p := m[1]
		core := strings.TrimRight(p, " \t")
		if strings.TrimSpace(core) == "" {
			return nil, ""
		}
		ws := p[len(core):]
		pattern := "^" + reDigits.ReplaceAllString(regexp.QuoteMeta(core), `[0-9]+`)
		if ws != "" {
			// An empty log line may have lost the separator.
			pattern += "(?:" + regexp.QuoteMeta(ws) + "|$)"
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			return nil, ""
		}
		return re, p
	}
	if p := framePrefix(lines); p != "" {
		re, err := regexp.Compile("^" + reDigits.ReplaceAllString(regexp.QuoteMeta(p), `[0-9]+`))
		if err == nil {
			return re, p
		}
	}
	return nil, ""
}

// asciiSpaces replaces every non-ASCII space (no-break, em and other
// typographic spaces) by an ASCII space and drops zero-width characters.
func asciiSpaces(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r < utf8.RuneSelf:
			return r
		case r == '\u200B' || r == '\u200C' || r == '\u200D' || r == '\u2060' || r == '\uFEFF':
			return -1
		case unicode.IsSpace(r):
			return ' '
		}
		return r
	}, s)
}

// Older Go runtimes were partly written in C and in the Go-flavoured C of
// .goc files, and their dumps name those files ("runtime/hashmap.goc:1270",
// "runtime/panic.c:279"). The goroutine parser reads only .go, .c and .s
// file lines, so a frame's file line with any other extension is marked
// with foreignFileMark to look like one, and unmarked after parsing.
const foreignFileMark = "#explainerr.s"

// noFramesFunc stands for the missing frame of a goroutine that shows only
// its "created by" line; its calls are removed after parsing.
const noFramesFunc = "explainerr.noframes"

// reForeignFileLine matches an indented frame file line whose file has an
// extension other than .go, .c or .s.
var reForeignFileLine = regexp.MustCompile(`^([\t ]+.+\.([A-Za-z0-9_]+)):(\d+(?: \+0x[0-9a-f]+)?(?: fp=0x[0-9a-f]+ sp=0x[0-9a-f]+(?: pc=0x[0-9a-f]+)?)?)$`)

// markForeignFile returns l with foreignFileMark after its file name when
// l is a file line of a source file the parser would not accept.
func markForeignFile(l string) string {
	m := reForeignFileLine.FindStringSubmatch(l)
	if m == nil {
		return l
	}
	switch m[2] {
	case "go", "c", "s":
		return l
	}
	return m[1] + foreignFileMark + ":" + m[3]
}

// noFileMark stands for the file of a frame whose file line is missing
// or cut too short to name it (completeFrames); unmarkFile makes it "".
const noFileMark = "explainerr.nofile.go"

// unmarkFile undoes markForeignFile, and the stand-in file line of a frame
// that has none, on a parsed file name.
func unmarkFile(file string) string {
	if file == noFileMark {
		return ""
	}
	return strings.TrimSuffix(file, foreignFileMark)
}

// reFuncName matches a function line whose arguments were wrapped onto
// the next line: a qualified function name alone.
var reFuncName = regexp.MustCompile(`^(?:[\w.~%-]+/)*[\w.~%-]+\.(?:\(\*?[^\s()]+\)\.)?[^\s()]+$`)

// reArgsLine matches an argument list alone on its line.
var reArgsLine = regexp.MustCompile(`^\([^()]*\)$`)

// joinWrappedArgs returns lines with a function line whose argument list
// was wrapped onto the next line joined again
// ("pkg.run.func5" + "(0xc0430b1e20, 0xc04208e2c0)").
func joinWrappedArgs(lines []string) []string {
	out := lines[:0:0]
	for i := 0; i < len(lines); i++ {
		if i+1 < len(lines) && reFuncName.MatchString(lines[i]) && reArgsLine.MatchString(strings.TrimSpace(lines[i+1])) {
			out = append(out, lines[i]+strings.TrimSpace(lines[i+1]))
			i++
			continue
		}
		out = append(out, lines[i])
	}
	return out
}
