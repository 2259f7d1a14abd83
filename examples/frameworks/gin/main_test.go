package main

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

func TestBookIsServed(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEngine()), http.MethodGet, "/books/1", "")
	if rec.Code != http.StatusOK || rec.Body.String() != "Concurrency in Go\n" {
		t.Errorf("status %d, body %q", rec.Code, rec.Body)
	}
}

func TestPanicReachesTheReportWithGinsRoute(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEngine()), http.MethodGet, "/books/7", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindPanic || rep.Error.Type != "runtime.boundsError" ||
		rep.Error.Message != "runtime error: index out of range [7] with length 3" {
		t.Errorf("error %+v, want the index panic's value", rep.Error)
	}
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, ".bookTitle") || !strings.HasSuffix(f.File, "gin/main.go") {
		t.Fatalf("innermost app frame %+v, want bookTitle in gin/main.go", f)
	}
	if f.Source == nil || !strings.Contains(f.Source.Lines[f.Line-f.Source.StartLine], "shelf[id]") {
		t.Errorf("source window %+v does not show the failing line", f.Source)
	}
	if rep.Request.Route != "/books/:id" {
		t.Errorf("route %q, want gin's pattern /books/:id", rep.Request.Route)
	}
}

// With gin.Default(), gin's Recovery catches the panic and writes a bare
// 500. explainerr still sees the 500 while the panicking frames are on the
// stack, so the site is explained; the panic's value is lost.
func TestWithGinsRecoveryTheSiteIsStillExplained(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	gin.DefaultWriter, gin.DefaultErrorWriter = io.Discard, io.Discard
	r := gin.Default()
	r.Use(recordRoute)
	addRoutes(r)
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(r), http.MethodGet, "/books/7", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Status != http.StatusInternalServerError {
		t.Errorf("status %d: want the 500 gin wrote", rep.Status)
	}
	if strings.Contains(rep.Error.Message, "index out of range") {
		t.Errorf("message %q: gin's Recovery was expected to keep the panic value to itself", rep.Error.Message)
	}
	if rep.Error.Kind != report.KindPanic || !strings.HasPrefix(rep.Error.Recoverer, "github.com/gin-gonic/gin.CustomRecoveryWithWriter") {
		t.Errorf("error %+v: want a recovered panic with gin's Recovery named as the recoverer", rep.Error)
	}
	if notes := strings.Join(rep.Notices, "\n"); !strings.Contains(notes, "gin.DefaultErrorWriter") {
		t.Errorf("notices %q: want where gin's Recovery sent the value", notes)
	}
	if f := rep.InnermostApp(); f == nil || !strings.HasSuffix(f.Function, ".bookTitle") {
		t.Errorf("innermost app frame %+v, want bookTitle", f)
	}
	if rep.Request.Route != "/books/:id" {
		t.Errorf("route %q, want /books/:id", rep.Request.Route)
	}
	if rep.Explanation.Text == "" {
		t.Error("no explanation")
	}
}

// An error given to c.AbortWithError stays in gin's c.Errors, and gin
// writes a 500 with no body. With gin's writers teed into explainerr's log
// capture and gin's Logger in the chain, as the README says, the report
// quotes the error gin's Logger prints.
func TestAbortWithErrorReachesTheReportThroughGinsLog(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	out, errOut := gin.DefaultWriter, gin.DefaultErrorWriter
	t.Cleanup(func() { gin.DefaultWriter, gin.DefaultErrorWriter = out, errOut })
	ex := reporttest.Explainer(t)
	gin.DefaultWriter = io.MultiWriter(io.Discard, explainerr.LogWriter())
	gin.DefaultErrorWriter = io.MultiWriter(io.Discard, explainerr.LogWriter())
	r := gin.New()
	r.Use(gin.Logger(), recordRoute)
	r.POST("/books/:id/reviews", func(c *gin.Context) {
		c.AbortWithError(http.StatusInternalServerError, errors.New("saving review: database is locked"))
	})
	rec := reporttest.Serve(ex.Middleware(r), http.MethodPost, "/books/1/reviews", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	var logged []string
	for _, l := range rep.Logs {
		logged = append(logged, l.Text)
	}
	if !strings.Contains(strings.Join(logged, "\n"), "saving review: database is locked") {
		t.Errorf("the report's log lines %q lack the error gin kept", logged)
	}
}
