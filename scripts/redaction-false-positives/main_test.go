package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportCountsHiddenSpans measures a made-up module and log: the span
// the allow-list names is a secret, the others are false positives, and
// the figures per 10,000 lines follow from the counts.
func TestReportCountsHiddenSpans(t *testing.T) {
	var out strings.Builder
	err := report(&out, []string{"tuned: module=testdata/module", "log: app=testdata/app.log"}, "testdata/allow.txt", true)
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"tuned: module                                     2       13       2        1    769.23",
		"log: app                                          1        2       1        0   5000.00",
		"all tuned                                         2       13       2        1    769.23",
		"sub/secrets.go:7: 1 hidden",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "clean.go:") || strings.Contains(got, "secrets.go:5:") {
		t.Errorf("a line without a false positive is listed:\n%s", got)
	}
}

// TestReportRefusesBadInput: an allow-list entry without a reason, an
// argument that is not name=path and a missing path are errors.
func TestReportRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	noReason := filepath.Join(dir, "allow.txt")
	if err := os.WriteFile(noReason, []byte("a.go\tconst x\t \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		allow string
		want  string
	}{
		{[]string{"m=testdata/module"}, noReason, "want path-suffix<TAB>text<TAB>reason"},
		{[]string{"testdata/module"}, "testdata/allow.txt", "is not name=path"},
		{[]string{"m=testdata/missing"}, "testdata/allow.txt", "no such file"},
	} {
		err := report(&strings.Builder{}, c.args, c.allow, false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("report(%q, %s): err = %v, want %q", c.args, c.allow, err, c.want)
		}
	}
}
