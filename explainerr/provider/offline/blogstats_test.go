package offline_test

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
)

// TestBlogStatsAdvisesNoLock: the blog's /stats handler makes its
// SiteStats afresh for each request, so the explanation of its nil map
// advises no lock and says why none is needed.
func TestBlogStatsAdvisesNoLock(t *testing.T) {
	rep := fixtureReport(t, blogHandler(t, ""), fixture.Fixture{Method: "GET", Path: "/stats", ExpectedStatus: 500})
	text := rep.Explanation.Text
	for _, unwanted := range []string{"sync.Mutex", "that serves them"} {
		if strings.Contains(text, unwanted) {
			t.Errorf("the explanation says %q:\n%s", unwanted, text)
		}
	}
	for _, want := range []string{"`stats` is made at `(*Server).handleStats`", "needs no lock", "NewSiteStats"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
}
