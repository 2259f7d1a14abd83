package appsource

import (
	"strings"
	"testing"
)

func TestFormatMatches(t *testing.T) {
	long := strings.Repeat("<b>huge</b> ", 6000)
	cases := []struct {
		format, msg string
		want        bool
	}{
		{`"loading invoice %d: %v"`, "loading invoice 9: no rows", true},
		{`"loading invoice %d: %v"`, "loading invoice nine: no rows", false},
		{`"loading invoice %d: %v"`, "reloading invoice 9: no rows", false},
		{`"%v: not found"`, "user 7: not found", true},
		{`"%v: not found"`, "user 7: not found here", false},
		{`"store: %s failed after %d tries"`, "store: save failed after 3 tries", true},
		{`"store: %s failed after %d tries"`, "store: save failed after three tries", false},
		{`"store: %s failed after %d tries"`, "store: save after 3 tries failed", false},
		{`"100%% of %s"`, "100% of quota", true},
		{`"%q is not a column"`, `"titel" is not a column`, true},
		{`"no verbs at all"`, "no verbs at all", true},
		{`"no verbs at all"`, "no verbs at all, really", false},
		{`"%v: not found"`, long + ": not found", true},
		{`"loading invoice %d: %v"`, long, false},
		{`not a string`, "anything", false},
	}
	for _, c := range cases {
		if got := FormatMatches(c.format, c.msg, 5); got != c.want {
			t.Errorf("FormatMatches(%s, %.60q) = %v, want %v", c.format, c.msg, got, c.want)
		}
	}
	if FormatMatches(`"%v: %w"`, "a: b", 5) {
		t.Error("a format with under min bytes of its own text matched")
	}
}

// BenchmarkFormatMatchesLongMessage matches a 64 KiB panic message
// against formats it was not made by, as a module's error makers are tried
// on every failure.
func BenchmarkFormatMatchesLongMessage(b *testing.B) {
	msg := strings.Repeat("<b>huge</b> ", 64<<10/12)
	formats := []string{`"%v: not found"`, `"loading %s: %v"`, `"store: %s failed after %d tries"`, `"decoding %T: %w"`}
	for b.Loop() {
		for _, f := range formats {
			FormatMatches(f, msg, 5)
		}
	}
}
