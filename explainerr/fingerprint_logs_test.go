package explainerr_test

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"sync"
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

// The same bug answered in the format each client asked for (an HTML page
// to a browser, JSON to a script) is one failure: the request's log lines,
// not the body, tell it apart from others.
func TestFingerprintIgnoresTheFormatOfTheAppsErrorBody(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	ex := newExplainer(t)
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Printf("update dial: %s", r.URL.Query().Get("cause"))
		if r.Header.Get("Accept") == "application/json" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			w.Write([]byte(`{"error":"Internal error."}`))
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte("<!DOCTYPE html><h1>An error has occurred.</h1><p>Internal error.</p>"))
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	// Each failure's report, as its X-Explainerr-Report link gives it.
	get := func(url, accept string) report.Report {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Accept", accept)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		link := resp.Header.Get("X-Explainerr-Report")
		if link == "" {
			t.Fatalf("%s (%s): no report link", url, accept)
		}
		req, _ = http.NewRequest("GET", srv.URL+link, nil)
		req.Header.Set("Accept", "application/json")
		resp, err = srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var rep report.Report
		if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil {
			t.Fatalf("report %s: %v", link, err)
		}
		return rep
	}
	page := get(srv.URL+"/?cause=no+such+column", "text/html")
	api := get(srv.URL+"/?cause=no+such+column", "application/json")
	other := get(srv.URL+"/?cause=database+is+locked", "application/json")
	if page.Fingerprint == "" || page.Fingerprint != api.Fingerprint {
		t.Errorf("the same failure as HTML and as JSON got fingerprints %q and %q", page.Fingerprint, api.Fingerprint)
	}
	if other.Fingerprint == api.Fingerprint {
		t.Errorf("failures that logged different errors share fingerprint %q", api.Fingerprint)
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

// The same bug hit with different input is one failure: a handler that
// rejects each unknown format with the format in its message, through the
// middleware, gets one fingerprint for "pdf", "x" and an HTML payload.
func TestFingerprintIgnoresTheInputInTheMessage(t *testing.T) {
	quietLogs(t)
	ex := newExplainer(t)
	h := ex.Middleware(explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return fmt.Errorf("exporting post 7: unknown format %q", r.URL.Query().Get("format"))
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	var prints []string
	for _, format := range []string{"pdf", "x", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"} {
		rep := fetchReport(t, srv.Client(), srv.URL+"/?format="+format)
		prints = append(prints, rep.Fingerprint)
	}
	if prints[0] == "" || prints[0] != prints[1] || prints[1] != prints[2] {
		t.Errorf("one bug hit with three inputs got fingerprints %q", prints)
	}
}

// An edit elsewhere in the file moves the failing line; the failure is
// the same one. A different failing line is another.
func TestFingerprintFollowsTheLineNotItsNumber(t *testing.T) {
	rep := func(line int, text string) *report.Report {
		return &report.Report{
			Error: report.Error{Kind: report.KindPanic, Type: "runtime.boundsError", Message: "runtime error: index out of range [1] with length 1"},
			Frames: []report.Frame{{Function: "example.com/app.search", File: "/src/app/search.go", Line: line, Kind: report.FrameApp,
				Source: &report.Source{StartLine: line - 1, Lines: []string{"\tparts := strings.SplitN(q, \":\", 2)", text}, Line: line}}},
		}
	}
	moved := explainerr.Fingerprint(rep(40, "\tfield, value := parts[0], parts[1]"))
	if was := explainerr.Fingerprint(rep(37, "\tfield, value := parts[0], parts[1]")); was != moved {
		t.Errorf("the same line moved by an edit above it got fingerprints %q and %q", was, moved)
	}
	if other := explainerr.Fingerprint(rep(40, "\tkey := parts[1]")); other == moved {
		t.Error("another failing line got the same fingerprint")
	}
}

// A structured logger's record carries a time and a request ID that change
// with every request: the same failure logged again keeps its
// fingerprint, and another error logged the same way gets another.
func TestFingerprintReadsStructuredRecords(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	ex := newExplainer(t)
	var n int
	var mu sync.Mutex
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		id := n
		mu.Unlock()
		fmt.Fprintf(explainerr.LogWriter(), `{"level":"error","ts":%d.5,"request_id":"req-%d","msg":"loading cart","error":%q}`+"\n", 1764583200+id, id, r.URL.Query().Get("cause"))
		http.Error(w, "internal error", http.StatusInternalServerError)
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()

	locked := fetchReport(t, srv.Client(), srv.URL+"/?cause=database+is+locked")
	missing := fetchReport(t, srv.Client(), srv.URL+"/?cause=no+such+table")
	again := fetchReport(t, srv.Client(), srv.URL+"/?cause=database+is+locked")
	if len(locked.Logs) == 0 {
		t.Fatal("the record was not captured")
	}
	if locked.Fingerprint == "" || locked.Fingerprint == missing.Fingerprint {
		t.Errorf("fingerprints %q and %q: different logged errors must differ", locked.Fingerprint, missing.Fingerprint)
	}
	if locked.Fingerprint != again.Fingerprint {
		t.Errorf("the same failure logged at another time got fingerprints %q and %q", locked.Fingerprint, again.Fingerprint)
	}
}
