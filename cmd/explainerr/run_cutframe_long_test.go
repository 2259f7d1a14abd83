//go:build long

package main

import (
	"strings"
	"testing"
)

// TestRunCutAppFrame checks a dump cut inside the function line of its
// only app frame: the frame is kept as the app's, with no file or line,
// and the headline says its location is unknown instead of ":0".
func TestRunCutAppFrame(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "cut-app-frame")
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstderr:\n%s", code, p.stderr.String())
	}
	r, _ := oneReport(t, dir, p)
	f := r.InnermostApp()
	if f == nil || f.Function != "main.work" || f.File != "" || f.Line != 0 {
		t.Fatalf("innermost app frame %+v, want main.work with no file or line; frames %+v", f, r.Frames)
	}
	errOut := p.stderr.String()
	if !strings.Contains(errOut, "explainerr:   at main.work (location unknown)") || strings.Contains(errOut, ":0)") {
		t.Errorf("the headline does not say main.work's location is unknown:\n%s", errOut)
	}
}
