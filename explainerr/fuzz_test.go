package explainerr_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// FuzzFingerprint checks that the fingerprint of a failure does not change
// when only the numbers in its message do (ids, counts, addresses), and
// that NormalizeMessage is idempotent and bounded. Seeds live in
// testdata/fuzz/FuzzFingerprint.
func FuzzFingerprint(f *testing.F) {
	f.Add("runtime error: index out of range [%d] with length %d", uint64(7), uint64(123456))
	f.Add("post %d not found at 0x%x", uint64(1), uint64(0xc000123456))
	f.Add("sql: no rows in result set", uint64(0), uint64(99))
	f.Add("request %d failed: "+strings.Repeat("upstream said no; ", 150), uint64(5), uint64(5555555))
	f.Fuzz(func(t *testing.T, format string, a, b uint64) {
		if len(format) > 8192 || strings.Count(format, "%") > 8 {
			return
		}
		msg := func(n uint64) string {
			// Numbers stand apart from the text around them, as ids and
			// counts do in real messages.
			s := strings.ReplaceAll(format, "%d", fmt.Sprintf(" %d ", n))
			return strings.ReplaceAll(s, "%x", fmt.Sprintf(" 0x%x ", n))
		}
		ma, mb := msg(a), msg(b)
		na, nb := explainerr.NormalizeMessage(ma), explainerr.NormalizeMessage(mb)
		if na != nb {
			t.Fatalf("messages differing only in numbers normalise differently:\n %q\n %q", na, nb)
		}
		if again := explainerr.NormalizeMessage(na); again != na {
			t.Fatalf("NormalizeMessage is not idempotent: %q then %q", na, again)
		}
		if len(na) > 2000 {
			t.Fatalf("normalised message of %d bytes", len(na))
		}
		rep := func(m string) *report.Report {
			return &report.Report{
				Error:  report.Error{Kind: report.KindPanic, Type: "*errors.errorString", Message: m},
				Frames: []report.Frame{{Function: "example.com/app.F", File: "/src/app.go", Line: 12, Kind: report.FrameApp}},
				Mode:   report.ModePlain,
			}
		}
		if fa, fb := explainerr.Fingerprint(rep(ma)), explainerr.Fingerprint(rep(mb)); fa != fb {
			t.Fatalf("fingerprints differ (%s, %s) for messages that differ only in numbers:\n %q\n %q", fa, fb, ma, mb)
		}
		other := rep(ma)
		other.Frames[0].Line = 13
		if explainerr.Fingerprint(other) == explainerr.Fingerprint(rep(ma)) {
			t.Fatal("a different failing line has the same fingerprint")
		}
	})
}
