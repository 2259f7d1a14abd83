package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunWritesTheTableAndSamples runs the generator on a made-up
// checkout in testdata: rules that compile are kept with a positive (the
// rule's own sample when one matches, else one made from its expression)
// and their false-positive samples; a rule with a lookbehind, a
// path-only rule and the generic rule are left out and listed.
func TestRunWritesTheTableAndSamples(t *testing.T) {
	dir := t.TempDir()
	table, samples := filepath.Join(dir, "providers.txt"), filepath.Join(dir, "samples.txt")
	if err := run("testdata/gitleaks", "test", table, samples); err != nil {
		t.Fatal(err)
	}
	tb := read(t, table)
	for _, want := range []string{
		"# 2 rules kept; 3 left out:",
		"#   generic-api-key: generic high-entropy rule",
		"#   lookbehind-token: uses a lookaround, which RE2 lacks",
		"#   pkcs12-file: matches file paths only",
		"rule\tacme-api-token\tacme_\t3\t0\t\\b(acme_[a-z0-9]{32})",
		"rule\twidget-secret\twidget\t0\t0\t(?i)",
		"allow\tsecret\tOR\t\"^0+$\"\t\"example\"",
		"MIT License",
	} {
		if !strings.Contains(tb, want) {
			t.Errorf("the table lacks %q:\n%s", want, tb)
		}
	}
	sm := read(t, samples)
	for _, want := range []string{
		"hide\tacme-api-token\town\t\"token = \\\"acme_0123456789abcdefghijklmnopqrstuv\\\"\"",
		"keep\tacme-api-token\tgitleaks\t\"acme_short\"",
		"keep\tacme-api-token\tgitleaks\t\"ACME_0123456789ABCDEFGHIJKLMNOPQRSTUV\"",
		"hide\twidget-secret\tgenerated\t",
		"keep\twidget-secret\tgitleaks\t\"widget = \\\"000000000000000000000000\\\"\"",
	} {
		if !strings.Contains(sm, want) {
			t.Errorf("the samples lack %q:\n%s", want, sm)
		}
	}
}

// TestRunRefusesWhatIsNoCheckout: a directory without gitleaks'
// configuration is refused with a clear error, and nothing is written.
func TestRunRefusesWhatIsNoCheckout(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "providers.txt")
	err := run(dir, "", table, filepath.Join(dir, "samples.txt"))
	if err == nil || !strings.Contains(err.Error(), "want a gitleaks checkout") {
		t.Fatalf("err = %v, want one saying a gitleaks checkout is wanted", err)
	}
	if _, err := os.Stat(table); !os.IsNotExist(err) {
		t.Errorf("a table was written for a directory that is no checkout")
	}
}

// TestParseRulesRejectsBrokenTOML: a malformed configuration is an error
// naming its line, not a table with holes.
func TestParseRulesRejectsBrokenTOML(t *testing.T) {
	for _, text := range []string{
		"[[rules]]\nid = \"x\"\nregex = '''abc\n",
		"[[rules]]\nid = \"x\"\nkeywords = [\"a\", \n",
		"[[rules]]\njust words\n",
		"[[rules.allowlists]]\nregexes = ['''a''']\n",
	} {
		if _, err := parseRules(text); err == nil || !strings.Contains(err.Error(), "line") {
			t.Errorf("parseRules(%q): err = %v, want one naming a line", text, err)
		}
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRunLeavesTheOldFilesOnFailure: when the samples cannot be written,
// the table already there is left as it was, and no half-written file
// stays beside it.
func TestRunLeavesTheOldFilesOnFailure(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "providers.txt")
	if err := os.WriteFile(table, []byte("old table\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run("testdata/gitleaks", "", table, filepath.Join(dir, "missing", "samples.txt"))
	if err == nil {
		t.Fatal("no error for a samples file in a missing directory")
	}
	if got := read(t, table); got != "old table\n" {
		t.Errorf("the old table was replaced by:\n%s", got)
	}
	if _, err := os.Stat(table + ".new"); !os.IsNotExist(err) {
		t.Errorf("a half-written table stays beside the old one")
	}
}
