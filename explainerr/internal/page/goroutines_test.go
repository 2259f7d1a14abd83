package page

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// crashWithGoroutines is a deadlock report: the failing goroutine's
// creator and another goroutine waiting in app code.
func crashWithGoroutines() *report.Report {
	return &report.Report{
		Error: report.Error{Kind: report.KindCrash, Type: "fatal error", Message: "fatal error: all goroutines are asleep - deadlock!"},
		Frames: []report.Frame{
			{Function: "example.com/shop/jobs.(*Pool).Drain", File: "/home/dev/shop/jobs/pool.go", Line: 58, Kind: report.FrameApp},
		},
		CreatedBy: &report.Frame{Function: "example.com/shop/jobs.(*Pool).Run", File: "/home/dev/shop/jobs/pool.go", Line: 20, Kind: report.FrameApp},
		Goroutines: []report.Goroutine{{
			ID: 20, State: "sync.Mutex.Lock", Count: 3,
			Frames: []report.Frame{
				{Function: "sync.(*Mutex).Lock", File: "/usr/local/go/src/sync/mutex.go", Line: 90, Kind: report.FrameStdlib},
				{Function: "example.com/shop/jobs.(*Pool).report<script>", File: "/home/dev/shop/jobs/pool.go", Line: 70, Kind: report.FrameApp},
			},
			CreatedBy: &report.Frame{Function: "example.com/shop/jobs.(*Pool).Start", File: "/home/dev/shop/jobs/pool.go", Line: 32, Kind: report.FrameApp},
		}},
	}
}

// TestPageShowsCreatorAndBlockedGoroutines checks that the page and the
// Markdown report show the failing goroutine's creator and every other
// goroutine waiting in app code, escaped.
func TestPageShowsCreatorAndBlockedGoroutines(t *testing.T) {
	r := crashWithGoroutines()
	var b strings.Builder
	if err := startReport(&b, r, "n0nce"); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		`<span class="muted">created by</span>`,
		`title="example.com/shop/jobs.(*Pool).Run"`,
		`<section class="goroutines" id="goroutines">`,
		`goroutine 20 [sync.Mutex.Lock]`,
		`and 2 more the same way`,
		`title="example.com/shop/jobs.(*Pool).Start"`,
		`(*Pool).report&lt;script&gt;`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(html, "report<script>") {
		t.Error("a function name went out unescaped")
	}
	md := markdownOf(r)
	for _, want := range []string{
		"created by (app) example.com/shop/jobs.(*Pool).Run\n      /home/dev/shop/jobs/pool.go:20",
		"## Other stacks in the app's code",
		"goroutine 20 [sync.Mutex.Lock] (and 2 more the same way):",
		"created by example.com/shop/jobs.(*Pool).Start\n      /home/dev/shop/jobs/pool.go:32",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}

// TestPageWithoutGoroutines checks that a request failure shows neither
// section.
func TestPageWithoutGoroutines(t *testing.T) {
	r := crashWithGoroutines()
	r.CreatedBy, r.Goroutines = nil, nil
	var b strings.Builder
	if err := startReport(&b, r, "n0nce"); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "created by") || strings.Contains(b.String(), `id="goroutines"`) {
		t.Error("empty creator or goroutines shown")
	}
}
