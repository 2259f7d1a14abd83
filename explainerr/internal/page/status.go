package page

import (
	"fmt"
	"net/http"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A status failure has no Go type: the report's error type for it is the
// marker "http.Status", which names no type of package net/http. The
// page and the Markdown report show what is true instead: the status and
// what wrote it.

// typeLabel is what is shown for the failure's type: the Go type of the
// panic value or error, or for a status failure the status and its writer
// ("HTTP 500 written by the app").
func typeLabel(r *report.Report) string {
	if r.Error.Kind != report.KindStatus {
		return r.Error.Type
	}
	return fmt.Sprintf("HTTP %d written by %s", r.Status, statusWriter(r, false))
}

// statusTitle is the title of a status failure whose body is empty: the
// status, its text and the function that wrote it ("HTTP 500 Internal
// Server Error written by views.EditTaskFunc"); "" for other failures.
func statusTitle(r *report.Report) string {
	if r.Error.Kind != report.KindStatus {
		return ""
	}
	t := fmt.Sprintf("HTTP %d", r.Status)
	if s := http.StatusText(r.Status); s != "" {
		t += " " + s
	}
	return t + " written by " + statusWriter(r, true)
}

// statusWriter names what wrote the status: the library function that
// wrote it, else the app, by its innermost function when named is set.
func statusWriter(r *report.Report, named bool) string {
	if r.Error.WrittenBy != "" {
		return shortFunction(r.Error.WrittenBy)
	}
	if f := r.InnermostApp(); named && f != nil {
		return shortFunction(f.Function)
	}
	return "the app"
}
