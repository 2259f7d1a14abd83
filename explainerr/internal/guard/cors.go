package guard

import (
	"net/http"
	"strings"
)

// ReportHeader is the response header that carries a report's URL,
// which a page of the developer's own on another origin may read.
const ReportHeader = "X-Explainerr-Report"

// ReportCORS fits the CORS headers the app (or its CORS middleware) set on
// h to a report response. A page of the developer's own, such as a
// front-end dev server on another localhost port, keeps them and may also
// read the report header; to anyone else a report carries no
// Access-Control-* header, so no other page's script can read it, however
// permissive the app's CORS settings are.
func ReportCORS(h http.Header, admit Admission) {
	if admit.ownOrigin {
		ExposeReportHeader(h)
		return
	}
	for k := range h {
		if len(k) >= len("Access-Control-") && strings.EqualFold(k[:len("Access-Control-")], "Access-Control-") {
			delete(h, k)
		}
	}
}

// ExposeReportHeader lets a page of the developer's own that the app's
// CORS headers on h admit read the report header.
func ExposeReportHeader(h http.Header) {
	if len(h["Access-Control-Allow-Origin"]) > 0 && !exposes(h, ReportHeader) {
		h.Add("Access-Control-Expose-Headers", ReportHeader)
	}
}

// exposes reports whether h's Access-Control-Expose-Headers already lists
// name (or "*").
func exposes(h http.Header, name string) bool {
	for _, v := range h["Access-Control-Expose-Headers"] {
		for _, n := range strings.Split(v, ",") {
			n = strings.TrimSpace(n)
			if n == "*" || strings.EqualFold(n, name) {
				return true
			}
		}
	}
	return false
}
