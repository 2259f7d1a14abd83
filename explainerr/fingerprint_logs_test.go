package explainerr_test

import (
	"log"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Two failures at the same http.Error call with the same generic body are
// different bugs when they logged different errors: they must not share a
// fingerprint, or the second would get the first's cached explanation.
func TestFingerprintTellsFailuresApartByWhatTheyLogged(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	ex := newExplainer(t)
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Printf("loading cart: %s", r.URL.Query().Get("cause"))
		http.Error(w, "internal error", http.StatusInternalServerError)
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()

	locked := fetchReport(t, srv.Client(), srv.URL+"/?cause=database+is+locked")
	missing := fetchReport(t, srv.Client(), srv.URL+"/?cause=no+such+table")
	again := fetchReport(t, srv.Client(), srv.URL+"/?cause=database+is+locked")
	if locked.Fingerprint == "" || locked.Fingerprint == missing.Fingerprint {
		t.Errorf("fingerprints %q and %q: different logged errors must differ", locked.Fingerprint, missing.Fingerprint)
	}
	if locked.Fingerprint != again.Fingerprint {
		t.Errorf("the same failure logged the same way got fingerprints %q and %q", locked.Fingerprint, again.Fingerprint)
	}
}

// The same bug keeps its fingerprint when the way it is explained changes
// (the history counted it twice after retrieval was turned on), while the
// explanation's cache still keeps the modes apart (engine's cacheKey).
func TestFingerprintDoesNotDependOnTheMode(t *testing.T) {
	rep := report.Report{
		Error:  report.Error{Kind: report.KindPanic, Type: "runtime.Error", Message: "assignment to entry in nil map"},
		Frames: []report.Frame{{Function: "main.handle", File: "/app/main.go", Line: 12, Kind: report.FrameApp}},
	}
	static, rag := rep, rep
	static.Mode, rag.Mode = report.ModeStatic, report.ModeRAG
	if explainerr.Fingerprint(&static) != explainerr.Fingerprint(&rag) {
		t.Error("the same failure got different fingerprints in static and rag mode")
	}
}
