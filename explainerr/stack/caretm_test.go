package stack

import (
	"strings"
	"testing"
)

// TestParseDumpCaretM parses a dump whose every line ends in the two
// characters "^M", a viewer's rendering of a carriage return.
func TestParseDumpCaretM(t *testing.T) {
	in := "time=\"2016-12-12T22:46:24Z\" level=warning msg=\"relaunch\" ^M\npanic: sync: negative WaitGroup counter^M\n^M\n" +
		"goroutine 16 [running]:^M\npanic(0xae02e0, 0xc4204d9900)^M\n        /usr/local/go/src/runtime/panic.go:500 +0x1a1^M\n" +
		"example.com/app.run.func2(0xc4200bd600)^M\n        /src/app/run.go:296 +0x217^M\n" +
		"created by example.com/app.run^M\n        /src/app/run.go:297 +0x2eb^M\n"
	d := parseString(t, in, NewClassifier("example.com/app"))
	if d.Goroutine != 16 || len(d.Header) == 0 || d.Header[0] != "panic: sync: negative WaitGroup counter" {
		t.Errorf("goroutine %d, header %q", d.Goroutine, d.Header)
	}
	if len(d.Frames) != 1 || d.Frames[0].Function != "example.com/app.run.func2" || d.Frames[0].Line != 296 {
		t.Errorf("frames %+v", d.Frames)
	}
}

// TestStripCaretM strips "^M" only when it ends most lines.
func TestStripCaretM(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a^M\nb ^M\n\nc", "a\nb\n\nc"},
		{"panic: 1^M\nb\nc", "panic: 1^M\nb\nc"},
		{"a\nb", "a\nb"},
	} {
		if got := strings.Join(stripCaretM(strings.Split(tc.in, "\n")), "\n"); got != tc.want {
			t.Errorf("stripCaretM(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
