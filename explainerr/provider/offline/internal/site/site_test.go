package site

import (
	"reflect"
	"regexp"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// handler is a window of an app function that assigns two errors; its
// failing line is line 16 (idx 6).
var handler = []string{
	"func (s *Server) show(w http.ResponseWriter, r *http.Request, id string) {",
	"\tvar cache map[string]int",
	"\tn, err := strconv.Atoi(id)",
	"\tif err != nil {",
	"\t}",
	"\tp, err := s.store.LoadPost(r.Context(), n)",
	"\thttp.Error(w, err.Error(), 500)",
	"}",
}

func failing(kind string, message string, line int) *report.Report {
	return &report.Report{
		Error: report.Error{Kind: kind, Message: message},
		Frames: []report.Frame{
			{Function: "runtime.gopanic", Kind: report.FrameRuntime},
			{Function: "net/http.Error", Kind: report.FrameStdlib},
			{Function: "example.com/app.(*Server).show", File: "/app/server.go", Line: line, Kind: report.FrameApp,
				Source: &report.Source{StartLine: 10, Line: line, Lines: handler}},
			{Function: "example.com/app.main", File: "/app/main.go", Line: 40, Kind: report.FrameApp},
		},
	}
}

func TestFromFindsTheInnermostAppFrame(t *testing.T) {
	r := failing(report.KindPanic, "boom", 16)
	s := From(r, 0)
	if s.Frame != &r.Frames[2] || s.Caller != &r.Frames[3] || s.Raiser != &r.Frames[1] {
		t.Fatalf("From: frame %v, caller %v, raiser %v", s.Frame, s.Caller, s.Raiser)
	}
	if s.Line != 16 || s.Text != "http.Error(w, err.Error(), 500)" || !s.Facts.Parsed || s.File != "" || s.Function != "" {
		t.Errorf("From: line %d, text %q, parsed %v, file %q, function %q", s.Line, s.Text, s.Facts.Parsed, s.File, s.Function)
	}
	if s := From(r, 3); s.Frame != &r.Frames[3] || s.Caller != nil {
		t.Errorf("From(r, 3): frame %v, caller %v", s.Frame, s.Caller)
	}
	if s := From(failing(report.KindStatus, "boom", 16), 0); s.Raiser != nil {
		t.Errorf("a written status has a raiser: %v", s.Raiser)
	}
	if s := From(failing(report.KindError, "boom", 10), 0); !s.Returned {
		t.Error("an error returned from a handler whose line is its declaration is not Returned")
	}
}

func TestWindowSearches(t *testing.T) {
	s := From(failing(report.KindPanic, "boom", 16), 0)
	if above := s.LinesAbove(); len(above) != 5 || above[0].Number != 15 || above[4].Number != 11 {
		t.Errorf("LinesAbove = %v, want lines 15 to 11", above)
	}
	if l, op, ok := s.AssignmentOf("p"); !ok || l.Number != 15 || op.RHS != "s.store.LoadPost(r.Context(), n)" || !op.Define {
		t.Errorf("AssignmentOf(p) = %v, %+v, %v", l, op, ok)
	}
	if l, _, ok := s.AssignmentOf("cache"); !ok || l.Number != 11 {
		t.Errorf("AssignmentOf(cache) = %v, %v, want the var line 11", l, ok)
	}
	if s.HasAssignment("w") || !s.HasAssignment("n") {
		t.Error("HasAssignment: w is a parameter, n is assigned")
	}
	if !s.IsParameter("id") || !s.IsParameter("w") || s.IsParameter("n") {
		t.Error("IsParameter: id and w are parameters, n is not")
	}
	if got := s.Scope(); got[0].Number != 16 || got[1].Number != 15 {
		t.Errorf("Scope starts %v, want the failing line then the one above", got[:2])
	}
	if l, ok := s.LineMatching(regexp.MustCompile(`strconv\.`)); !ok || l.Number != 12 {
		t.Errorf("LineMatching = %v, %v, want line 12", l, ok)
	}
}

// ErrorOrigin picks the line whose call the message names, or the one
// calling the package the message starts with.
func TestErrorOrigin(t *testing.T) {
	for message, want := range map[string]int{
		"load post 3: no such post":                 15,
		`strconv.Atoi: parsing "x": invalid syntax`: 12,
	} {
		s := From(failing(report.KindStatus, message, 16), 0)
		l, f, ok := s.ErrorOrigin()
		if !ok || l.Number != want || !f.AssignsErr() {
			t.Errorf("ErrorOrigin for %q = line %d, %v, want line %d", message, l.Number, ok, want)
		}
	}
	s := From(failing(report.KindStatus, "boom", 11), 0)
	if l, _, ok := s.ErrorOrigin(); ok {
		t.Errorf("ErrorOrigin above line 11 = %v, want none", l)
	}
}

func TestDeclaresFunc(t *testing.T) {
	got := map[string]bool{}
	for _, l := range []string{"func main() {", "\th := func(w http.ResponseWriter) {", "\tf()", "type funcs struct {"} {
		got[l] = DeclaresFunc(l)
	}
	want := map[string]bool{"func main() {": true, "\th := func(w http.ResponseWriter) {": true, "\tf()": false, "type funcs struct {": false}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DeclaresFunc = %v, want %v", got, want)
	}
}
