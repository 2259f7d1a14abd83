package explainerr_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// The live error page points at the report's own page, where it is kept
// with the failure history.
func TestErrorPageLinksToItsReportPage(t *testing.T) {
	ex := reporttest.Explainer(t, explainerr.WithProviderName("offline"))
	rec := reporttest.Serve(ex.Middleware(http.HandlerFunc(linkSite)), http.MethodGet, "/tags", "text/html")
	path := rec.Header().Get("X-Explainerr-Report")
	if !strings.HasPrefix(path, "/_explainerr/reports/") {
		t.Fatalf("report header %q", path)
	}
	body := rec.Body.String()
	if !strings.Contains(body, `This report is kept at <a href="`+path+`">`) {
		t.Error("the page does not link to its report page")
	}
	if strings.Contains(body, "follow-up question") {
		t.Error("without a model, the page offers a follow-up")
	}
	if !strings.Contains(body, `href="/_explainerr/">`) {
		t.Error("the page does not link to the failure history")
	}
}

// With a model, the live page says the follow-up question is asked there.
func TestErrorPageWithAModelPointsToTheFollowUp(t *testing.T) {
	rig := newAskRig(t, func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("unused") })
	page := sendTo(t, http.MethodGet, rig.base+"/boom", "", map[string]string{"Accept": "text/html"})
	if !strings.Contains(page.body, "where you can ask the model a follow-up question about it") {
		t.Errorf("the live page does not point to the follow-up:\n%.300s", page.body[max(0, strings.Index(page.body, "This report")):])
	}
}
