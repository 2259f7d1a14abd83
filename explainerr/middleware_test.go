package explainerr_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

func newExplainer(t *testing.T, opts ...explainerr.Option) *explainerr.Explainer {
	t.Helper()
	return reporttest.Explainer(t, opts...)
}

// get serves one request through h from a loopback client and returns the
// recorder.
func get(h http.Handler, method, target, accept string) *httptest.ResponseRecorder {
	return reporttest.Serve(h, method, target, accept)
}

func decodeReport(t *testing.T, rec *httptest.ResponseRecorder) report.Report {
	t.Helper()
	return reporttest.Decode(t, rec)
}

func explodingLookup(m map[string]*int, k string) int {
	return *m[k] // nil pointer dereference when k is missing
}

func TestPanicJSONReport(t *testing.T) {
	ex := newExplainer(t)
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		explodingLookup(map[string]*int{}, "missing")
	}))
	rec := get(h, "GET", "/things/1?page=2", "application/json")
	if rec.Code != 500 {
		t.Fatalf("status = %d", rec.Code)
	}
	rep := decodeReport(t, rec)
	if rep.Error.Kind != report.KindPanic || rep.Error.Type != "runtime.errorString" && !strings.Contains(rep.Error.Type, "runtime.") {
		t.Errorf("error = %+v", rep.Error)
	}
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, ".explodingLookup") {
		t.Fatalf("innermost app frame = %+v; frames %+v", f, rep.Frames)
	}
	if rep.Frames[0].Function != f.Function {
		t.Errorf("first frame is %s, want the panic site (runtime machinery hidden)", rep.Frames[0].Function)
	}
	if f.Source == nil || !strings.Contains(f.Source.LineText(), "*m[k]") {
		t.Errorf("source of the panic site = %+v", f.Source)
	}
	if !strings.Contains(rep.Prompt.User, "explodingLookup") || !strings.Contains(rep.Prompt.User, "*m[k]") {
		t.Errorf("prompt lacks the app frame:\n%s", rep.Prompt.User)
	}
	if rep.Request.Query["page"][0] != "2" || rep.Fingerprint == "" || rep.Mode != report.ModeStatic {
		t.Errorf("request/fingerprint/mode = %+v %q %q", rep.Request, rep.Fingerprint, rep.Mode)
	}
	if rep.Explanation.Provider != "offline" || rep.Explanation.Text == "" {
		t.Errorf("explanation = %+v", rep.Explanation)
	}
}
