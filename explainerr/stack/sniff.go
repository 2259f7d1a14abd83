package stack

import (
	"bytes"
	"errors"
	"fmt"
)

// A crash dump is text whose frames name their files and lines
// ("\t/app/main.go:12 +0x1d", "at f (main.go:12)", "main.go:12 (0x6b2f1a)").
// Parsing reads every line with several patterns, which takes seconds on
// tens of megabytes; input that cannot hold a frame, such as binary data or
// text without a single "file.go:line", is refused first, by one pass over
// its bytes.

// expectedDump says what a crash dump looks like, for the errors of input
// that is none.
const expectedDump = "expected Go crash output with lines such as \"goroutine 1 [running]:\" followed by frames " +
	"(a function, then its file and line: \"main.main()\" and \"\\t/app/main.go:12 +0x1d\")"

// sniffBinaryMin is the size from which input is judged by its share of
// binary lines: a smaller input is parsed at little cost, and may be a
// dump whose panic value printed a few binary bytes.
const sniffBinaryMin = 64 << 10

// notADump returns why data cannot be a crash dump, or nil when it may be
// one. It refuses only what holds no frame parsing could find: neither a
// goroutine header (whose frames may have lost their file lines) nor any
// "name.go:N", ".s:N" or ".c:N" file reference, or, from sniffBinaryMin
// bytes, mostly lines with control bytes (binary data).
func notADump(data []byte) error {
	if len(data) >= sniffBinaryMin {
		if lines, binary := binaryLines(data); binary*2 > lines {
			return fmt.Errorf("no goroutine stack found in the input: it is binary data, not text (%d of its %d lines hold control bytes); %s", binary, lines, expectedDump)
		}
	}
	if !hasFileLine(data) && !hasGoroutineHeader(data) {
		return errors.New("no goroutine stack found in the input: no goroutine header and no line that names a Go file and line (\"main.go:12\"); " + expectedDump)
	}
	return nil
}

// binaryLines counts data's non-empty lines and those holding a NUL or
// another control byte that text does not hold (tabs, carriage returns,
// form feeds, backspaces and terminal escapes are text).
func binaryLines(data []byte) (lines, binary int) {
	start, bad := 0, false
	for i, c := range data {
		switch {
		case c == '\n':
			if i > start {
				lines++
				if bad {
					binary++
				}
			}
			start, bad = i+1, false
		case c < 0x20 && c != '\t' && c != '\r' && c != '\f' && c != '\v' && c != '\b' && c != 0x1b, c == 0x7f:
			bad = true
		}
	}
	if len(data) > start {
		lines++
		if bad {
			binary++
		}
	}
	return lines, binary
}

// hasFileLine reports whether data names a source file and line as every
// frame does: ".go:", ".s:" or ".c:" followed by a digit.
func hasFileLine(data []byte) bool {
	for rest := data; ; {
		i := bytes.IndexByte(rest, ':')
		if i < 0 {
			return false
		}
		if i+1 < len(rest) && rest[i+1] >= '0' && rest[i+1] <= '9' {
			before := rest[:i]
			if bytes.HasSuffix(before, []byte(".go")) || bytes.HasSuffix(before, []byte(".s")) || bytes.HasSuffix(before, []byte(".c")) {
				return true
			}
		}
		rest = rest[i+1:]
	}
}

// hasGoroutineHeader reports whether data holds "goroutine " and a digit,
// as every goroutine header does ("goroutine 1 [running]:").
func hasGoroutineHeader(data []byte) bool {
	const header = "goroutine "
	for rest := data; ; {
		i := bytes.Index(rest, []byte(header))
		if i < 0 {
			return false
		}
		rest = rest[i+len(header):]
		if len(rest) > 0 && rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
}
