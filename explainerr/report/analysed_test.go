package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAnalysedText(t *testing.T) {
	short := "assignment to entry in nil map"
	if got := AnalysedText(short); got != short {
		t.Errorf("a short message was cut: %q", got)
	}
	long := strings.Repeat("é", MaxAnalysedText) // 2 bytes a character
	got := AnalysedText(long)
	if len(got) > MaxAnalysedText || len(got) < MaxAnalysedText-1 || !utf8.ValidString(got) {
		t.Errorf("cut to %d bytes, valid UTF-8 %v", len(got), utf8.ValidString(got))
	}
}
