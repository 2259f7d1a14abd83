package appsource

import (
	"slices"
	"testing"
)

// TestFormatValues reads what each verb of a format printed in a message
// the format made, and nothing from a message it did not make.
func TestFormatValues(t *testing.T) {
	cases := []struct {
		format, msg string
		want        []string
	}{
		{`"render: template %s does not exist"`, "render: template views/actions does not exist", []string{"views/actions"}},
		{`"order %d of %q: 100%% paid"`, `order 7 of "ann": 100% paid`, []string{"7", `"ann"`}},
		{`"render: template %s does not exist"`, "render: layout main does not exist", nil},
	}
	for _, c := range cases {
		if got := FormatValues(c.format, c.msg, 8); !slices.Equal(got, c.want) {
			t.Errorf("FormatValues(%s, %q) = %q, want %q", c.format, c.msg, got, c.want)
		}
	}
}
