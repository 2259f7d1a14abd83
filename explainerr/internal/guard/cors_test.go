package guard

import (
	"net/http"
	"testing"
)

func TestReportCORSKeepsOwnPagesHeadersAndDropsOthers(t *testing.T) {
	appHeaders := func() http.Header {
		return http.Header{
			"Access-Control-Allow-Origin": {"*"},
			"Access-Control-Max-Age":      {"600"},
			"Content-Type":                {"text/html"},
		}
	}
	foreign := appHeaders()
	ReportCORS(foreign, Admission{})
	if len(foreign) != 1 || foreign.Get("Content-Type") == "" {
		t.Errorf("for a foreign page the report keeps %v, want Content-Type only", foreign)
	}
	own := appHeaders()
	ReportCORS(own, Admission{ownOrigin: true})
	if own.Get("Access-Control-Allow-Origin") != "*" || own.Get("Access-Control-Expose-Headers") != ReportHeader {
		t.Errorf("for the developer's own page the report has %v, want the app's CORS and %s exposed", own, ReportHeader)
	}
	ExposeReportHeader(own)
	if n := len(own["Access-Control-Expose-Headers"]); n != 1 {
		t.Errorf("exposing twice listed the header %d times", n)
	}
}
