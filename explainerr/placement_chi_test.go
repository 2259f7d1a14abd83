package explainerr_test

import (
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/explainerr/explainerr/explainerr/report"
)

// savesDraftLoggingTheID logs a line with chi's request id, as an app's own
// logger that reads it does, then panics.
func savesDraftLoggingTheID(w http.ResponseWriter, r *http.Request) {
	log.Printf("[%s] saving draft", middleware.GetReqID(r.Context()))
	writesToNilMap(w, r)
}

// chi's RequestID on either side of explainerr, with chi's Logger, which
// prints the id: the app's own lines carry the id into the report either
// way; the access log logs the status explainerr answered only with the
// logger outside.
func TestChiRequestIDPlacement(t *testing.T) {
	for _, outside := range []bool{true, false} {
		t.Run(map[bool]string{true: "outside", false: "inside"}[outside], func(t *testing.T) {
			access := &logBuffer{}
			logger := middleware.RequestLogger(&middleware.DefaultLogFormatter{Logger: log.New(access, "", 0), NoColor: true})
			ex := newExplainer(t)
			r := chi.NewRouter()
			if outside {
				r.Use(middleware.RequestID, logger, ex.Middleware)
			} else {
				r.Use(ex.Middleware, middleware.RequestID, logger)
			}
			r.Get("/drafts", savesDraftLoggingTheID)
			srv := httptest.NewServer(r)
			defer srv.Close()

			resp, body := fetch(t, srv.URL+"/drafts", map[string]string{"Accept": "application/json", "X-Request-Id": "trace-42"})
			if resp.StatusCode != http.StatusInternalServerError {
				t.Fatalf("status %d", resp.StatusCode)
			}
			rep := jsonReport(t, body)
			if rep.Error.Kind != report.KindPanic || rep.Request.Headers["X-Request-Id"] != "trace-42" {
				t.Errorf("error %+v, request headers %v: want the panic and the client's request id", rep.Error, rep.Request.Headers)
			}
			var logged []string
			for _, l := range rep.Logs {
				logged = append(logged, l.Text)
			}
			if !strings.Contains(strings.Join(logged, "\n"), "[trace-42] saving draft") {
				t.Errorf("the report's log lines %q lack the app's line with the request id", logged)
			}
			// A request without an id gets one made by RequestID.
			fetch(t, srv.URL+"/drafts", nil)
			waitFor(t, func() bool { return strings.Count(access.String(), "\n") >= 2 })
			lines := strings.Split(access.String(), "\n")
			status := map[bool]string{true: " - 500 ", false: " - 000 "}[outside]
			if !strings.HasPrefix(lines[0], "[trace-42] ") || !strings.Contains(lines[0], status) {
				t.Errorf("access log line %q, want the client's id and %q", lines[0], status)
			}
			if !madeID.MatchString(lines[1]) || !strings.Contains(lines[1], status) {
				t.Errorf("access log line %q, want the id RequestID made and %q", lines[1], status)
			}
		})
	}
}

// madeID matches the start of an access log line with an id RequestID made.
var madeID = regexp.MustCompile(`^\[[^\]/]+/[^\]]+-\d{6}\] `)

// chi's Timeout gives the request's context a deadline (it is not
// http.TimeoutHandler: the handler runs on the request's goroutine) and
// writes 504 when the handler returns after it passed.
func TestChiTimeoutPlacement(t *testing.T) {
	for _, outside := range []bool{true, false} {
		t.Run(map[bool]string{true: "outside", false: "inside"}[outside], func(t *testing.T) {
			ex := newExplainer(t)
			timeout := middleware.Timeout(30 * time.Millisecond)
			r := chi.NewRouter()
			if outside {
				r.Use(timeout, ex.Middleware)
			} else {
				r.Use(ex.Middleware, timeout)
			}
			r.Get("/drafts", func(w http.ResponseWriter, r *http.Request) {
				<-r.Context().Done() // a query given r.Context()
				http.Error(w, fmt.Sprintf("loading drafts: %v", r.Context().Err()), http.StatusInternalServerError)
			})
			r.Get("/feed", func(w http.ResponseWriter, r *http.Request) {
				<-r.Context().Done() // gives up and writes nothing
			})
			serverLog := &logBuffer{}
			srv := httptest.NewUnstartedServer(r)
			srv.Config.ErrorLog = log.New(serverLog, "", 0)
			srv.Start()
			defer srv.Close()
			accept := map[string]string{"Accept": "application/json"}

			// The handler answers the deadline with a 500: reported on
			// either side, at the handler's line.
			resp, body := fetch(t, srv.URL+"/drafts", accept)
			rep := jsonReport(t, body)
			if resp.StatusCode != http.StatusInternalServerError || rep.Error.Kind != report.KindStatus ||
				strings.TrimSpace(rep.Error.Message) != "loading drafts: context deadline exceeded" {
				t.Errorf("/drafts: status %d, error %+v", resp.StatusCode, rep.Error)
			}
			if f := rep.InnermostApp(); f == nil || !strings.Contains(f.Function, "TestChiTimeoutPlacement") {
				t.Errorf("/drafts: innermost app frame %+v, want the handler", f)
			}

			// On either side, the 504 Timeout writes after the handler's
			// own 500 is logged as net/http does, naming Timeout's line.
			waitFor(t, func() bool {
				l := serverLog.String()
				return strings.Contains(l, "superfluous response.WriteHeader call from") && strings.Contains(l, "timeout.go:")
			})

			// The handler writes nothing: Timeout's 504 is reported only
			// when Timeout is inside explainerr.
			resp, body = fetch(t, srv.URL+"/feed", accept)
			if resp.StatusCode != http.StatusGatewayTimeout {
				t.Fatalf("/feed: status %d, want 504", resp.StatusCode)
			}
			if outside {
				if len(body) != 0 || resp.Header.Get("X-Explainerr-Report") != "" {
					t.Errorf("/feed: body %q, report %q: explainerr had returned before Timeout wrote", body, resp.Header.Get("X-Explainerr-Report"))
				}
				return
			}
			rep = jsonReport(t, body)
			if rep.Status != http.StatusGatewayTimeout || !strings.HasPrefix(rep.Error.WrittenBy, "github.com/go-chi/chi/v5/middleware.Timeout.") {
				t.Errorf("/feed: status %d, written by %q, want 504 by chi's Timeout", rep.Status, rep.Error.WrittenBy)
			}
			if notes := strings.Join(rep.Notices, "\n"); !strings.Contains(notes, "gives the request's context a deadline") || strings.Contains(notes, "buffers the response") {
				t.Errorf("/feed: notices %q, want the deadline explained", notes)
			}
		})
	}
}
