package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// failMarker marks the failing line in the test sources; it is removed.
const failMarker = "//!"

// appFrame builds an app frame for the function fn in file from src, a
// whole Go file whose failing line carries failMarker. The frame gets a
// window of five lines on each side, as the middleware builds it.
func appFrame(t *testing.T, fn, file, src string) report.Frame {
	t.Helper()
	lines := strings.Split(strings.TrimPrefix(src, "\n"), "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, failMarker) {
			if line != 0 {
				t.Fatalf("%s: two failing lines", file)
			}
			line = i + 1
			lines[i] = strings.TrimRight(strings.Replace(l, failMarker, "", 1), " \t")
		}
	}
	if line == 0 {
		t.Fatalf("%s: no failing line marked with %s", file, failMarker)
	}
	start := max(1, line-5)
	end := min(len(lines), line+5)
	return report.Frame{
		Function: fn,
		File:     "/home/dev/blog/" + file,
		Line:     line,
		Kind:     report.FrameApp,
		Source:   &report.Source{StartLine: start, Lines: lines[start-1 : end], Line: line},
	}
}

// libFrame builds a frame outside the app.
func libFrame(kind, fn, file string, line int) report.Frame {
	return report.Frame{Function: fn, File: file, Line: line, Kind: kind}
}

// serveFrames are the outer frames of every request: the router and the
// server.
func serveFrames() []report.Frame {
	return []report.Frame{
		libFrame(report.FrameStdlib, "net/http.HandlerFunc.ServeHTTP", "/usr/local/go/src/net/http/server.go", 2322),
		libFrame(report.FrameDependency, "github.com/go-chi/chi/v5.(*Mux).routeHTTP", "/root/go/pkg/mod/github.com/go-chi/chi/v5@v5.5.0/mux.go", 478),
		libFrame(report.FrameStdlib, "net/http.(*conn).serve", "/usr/local/go/src/net/http/server.go", 2102),
	}
}

// chunk builds a retrieved context chunk from text starting at line start.
func chunk(file, symbol string, start int, text string) report.Chunk {
	text = strings.TrimPrefix(text, "\n")
	return report.Chunk{
		File: file, Symbol: symbol, StartLine: start,
		EndLine: start + strings.Count(text, "\n"),
		Reason:  report.ReasonGraph, Text: text,
	}
}
