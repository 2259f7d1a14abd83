package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestUnknownLocationIsSaid: a frame whose file line was lost (a cut or
// mangled crash dump) is placed at an unknown location, never at ".:0".
func TestUnknownLocationIsSaid(t *testing.T) {
	r := &report.Report{
		Error:  report.Error{Kind: report.KindCrash, Type: "runtime.Error", Message: "runtime error: invalid memory address or nil pointer dereference"},
		Frames: []report.Frame{{Function: "main.main", Kind: report.FrameApp}},
	}
	text := Analyze(r)
	if strings.Contains(text, ".:0") || strings.Contains(text, ":0`") {
		t.Errorf("the explanation places a frame at line 0:\n%s", text)
	}
}

// TestCutAppFrameIsNamed: when the only app frame of a cut dump has no
// file or no line, the location names its function and says what the
// dump does not show, and the library call is said to be made by that
// function, not by a line.
func TestCutAppFrameIsNamed(t *testing.T) {
	query := report.Frame{Function: "github.com/lib/pq.(*conn).query", File: "/root/go/pkg/mod/github.com/lib/pq@v1.10.9/conn.go", Line: 870, Kind: report.FrameDependency}
	for _, tc := range []struct {
		file, want string
	}{
		{"", "**Where:** `(*Inventory).Stock` (the dump does not show its file and line)."},
		{"/home/u/shop/internal/store/store.go", "**Where:** `store.go` in `(*Inventory).Stock` (the dump does not show the line)."},
	} {
		r := &report.Report{
			Error:  report.Error{Kind: report.KindCrash, Type: "runtime.boundsError", Message: "runtime error: index out of range [5] with length 3"},
			Frames: []report.Frame{query, {Function: "example.com/shop/internal/store.(*Inventory).Stock", File: tc.file, Kind: report.FrameApp}},
		}
		text := Analyze(r)
		if !strings.Contains(text, tc.want) || !strings.Contains(text, "raised inside `pq.(*conn).query`, which `(*Inventory).Stock` called.") {
			t.Errorf("file %q: the explanation does not place the failure in the cut frame:\n%s", tc.file, text)
		}
		if strings.Contains(text, "this line") || strings.Contains(text, ":0") {
			t.Errorf("file %q: the explanation points at a line the dump does not show:\n%s", tc.file, text)
		}
	}
}
