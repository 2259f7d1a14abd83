package offline

import "testing"

func TestACode(t *testing.T) {
	for in, want := range map[string]string{
		"int64": "an `int64`", "interface {}": "an `interface {}`", "error": "an `error`", "object": "an `object`",
		"float64": "a `float64`", "*Post": "a `*Post`", "[]string": "a `[]string`", "uint8": "a `uint8`", "unsafe.Pointer": "an `unsafe.Pointer`",
	} {
		if got := aCode(in); got != want {
			t.Errorf("aCode(%q) = %q, want %q", in, got, want)
		}
	}
}
