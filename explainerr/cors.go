package explainerr

import (
	"net/http"
	"strings"
)

// exposedReportHeader is the response header that carries a report's URL,
// which a page of the developer's own on another origin may read.
const exposedReportHeader = "X-Explainerr-Report"

// reportCORS fits the CORS headers the app (or its CORS middleware) set on
// h to a report response. A page of the developer's own, such as a
// front-end dev server on another localhost port, keeps them and may also
// read the report header; to anyone else a report carries no
// Access-Control-* header, so no other page's script can read it, however
// permissive the app's CORS settings are.
func reportCORS(h http.Header, admit admission) {
	if admit.ownOrigin {
		exposeReportHeader(h)
		return
	}
	for k := range h {
		if len(k) >= len("Access-Control-") && strings.EqualFold(k[:len("Access-Control-")], "Access-Control-") {
			delete(h, k)
		}
	}
}

// exposeReportHeader lets a page of the developer's own that the app's
// CORS headers on h admit read the report header.
func exposeReportHeader(h http.Header) {
	if len(h["Access-Control-Allow-Origin"]) > 0 && !exposes(h, exposedReportHeader) {
		h.Add("Access-Control-Expose-Headers", exposedReportHeader)
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
