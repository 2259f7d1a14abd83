package main

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/handler"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// A HandlerFunc mounted with gin.WrapH hands its error to explainerr
// through gin's writer, although gin writes its own 200 after a handler
// that wrote nothing.
func TestAHandlerFuncUnderGinWrapHReachesTheReport(t *testing.T) {
	r := newEngine()
	r.GET("/exports/:id", gin.WrapH(explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("exports are switched off")
	})))
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(r), http.MethodGet, "/exports/3", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindError || rep.Error.Message != "exports are switched off" || rep.Error.Late {
		t.Errorf("error %+v, want the returned error", rep.Error)
	}
	if rep.Request.Route != "/exports/:id" {
		t.Errorf("route %q", rep.Request.Route)
	}
}

// A gin middleware that hands the errors handlers gave gin to explainerr
// (handler.Fail) gets them onto the report, message and all.
func TestAnAbortedErrorHandedOverFromGinReachesTheReport(t *testing.T) {
	r := newEngine()
	r.Use(func(c *gin.Context) {
		c.Next()
		if err := c.Errors.Last(); err != nil && c.Writer.Status() >= http.StatusInternalServerError {
			handler.Fail(c.Writer, err.Err, nil)
		}
	})
	r.POST("/books/:id/reviews", func(c *gin.Context) {
		c.AbortWithError(http.StatusInternalServerError, errors.New("saving review: database is locked"))
	})
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(r), http.MethodPost, "/books/1/reviews", "application/json")
	rep := reporttest.Decode(t, rec)
	if rec.Code != http.StatusInternalServerError || rep.Error.Kind != report.KindError || !rep.Error.HandedOver ||
		!strings.Contains(rep.Error.Message, "database is locked") {
		t.Errorf("status %d, error %+v, want the error gin kept, handed over", rec.Code, rep.Error)
	}
}
