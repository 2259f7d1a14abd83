package page

import (
	"bytes"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestPagesFromTheBufferPoolHoldOnlyTheirOwnReport: the top parts of
// pages written one after another, from buffers used again, each hold
// their own report and nothing of the one before, however much longer
// it was; and a page written again is the same bytes.
func TestPagesFromTheBufferPoolHoldOnlyTheirOwnReport(t *testing.T) {
	long := &report.Report{Error: report.Error{Kind: report.KindPanic, Message: "first failure " + strings.Repeat("lengthy-detail ", 4000)}, Status: 500}
	short := &report.Report{Error: report.Error{Kind: report.KindError, Message: "second failure"}, Status: 500}
	var pages [3]bytes.Buffer
	for i, r := range []*report.Report{long, short, short} {
		if err := startReport(&pages[i], r, "nonce"); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(pages[0].String(), "first failure") {
		t.Error("the first page lacks its report")
	}
	second := pages[1].String()
	if !strings.Contains(second, "second failure") || strings.Contains(second, "first failure") || strings.Contains(second, "lengthy-detail") {
		t.Errorf("the second page does not hold only its own report (%d bytes)", len(second))
	}
	if pages[2].String() != second {
		t.Error("the same report written again gave other bytes")
	}
}
