package failureclass

import "testing"

// TestLogTextLeavesOutTheStandardLoggersPrefix: the standard logger's
// date, time and file (Lshortfile, Llongfile) are not the line's text; a
// structured line keeps its words, and a line without that prefix is
// kept whole.
func TestLogTextLeavesOutTheStandardLoggersPrefix(t *testing.T) {
	for line, want := range map[string]string{
		"2026/12/02 15:32:12.776836 campaigns.go:200: error creating campaign: pq: boom": "error creating campaign: pq: boom",
		"2026/12/02 15:32:12 /app/core/campaigns.go:200: error creating campaign":        "error creating campaign",
		"2026/12/02 15:32:12 error creating campaign":                                    "error creating campaign",
		"campaigns.go:200: said as the message":                                          "campaigns.go:200: said as the message",
	} {
		if got := LogText(line); got != want {
			t.Errorf("LogText(%q) = %q, want %q", line, got, want)
		}
	}
}
