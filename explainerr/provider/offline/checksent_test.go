package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestCheckOfAValueTheRequestDidNotSend: a CHECK constraint broken by a
// column the request carries no field for is the app's value, not input
// to validate; one the request sent is.
func TestCheckOfAValueTheRequestDidNotSend(t *testing.T) {
	frame := report.Frame{Function: "main.addLink", File: "/app/links.go", Line: 20, Kind: report.FrameApp}
	msg := "save link: CHECK constraint failed: datetime(creation_time) IS NOT NULL"
	r := statusReport(msg, frame)
	r.Request.Body = `{"label": "for bob", "max_file_bytes": 100}`
	text := Analyze(r)
	mustHave(t, text, "The request sends no `creation_time`", "Set `creation_time` to a value the rule accepts")
	mustLack(t, text, "answer 400 Bad Request")

	r = statusReport(msg, frame)
	r.Request.Body = `{"label": "for bob", "creationTime": "yesterday"}`
	text = Analyze(r)
	mustHave(t, text, "answer 400 Bad Request")
	mustLack(t, text, "The request sends no")
}
