package ginapp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// The pinned gin must be one whose writer has no Unwrap, or these tests
// test nothing new.
func TestThisGinsWriterHasNoUnwrap(t *testing.T) {
	var w gin.ResponseWriter
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/", func(c *gin.Context) { w = c.Writer })
	reporttest.Serve(r, http.MethodGet, "/", "")
	if _, ok := w.(interface{ Unwrap() http.ResponseWriter }); ok || w == nil {
		t.Fatalf("gin's writer %T has Unwrap: pin a gin older than v1.9 in go.mod", w)
	}
}

func TestAFuncsReturnedErrorReachesTheReportThroughGinsWriter(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEngine()), http.MethodGet, "/exports/3", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindError || rep.Error.Message != "exports are switched off" || rep.Error.HandedOver {
		t.Errorf("error %+v, want the error export returned", rep.Error)
	}
	if f := rep.InnermostApp(); f == nil || !strings.HasSuffix(f.Function, "/gin.export") {
		t.Errorf("innermost app frame %+v, want export", f)
	}
	if rep.Request.Route != "/exports/:id" {
		t.Errorf("route %q", rep.Request.Route)
	}
}

func TestAnAbortedErrorReachesTheReportThroughGinsWriter(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEngine()), http.MethodGet, "/invoices/9", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindError || rep.Error.Message != "the invoice store is read-only" || !rep.Error.HandedOver {
		t.Errorf("error %+v, want the error invoice gave gin, handed over", rep.Error)
	}
	if rep.Request.Route != "/invoices/:id" {
		t.Errorf("route %q", rep.Request.Route)
	}
}

// Without explainerr (a production build), gin answers as it does.
func TestWithoutExplainerrGinAnswers(t *testing.T) {
	for _, path := range []string{"/exports/3", "/invoices/9"} {
		rec := reporttest.Serve(newEngine(), http.MethodGet, path, "")
		if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), "store") || strings.Contains(rec.Body.String(), "exports") {
			t.Errorf("%s: status %d, body %q", path, rec.Code, rec.Body)
		}
	}
}
