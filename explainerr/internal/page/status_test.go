package page

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// statusFailure is a 500 the app wrote with an empty body.
func statusFailure() *report.Report {
	return &report.Report{
		Error: report.Error{Kind: report.KindStatus, Type: "http.Status"},
		Frames: []report.Frame{
			{Function: "github.com/thewhitetulip/Tasks/views.EditTaskFunc", File: "/app/views/addViews.go", Line: 186, Kind: report.FrameApp},
		},
		Request: report.Request{Method: "GET", URL: "/edit/1"},
		Status:  500,
	}
}

func TestStatusFailureShowsTheStatusNotAGoType(t *testing.T) {
	r := statusFailure()
	out, _ := renderPage(t, r)
	head := out[strings.Index(out, "<title>"):strings.Index(out, "<p class=\"req\">")]
	for _, want := range []string{
		"<title>HTTP 500 Internal Server Error written by views.EditTaskFunc · explainerr</title>",
		`<code class="type">HTTP 500 written by the app</code>`,
		`<h1 class="message">HTTP 500 Internal Server Error written by views.EditTaskFunc</h1>`,
	} {
		if !strings.Contains(head, want) {
			t.Errorf("page head lacks %q:\n%s", want, head)
		}
	}
	if strings.Contains(head, "http.Status") {
		t.Errorf("page head shows the marker type http.Status:\n%s", head)
	}
	md := markdownOf(r)
	if !strings.HasPrefix(md, "# HTTP 500 Internal Server Error written by views.EditTaskFunc\n\n**status** · HTTP 500 written by the app · ") {
		t.Errorf("Markdown starts:\n%s", md[:min(len(md), 200)])
	}
	if strings.Contains(md, "http.Status") {
		t.Errorf("Markdown shows the marker type http.Status:\n%s", md)
	}

	// A library that wrote the status is named; a body is the title.
	r.Error.WrittenBy = "github.com/alexedwards/scs/v2.(*SessionManager).LoadAndSave.func1"
	r.Error.Message = "could not render the edit page\n"
	if md := markdownOf(r); !strings.HasPrefix(md, "# `could not render the edit page`\n\n**status** · HTTP 500 written by v2.(*SessionManager).LoadAndSave.func1 · ") {
		t.Errorf("Markdown starts:\n%s", md[:min(len(md), 200)])
	}
}

func TestOfflineWhereLinesStaySeparate(t *testing.T) {
	text := "### Index out of range\n\n**Where:** `views.go:47` in `ShowAllTasksFunc`:\n`log.Println(tasks[len(tasks)-1])`\nCalled from `views.RequiresLogin.func13` at `sessionViews.go:18`: `handler(w, r)`\n\n**Why:** it is\nempty.\n"
	r := statusFailure()
	r.Explanation = report.Explanation{Provider: "offline", Text: text}
	out, _ := renderPage(t, r)
	for _, want := range []string{
		"<code>ShowAllTasksFunc</code>:<br>\n<code>log.Println(tasks[len(tasks)-1])</code><br>\nCalled from",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// A model's text keeps CommonMark's soft breaks.
	r.Explanation = report.Explanation{Provider: "openai", Model: "m", Text: text}
	if out, _ := renderPage(t, r); strings.Contains(out, "<br>") {
		t.Error("a model's soft line break was rendered as a line break")
	}
}
