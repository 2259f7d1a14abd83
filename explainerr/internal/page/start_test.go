package page

import (
	"html/template"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// startTemplate is the top part of the page as html/template markup, the
// specification writeStart follows.
var startTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"css":   func() template.CSS { return template.CSS(pageCSS) },
	"js":    func() template.JS { return template.JS(pageJS) },
	"table": func(name string, rows []pair) tableView { return tableView{name, rows} },
	"url":   func(s string) template.URL { return template.URL(s) },
}).ParseFiles("testdata/start.tmpl"))

// startVariants are reports that between them take every branch of the
// top part of the page, with hostile strings in every field.
func startVariants() map[string]*report.Report {
	out := map[string]*report.Report{
		"sample":     sampleReport(),
		"hostile":    hostileReport(),
		"offline":    offlineReport(),
		"goroutines": crashWithGoroutines(),
	}
	r := hostileReport()
	for i := range r.Frames {
		r.Frames[i].Source = nil
		r.Frames[i].Repeat = i
	}
	r.Request.Body = `{"a": "<b>&'+"` + "\x00"
	r.Request.BodyType = "application/json<x>"
	r.Logs = []report.LogLine{{Text: "first <log> & 'line'"}, {Text: "second"}}
	r.LogsCut = true
	r.Error.Message = strings.Repeat("long <message> & ", 300)
	r.Error.Chain = []string{"outer <err>", "inner 'err'"}
	r.Build.Modified = false
	r.Time = time.Date(2026, 11, 30, 23, 0, 0, 0, time.UTC)
	out["noSource"] = r

	r = sampleReport()
	r.Frames, r.Notices, r.Error.Chain, r.Request = nil, nil, nil, report.Request{}
	r.Status, r.Error.Kind, r.Error.Type = 0, "", ""
	r.Build, r.Fingerprint = report.Build{}, ""
	r.Logs = []report.LogLine{{Text: "only one"}}
	out["empty"] = r

	r = sampleReport()
	r.Context = r.Context[:1]
	r.Context[0].Symbol = ""
	r.Context[0].Text = ""
	r.Request.Route = ""
	out["oneChunk"] = r

	r = sampleReport()
	r.Context = nil
	out["ragNothingRetrieved"] = r

	r = sampleReport()
	for i := range r.Context {
		r.Context[i].Score = 0 // the static context's chunks are not ranked
	}
	out["unrankedChunks"] = r
	return out
}

func TestStartWritesWhatTheTemplateWrites(t *testing.T) {
	for name, r := range startVariants() {
		t.Run(name, func(t *testing.T) {
			var want, got strings.Builder
			if err := startTemplate.ExecuteTemplate(&want, "start", newStartView(r, "n+/=")); err != nil {
				t.Fatal(err)
			}
			if err := startReport(&got, r, "n+/="); err != nil {
				t.Fatal(err)
			}
			sameBytes(t, "Start", got.String(), want.String())
		})
	}
}

// sameBytes fails the test when what wrote got where the template wrote
// want, showing where they part.
func sameBytes(t *testing.T, what, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	t.Fatalf("%s differs from the template at byte %d:\n got …%.200s\nwant …%.200s", what, i, got[max(0, i-80):], want[max(0, i-80):])
}
