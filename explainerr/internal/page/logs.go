package page

import (
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// writeMarkdownLogs writes the lines the request wrote to log and slog.
func writeMarkdownLogs(b *strings.Builder, logs []report.LogLine, cut bool) {
	if len(logs) == 0 {
		return
	}
	b.WriteString("## What the request logged\n\n")
	if cut {
		fmt.Fprintf(b, "The newest %d lines, oldest first (earlier lines left out):\n\n", len(logs))
	}
	var t strings.Builder
	for _, l := range logs {
		t.WriteString(l.Text + "\n")
	}
	fenced(b, "text", t.String())
}
