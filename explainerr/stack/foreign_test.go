package stack

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestParseDumpSkipsInterleavedForeignLines parses docker compose dumps
// with another service's log line inside the trace (after a frame, and
// between a function line and its file line): the line is skipped with a
// warning and the goroutine keeps all its frames.
func TestParseDumpSkipsInterleavedForeignLines(t *testing.T) {
	for name, skipped := range map[string]string{"m-docker-interleaved.txt": "2 foreign lines", "m-docker-interleaved2.txt": "1 foreign lines"} {
		t.Run(name, func(t *testing.T) {
			d := parseFile(t, filepath.Join("testdata", "dumps", name), NewClassifier("example.com/shop"))
			if got := appFunctions(d.Frames); strings.Join(got, " ") != "example.com/shop/internal/store.(*Cart).Add example.com/shop/httpapi.(*Server).HandleAdd" {
				t.Errorf("app frames %q", got)
			}
			if len(d.Frames) != 6 || d.Frames[0].Line != 21 || !strings.HasSuffix(d.Frames[0].File, "store.go") {
				t.Errorf("frames %+v", d.Frames)
			}
			if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], skipped) {
				t.Errorf("warnings %q", d.Warnings)
			}
		})
	}
}
