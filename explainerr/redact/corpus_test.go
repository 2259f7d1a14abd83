package redact

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// tokenExample is one line of testdata/tokens.txt.
type tokenExample struct {
	rule, text string
	hide       bool
}

func readTokenExamples(t *testing.T) []tokenExample {
	t.Helper()
	f, err := os.Open("testdata/tokens.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tokenExample
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "# "):
		case strings.HasPrefix(line, "## "):
			section = strings.TrimPrefix(line, "## ")
		case strings.HasPrefix(line, "hide "), strings.HasPrefix(line, "keep "):
			if section == "" {
				t.Fatalf("tokens.txt:%d: an example before any section", n)
			}
			out = append(out, tokenExample{rule: section, text: line[5:], hide: line[:4] == "hide"})
		default:
			t.Fatalf("tokens.txt:%d: a line that is neither a section nor an example: %q", n, line)
		}
	}
	return out
}

// tokenContexts are the places a token is found in: alone, in a Go
// literal, a JSON document, a URL, a log line, a message.
var tokenContexts = []string{
	"%s",
	`client := api.New("%s")`,
	`{"id": 7, "value": "%s"}`,
	"https://example.com/callback?x=%s&y=1",
	`level=error msg="call failed" using=%s`,
	"upstream rejected %s: 401 Unauthorized",
}

func TestTokenFormats(t *testing.T) {
	examples := readTokenExamples(t)
	covered := map[string][2]int{}
	for _, ex := range examples {
		c := covered[ex.rule]
		if ex.hide {
			c[0]++
			for _, ctx := range tokenContexts {
				in := strings.ReplaceAll(ctx, "%s", ex.text)
				if got := String(in); strings.Contains(got, ex.text) {
					t.Errorf("%s: String(%q) = %q: the token is kept", ex.rule, in, got)
				}
			}
		} else {
			c[1]++
			if got := String(ex.text); got != ex.text {
				t.Errorf("%s: String(%q) = %q, want it unchanged", ex.rule, ex.text, got)
			}
		}
		covered[ex.rule] = c
	}
	for _, r := range tokenRules {
		if c := covered[r.name]; c[0] == 0 || c[1] == 0 {
			t.Errorf("rule %q has %d examples to hide and %d to keep in testdata/tokens.txt; want at least one of each", r.name, c[0], c[1])
		}
	}
	if len(covered) != len(tokenRules) {
		t.Errorf("testdata/tokens.txt has %d sections for %d token rules", len(covered), len(tokenRules))
	}
}
