package stack

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestStripControl(t *testing.T) {
	tests := map[string]string{
		"plain\ttext\n":                            "plain\ttext\n",
		"\x1b[31mred\x1b[0m":                       "red",
		"\x1b[1;38;5;196mbold\x1b[m":               "bold",
		"a \x1b]0;title\x07 b":                     "a  b",
		"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\": "link",
		"\x1b]0;unterminated\nnext":                "\nnext",
		"bell\x07 back\x08 nul\x00 del\x7f":        "bell back nul del",
		"c1 \u009b31m csi":                         "c1 31m csi",
		"charset \x1b(Bok":                         "charset ok",
		"cut \x1b[":                                "cut ",
		"esc at end \x1b":                          "esc at end ",
		"crlf\r\n":                                 "crlf\r\n",
		"unicode ✓ é":                              "unicode ✓ é",
	}
	for in, want := range tests {
		if got := StripControl(in); got != want {
			t.Errorf("StripControl(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestParseDumpWithEscapeCodes parses dumps coloured by a terminal: the
// header and the frames are read as if uncoloured.
func TestParseDumpWithEscapeCodes(t *testing.T) {
	tests := []struct {
		file, message, first string
	}{
		{"ansi-colours.txt", "panic: assignment to entry in nil map", "example.com/shop/internal/store.(*Cart).Add"},
		{"ansi-header.txt", "panic: runtime error: invalid memory address or nil pointer dereference", "example.com/shop/internal/store.(*Address).Label"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			d := parseFile(t, "testdata/dumps/"+tc.file, NewClassifier("example.com/shop"))
			if len(d.Header) == 0 || d.Header[0] != tc.message {
				t.Errorf("Header = %q, want it to start with %q", d.Header, tc.message)
			}
			if len(d.Frames) == 0 || d.Frames[0].Function != tc.first || d.Frames[0].Kind != report.FrameApp {
				t.Errorf("frames %q, want %s first, the app's", kinds(d.Frames), tc.first)
			}
			for _, f := range d.Frames {
				if strings.ContainsAny(f.Function+f.File, "\x1b\x07") {
					t.Errorf("escape left in frame %q %q", f.Function, f.File)
				}
			}
		})
	}
}
