package stack

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/crashdumps"
)

// TestParseDumpIssueDumps reads the dumps pasted in GitHub issues of
// testdata/issuedumps and checks each against its labels: the failing
// goroutine, its app frames in order, the culprit, the header, the
// message and the warnings.
func TestParseDumpIssueDumps(t *testing.T) {
	dir := filepath.Join("testdata", "issuedumps")
	for _, l := range crashdumps.LoadDir(t, dir) {
		t.Run(l.File, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, l.File))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			d, err := ParseDump(f, NewClassifier(l.AppModule))
			if err != nil {
				t.Fatal(err)
			}
			if l.FailingGoroutine != nil && d.Goroutine != *l.FailingGoroutine {
				t.Errorf("goroutine %d failed, want %d (%s)", d.Goroutine, *l.FailingGoroutine, d.Reason)
			}
			var apps []string
			for _, fr := range d.Frames {
				if fr.Kind == report.FrameApp {
					apps = append(apps, fr.Function)
				}
			}
			if !slices.Equal(apps, l.AppFrames) && len(apps)+len(l.AppFrames) > 0 {
				t.Errorf("app frames:\n got %q\nwant %q\nframes: %+v", apps, l.AppFrames, d.Frames)
			}
			culprit := ""
			if len(apps) > 0 {
				culprit = apps[0]
			}
			if culprit != l.CulpritFunction {
				t.Errorf("culprit %q, want %q", culprit, l.CulpritFunction)
			}
			if l.Header != "" && (len(d.Header) == 0 || d.Header[0] != l.Header) {
				t.Errorf("header %q, want %q first", d.Header, l.Header)
			}
			if l.Message != "" && !strings.Contains(d.Message, l.Message) {
				t.Errorf("message %q, want one with %q", d.Message, l.Message)
			}
			if l.Warning != "" && !slices.ContainsFunc(d.Warnings, func(w string) bool { return strings.Contains(w, l.Warning) }) {
				t.Errorf("warnings %q, want one with %q", d.Warnings, l.Warning)
			}
		})
	}
}
