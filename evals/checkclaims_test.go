package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const marketDir = "internal/checker/testdata/market"

// TestCheckClaimsCommand runs "evals checkclaims" through the command's
// entry on the market module and its labelled set: one line per claim,
// then the totals, exit 0.
func TestCheckClaimsCommand(t *testing.T) {
	code, stdout, stderr := runEvals(t, nil, "checkclaims", "-dir", marketDir, "-claims", filepath.Join(marketDir, "claims.json"))
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
	if len(lines) != 47 {
		t.Fatalf("%d lines, want 46 claims and the totals:\n%s", len(lines), stdout)
	}
	last := regexp.MustCompile(`^precision (\d\.\d\d) recall (\d\.\d\d) over 46 claims$`).FindStringSubmatch(lines[46])
	if last == nil {
		t.Fatalf("last line %q", lines[46])
	}
	if last[1] < "0.85" || last[2] < "0.75" {
		t.Errorf("precision %s recall %s: below the floors", last[1], last[2])
	}
	for _, want := range []string{
		`TP f04 fabricated flagged "The statement ` + "`c.itemz[sku] += qty`",
		`TN t02 true       clear   "The panic is at line 42 of ` + "`cart.go`",
		// What a function is said to do, judged against its code.
		`TP f18 fabricated flagged "` + "`Catalog.Tagged` sorts its result with `sort.SliceStable`.",
		"Tagged and the functions it reaches never use SliceStable",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no line %q in\n%s", want, stdout)
		}
	}
	if !strings.Contains(stdout, "itemz") || !strings.Contains(stdout, "unknown_identifier") {
		t.Errorf("a flagged line should say what was wrong:\n%s", stdout)
	}
}

// TestCheckClaimsCounts checks the arithmetic on a tiny set: one
// fabrication flagged, one missed, one true sentence flagged.
func TestCheckClaimsCounts(t *testing.T) {
	file := filepath.Join(t.TempDir(), "claims.json")
	set := `{"about": "three sentences", "claims": [
 {"id": "a", "fabricated": true, "text": "` + "`NewCart` is declared in `catalog.go`." + `"},
 {"id": "b", "fabricated": true, "text": "` + "`Lookup` ignores the case of nothing at all." + `"},
 {"id": "c", "fabricated": false, "text": "` + "`Cart.Discount` is applied." + `"},
 {"id": "d", "fabricated": false, "text": "` + "`Cart.Add` fills the cart." + `"}]}`
	if err := os.WriteFile(file, []byte(set), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runEvals(t, nil, "checkclaims", "-dir", marketDir, "-claims", file)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	// TP 1 (a), FN 1 (b), FP 1 (c), TN 1 (d).
	if !strings.HasSuffix(stdout, "precision 0.50 recall 0.50 over 4 claims\n") {
		t.Errorf("totals:\n%s", stdout)
	}
	for _, want := range []string{"TP a ", "FN b ", "FP c ", "TN d "} {
		if !strings.Contains(stdout, "\n"+want) && !strings.HasPrefix(stdout, want) {
			t.Errorf("no line starting %q:\n%s", want, stdout)
		}
	}
}

// TestCheckClaimsBadInput: a missing directory, a directory without
// go.mod, a missing, malformed or incomplete claims file, and missing
// flags are clear errors with a non-zero exit and nothing on stdout.
func TestCheckClaimsBadInput(t *testing.T) {
	tmp := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := filepath.Join(marketDir, "claims.json")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing dir", []string{"-dir", filepath.Join(tmp, "nope"), "-claims", good}, "no such file or directory"},
		{"dir without go.mod", []string{"-dir", tmp, "-claims", good}, "no go.mod"},
		{"missing claims file", []string{"-dir", marketDir, "-claims", filepath.Join(tmp, "none.json")}, "no such file or directory"},
		{"malformed JSON", []string{"-dir", marketDir, "-claims", write("bad.json", `{"claims": [{"id": "a",`)}, "not a labelled claims file"},
		{"no label", []string{"-dir", marketDir, "-claims", write("nolabel.json", `{"claims": [{"id": "a", "text": "x"}]}`)}, `missing the label "fabricated"`},
		{"no claims", []string{"-dir", marketDir, "-claims", write("empty.json", `{"claims": []}`)}, "no claims"},
		{"unknown field", []string{"-dir", marketDir, "-claims", write("typo.json", `{"claims": [{"id": "a", "text": "x", "fabricated": true, "fabricatd": false}]}`)}, "unknown field"},
		{"no flags", nil, "one of -claims or -text are required"},
		{"both sets", []string{"-dir", marketDir, "-claims", good, "-text", good}, "one of -claims or -text are required"},
		{"missing text file", []string{"-dir", marketDir, "-text", filepath.Join(tmp, "none.md")}, "no such file or directory"},
		{"stray argument", []string{"-dir", marketDir, "-claims", good, "extra"}, `unexpected argument "extra"`},
	}
	for _, tc := range cases {
		code, stdout, stderr := runEvals(t, nil, append([]string{"checkclaims"}, tc.args...)...)
		if code == 0 || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want a non-zero exit and an error mentioning %q", tc.name, code, stdout, stderr, tc.want)
		}
	}
}

// TestCheckClaimsOfAnExplanation runs "evals checkclaims -text" on an
// explanation's text: each claim the market module contradicts is
// printed with why, then the count; a claim it supports is not printed.
func TestCheckClaimsOfAnExplanation(t *testing.T) {
	file := filepath.Join(t.TempDir(), "explanation.md")
	text := "### Unknown item\n\n`Catalog.Tagged` sorts its result with `sort.SliceStable`. `NewCart` is declared in `catalog.go`.\n\n- Check `Cart.Add`.\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runEvals(t, nil, "checkclaims", "-dir", marketDir, "-text", file)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
	last := regexp.MustCompile(`^(\d+) of (\d+) claims contradicted$`).FindStringSubmatch(lines[len(lines)-1])
	if last == nil || last[1] == "0" || len(lines)-1 != atoi(t, last[1]) {
		t.Fatalf("want one line per contradicted claim and the count:\n%s", stdout)
	}
	for _, want := range []string{"never use SliceStable", "NewCart"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no contradiction mentioning %q in\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "Cart.Add\t") {
		t.Errorf("a supported claim was printed:\n%s", stdout)
	}
}

// atoi is strconv.Atoi for a test's digits.
func atoi(t *testing.T, s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
