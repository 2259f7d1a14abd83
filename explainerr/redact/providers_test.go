package redact

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// providerSample is one line of testdata/providers.txt.
type providerSample struct {
	hide         bool
	rule, origin string
	text         string
}

func readProviderSamples(t *testing.T) []providerSample {
	t.Helper()
	f, err := os.Open("testdata/providers.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []providerSample
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "\t", 4)
		if len(f) != 4 || f[0] != "hide" && f[0] != "keep" {
			t.Fatalf("providers.txt:%d: malformed line %q", n, line)
		}
		text, err := strconv.Unquote(f[3])
		if err != nil {
			t.Fatalf("providers.txt:%d: %v", n, err)
		}
		out = append(out, providerSample{hide: f[0] == "hide", rule: f[1], origin: f[2], text: text})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// providerRuleByID returns the rule of the table with that id.
func providerRuleByID(t *testing.T, id string) *providerRule {
	t.Helper()
	for _, r := range loadProviders().rules {
		if r.id == id {
			return r
		}
	}
	t.Fatalf("no rule %q in providers.txt", id)
	return nil
}

// TestProviderTable checks every rule of the generated table both ways:
// its positive sample is hidden by the rule and by String (the secret the
// rule finds is gone from String's output), and each of gitleaks'
// false-positive samples for it is left as it is by the rule.
func TestProviderTable(t *testing.T) {
	set := loadProviders()
	if set.err != nil {
		t.Fatal(set.err)
	}
	if len(set.rules) < 200 {
		t.Fatalf("the table has %d rules; gitleaks has over 200", len(set.rules))
	}
	positives := map[string]int{}
	negatives := 0
	for _, s := range readProviderSamples(t) {
		r := providerRuleByID(t, s.rule)
		re, err := r.compiled()
		if err != nil {
			t.Errorf("%s: %v", r.id, err)
			continue
		}
		if !s.hide {
			negatives++
			for _, line := range strings.Split(s.text, "\n") {
				if got := hideByRule(set, r, line); got != line {
					t.Errorf("%s hides a false-positive sample of gitleaks:\n in  %q\n out %q", r.id, line, got)
				}
			}
			continue
		}
		positives[s.rule]++
		m := re.FindStringSubmatchIndex(s.text)
		if m == nil {
			t.Errorf("%s: its expression does not match its positive %q", r.id, s.text)
			continue
		}
		i, j := secretSpanOf(m, r.group)
		secret := s.text[i:j]
		if got := hideByRule(set, r, s.text); strings.Contains(got, secret) {
			t.Errorf("%s keeps the secret %q of its positive:\n in  %q\n out %q", r.id, secret, s.text, got)
		}
		if got := String(s.text); strings.Contains(got, secret) {
			t.Errorf("String keeps the secret %q of %s's positive:\n in  %q\n out %q", secret, r.id, s.text, got)
		}
	}
	for _, r := range set.rules {
		if positives[r.id] == 0 {
			t.Errorf("rule %s has no positive sample in testdata/providers.txt", r.id)
		}
	}
	if negatives == 0 {
		t.Error("testdata/providers.txt holds no false-positive sample")
	}
}

// hideByRule applies r to line as hideProviderTokens does: only when the
// line holds one of r's keywords.
func hideByRule(set *providerSet, r *providerRule, line string) string {
	for _, k := range set.rulesIn(line, nil) {
		if set.rules[k] == r {
			return r.hide(line)
		}
	}
	return line
}

// TestProviderFormatsTheHandListLacks: formats of providers the hand-made
// token list names only in part, or not at all, are hidden in the places
// a report shows them.
func TestProviderFormatsTheHandListLacks(t *testing.T) {
	for _, tok := range []string{
		"dp.pt.Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1Gh2Jk3LqW4e",                 // Doppler personal token
		"pul-4f9a1c7e2b8d6035be94c1f7a2d8e6037b1c4f9a",                         // Pulumi
		"lin_api_Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1Gh2Jk3Lq",                  // Linear
		"hvs." + strings.Repeat("CAESIZx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1", 3), // HashiCorp Vault
	} {
		for _, ctx := range []string{"%s", "upstream rejected %s (401)", `{"value": "%s"}`} {
			in := strings.ReplaceAll(ctx, "%s", tok)
			if got := String(in); strings.Contains(got, tok[8:]) {
				t.Errorf("String(%q) = %q: the token is kept", in, got)
			}
		}
	}
}

// TestProviderTableIsLazy: parsing the table compiles no expression, and
// a text holding no keyword compiles none either.
func TestProviderTableIsLazy(t *testing.T) {
	set := parseProviders(providerTable)
	if set.err != nil {
		t.Fatal(set.err)
	}
	for _, r := range set.rules {
		if r.re != nil {
			t.Fatalf("%s was compiled while the table was parsed", r.id)
		}
	}
	var hits []int
	for _, line := range strings.Split(benchWindow, "\n") {
		hits = set.rulesIn(line, hits[:0])
		for _, k := range hits {
			set.rules[k].hide(line)
		}
	}
	compiled := 0
	for _, r := range set.rules {
		if r.re != nil {
			compiled++
		}
	}
	if compiled > 3 {
		t.Errorf("an ordinary source window compiled %d of %d expressions; want at most 3", compiled, len(set.rules))
	}
}

// TestProviderTableRejectsMalformedLines: a broken table hides nothing by
// it and says which line is wrong, rather than panicking.
func TestProviderTableRejectsMalformedLines(t *testing.T) {
	for _, table := range []string{
		"rule\tx\tkw\tnot-a-number\t0\tabc",
		"allow\tsecret\tOR\t\"a\"\t",
		"rule\tx\tK\t0\t0\tabc",
		"something else",
	} {
		set := parseProviders(table)
		if set.err == nil || !strings.Contains(set.err.Error(), "providers.txt") {
			t.Errorf("parseProviders(%q): err = %v, want one naming providers.txt", table, set.err)
		}
	}
}

// BenchmarkProviderTokensOnSource measures the provider table's cost per
// line of ordinary source (no keyword on most lines) once it is loaded.
func BenchmarkProviderTokensOnSource(b *testing.B) {
	lines := strings.Split(benchWindow, "\n")
	loadProviders()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, l := range lines {
			hideProviderTokens(l)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
}
