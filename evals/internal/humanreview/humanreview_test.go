package humanreview

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSheetRoundTripAndAgreement(t *testing.T) {
	items := []Item{
		{ID: "1", Claim: "names `Store.FeaturedPost`", JudgeVerdict: "verified", Evidence: "p, err := s.store.FeaturedPost()", SourceLines: "blogapp/handlers.go:12: p, err := s.store.FeaturedPost()"},
		{ID: "2", Claim: "=HYPERLINK(\"x\")", JudgeVerdict: "contradicted", Evidence: "return nil, err"},
		{ID: "3", Claim: "the seed has no post", JudgeVerdict: "absent"},
		{ID: "4", Claim: "line, with \"quotes\"\nand a newline", JudgeVerdict: "verified"},
	}
	path := filepath.Join(t.TempDir(), "sheet.csv")
	if err := Write(path, items); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), ",=HYPERLINK") {
		t.Error("a cell a spreadsheet would run as a formula was written as is")
	}
	// A reviewer fills two rows in (as a spreadsheet would save them)
	// and leaves the others.
	filled := fill(t, string(data), map[string][2]string{"1": {"Verified", ""}, "2": {"verified", "the judge misread"}})
	got, err := Read(strings.NewReader(filled))
	if err != nil {
		t.Fatalf("%v\n%s", err, filled)
	}
	if len(got) != 4 || got[3].Claim != items[3].Claim || got[0].HumanVerdict != "verified" || got[1].HumanNote != "the judge misread" {
		t.Fatalf("read back %+v", got)
	}
	a := Compare(got)
	if a.Rows != 4 || a.Reviewed != 2 || a.Agree.K != 1 || a.Agree.N != 2 || a.Agree.Lo <= 0 || a.Agree.Hi >= 1 {
		t.Errorf("agreement %+v", a)
	}
	if a.Confusion["contradicted"]["verified"] != 1 || a.ByJudgeVerdict["verified"].K != 1 {
		t.Errorf("confusion %v, by verdict %v", a.Confusion, a.ByJudgeVerdict)
	}
	var out bytes.Buffer
	a.Write(&out)
	if !strings.Contains(out.String(), "2 of 4 claims reviewed") || !strings.Contains(out.String(), "1/2 = 0.50 (95% Wilson CI") {
		t.Errorf("report:\n%s", out.String())
	}
}

func TestBadSheetsAreClearErrors(t *testing.T) {
	if _, err := Read(strings.NewReader("a,b\n1,2\n")); err == nil || !strings.Contains(err.Error(), "header") {
		t.Errorf("wrong header: %v", err)
	}
	row := strings.Join(Header, ",") + "\n" + "x1,1,f,1,rag-first,rag,c,verified,e,s,maybe,\n"
	if _, err := Read(strings.NewReader(row)); err == nil || !strings.Contains(err.Error(), `row 2 (id x1): human_verdict "maybe"`) {
		t.Errorf("bad verdict: %v", err)
	}
}

// fill sets human_verdict and human_note of the rows with the given ids.
func fill(t *testing.T, sheet string, verdicts map[string][2]string) string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(sheet)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs[1:] {
		if v, ok := verdicts[r[0]]; ok {
			r[10], r[11] = v[0], v[1]
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(recs)
	return b.String()
}
