package main

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

func TestProfileIsServed(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEcho()), http.MethodGet, "/users/ada", "")
	if rec.Code != http.StatusOK || rec.Body.String() != "Ada: Writes the first programs.\n" {
		t.Errorf("status %d, body %q", rec.Code, rec.Body)
	}
}

func TestPanicReachesTheReportWithEchosRoute(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEcho()), http.MethodGet, "/users/bob", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindPanic || rep.Error.Type != "runtime.errorString" ||
		!strings.Contains(rep.Error.Message, "nil pointer dereference") {
		t.Errorf("error %+v, want the nil pointer panic's value", rep.Error)
	}
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, ".greeting") || !strings.HasSuffix(f.File, "echo/main.go") {
		t.Fatalf("innermost app frame %+v, want greeting in echo/main.go", f)
	}
	if f.Source == nil || !strings.Contains(f.Source.Lines[f.Line-f.Source.StartLine], "p.Name") {
		t.Errorf("source window %+v does not show the failing line", f.Source)
	}
	if rep.Request.Route != "/users/:name" {
		t.Errorf("route %q, want echo's pattern /users/:name", rep.Request.Route)
	}
}

// With echo's Recover, the panic becomes an error that echo's error handler
// answers with a generic 500 while the panicking frames are still on the
// stack: the site is explained; the panic's value is lost.
func TestWithEchosRecoverTheSiteIsStillExplained(t *testing.T) {
	e := echo.New()
	e.Logger.SetOutput(new(strings.Builder))
	e.Use(middleware.Recover(), recordRoute)
	addRoutes(e)
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(e), http.MethodGet, "/users/bob", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Status != http.StatusInternalServerError {
		t.Errorf("status %d: want the 500 echo wrote", rep.Status)
	}
	if strings.Contains(rep.Error.Message, "nil pointer") {
		t.Errorf("message %q: echo's error handler was expected to keep the panic value to itself", rep.Error.Message)
	}
	if rep.Error.Kind != report.KindPanic || !strings.Contains(rep.Error.Recoverer, "labstack/echo/v4/middleware.RecoverWithConfig") {
		t.Errorf("error %+v: want a recovered panic with echo's Recover named as the recoverer", rep.Error)
	}
	if f := rep.InnermostApp(); f == nil || !strings.HasSuffix(f.Function, ".greeting") {
		t.Errorf("innermost app frame %+v, want greeting", f)
	}
	if rep.Request.Route != "/users/:name" {
		t.Errorf("route %q, want /users/:name", rep.Request.Route)
	}
	if rep.Explanation.Text == "" {
		t.Error("no explanation")
	}
}

// An error a handler returns goes to explainerr through echo's error
// handler (reportErrors): the report has its message, its chain and the
// route, and says the stack is the error handler's.
func TestReturnedErrorReachesTheReport(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEcho()), http.MethodGet, "/users/ada/avatar", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindError || rep.Error.Message != "loading the avatar of ada: no picture storage is configured" {
		t.Errorf("error %+v, want the returned error", rep.Error)
	}
	if len(rep.Error.Chain) != 1 || rep.Error.Chain[0] != "no picture storage is configured" {
		t.Errorf("chain %q", rep.Error.Chain)
	}
	if f := rep.InnermostApp(); f == nil || !strings.Contains(f.Function, "reportErrors") {
		t.Errorf("innermost app frame %+v, want the error handler", f)
	}
	if !strings.Contains(strings.Join(rep.Notices, " "), "handed over by an error handler") || !rep.Error.HandedOver {
		t.Errorf("notices %q do not say whose stack it is", rep.Notices)
	}
	if !strings.Contains(rep.Explanation.Text, "The error was returned by the handler of `GET /users/:name/avatar`") ||
		!strings.Contains(rep.Explanation.Text, "Its message matches the error made at `avatar` (`main.go:") {
		t.Errorf("the explanation does not place the error in the route's handler:\n%s", rep.Explanation.Text)
	}
	if rep.Request.Route != "/users/:name/avatar" {
		t.Errorf("route %q", rep.Request.Route)
	}
}

// echo's own answers stay echo's: a route that does not exist, and a 4xx
// HTTPError a handler returns.
func TestEchosOwnAnswersAreKept(t *testing.T) {
	e := newEcho()
	e.GET("/private", func(c echo.Context) error { return echo.NewHTTPError(http.StatusForbidden, "members only") })
	h := reporttest.Explainer(t).Middleware(e)
	for path, want := range map[string]int{"/nowhere": http.StatusNotFound, "/private": http.StatusForbidden} {
		rec := reporttest.Serve(h, http.MethodGet, path, "application/json")
		if rec.Code != want || strings.Contains(rec.Body.String(), `"explanation"`) {
			t.Errorf("%s: status %d, body %q", path, rec.Code, rec.Body)
		}
	}
}

// Without reportErrors, echo's error handler answers a returned error
// before explainerr sees anything: the report is of that 500, with the
// body echo wrote and echo's error handler on the stack.
func TestReturnedErrorWithEchosErrorHandler(t *testing.T) {
	e := newEcho()
	e.HTTPErrorHandler = e.DefaultHTTPErrorHandler
	e.GET("/closed", func(c echo.Context) error { return errors.New("the store is closed") })
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(e), http.MethodGet, "/closed", "application/json")
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindStatus || !strings.Contains(rep.Error.Message, "Internal Server Error") {
		t.Errorf("error %+v, want the 500 echo's error handler wrote", rep.Error)
	}
	onStack := false
	for _, f := range rep.Frames {
		onStack = onStack || strings.HasSuffix(f.Function, "DefaultHTTPErrorHandler")
	}
	if !onStack {
		t.Error("echo's error handler is not on the stack")
	}
}
