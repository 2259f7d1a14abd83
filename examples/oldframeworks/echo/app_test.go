package echoapp

import (
	"bytes"
	"log"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// The pinned echo must be one whose Response has no Unwrap, or these tests
// test nothing new.
func TestThisEchoHasNoResponseUnwrap(t *testing.T) {
	if _, ok := any(&echo.Response{}).(interface{ Unwrap() http.ResponseWriter }); ok {
		t.Fatal("echo.Response has Unwrap: pin an echo older than v4.11 in go.mod")
	}
}

// checkHandedOver checks that rec holds the report of the error avatar
// returned, handed over by the error handler.
func checkHandedOver(t *testing.T, rec interface{ Result() *http.Response }, rep report.Report) {
	t.Helper()
	if code := rec.Result().StatusCode; code != http.StatusInternalServerError {
		t.Errorf("status %d, want 500", code)
	}
	if rep.Error.Kind != report.KindError || rep.Error.Message != "loading the avatar of ada: no picture storage is configured" || !rep.Error.HandedOver {
		t.Errorf("error %+v, want the returned error, handed over", rep.Error)
	}
	if len(rep.Error.Chain) != 1 || rep.Error.Chain[0] != "no picture storage is configured" {
		t.Errorf("chain %q", rep.Error.Chain)
	}
	if rep.Request.Route != "/users/:name/avatar" {
		t.Errorf("route %q", rep.Request.Route)
	}
}

func TestReturnedErrorReachesTheReport(t *testing.T) {
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(newEcho()), http.MethodGet, "/users/ada/avatar", "application/json")
	checkHandedOver(t, rec, reporttest.Decode(t, rec))
}

// echo's BodyDump puts a writer of its own, with no Unwrap either, in
// front of the Response's, and hands the error to the error handler
// itself.
func TestReturnedErrorReachesTheReportUnderBodyDump(t *testing.T) {
	e := newEcho()
	var dumped []byte
	e.Use(middleware.BodyDump(func(c echo.Context, req, res []byte) { dumped = res }))
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(e), http.MethodGet, "/users/ada/avatar", "application/json")
	checkHandedOver(t, rec, reporttest.Decode(t, rec))
	if len(dumped) != 0 {
		t.Errorf("BodyDump saw %q written through echo: the report goes out under it", dumped)
	}
}

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

// meteredWriter is a third party's writer that counts bytes, keeps the
// writer it wraps to itself and has no Unwrap.
type meteredWriter struct {
	w http.ResponseWriter
	n int
}

func (m *meteredWriter) Header() http.Header  { return m.w.Header() }
func (m *meteredWriter) WriteHeader(code int) { m.w.WriteHeader(code) }
func (m *meteredWriter) Write(b []byte) (int, error) {
	n, err := m.w.Write(b)
	m.n += n
	return n, err
}

// lockedBuffer is a log destination tests read while servers write.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// A writer that hides explainerr's keeps the error from the report: echo
// answers its bare 500, which is reported, and one log line names the
// writer and keeps the error.
func TestAWriterThatHidesExplainerrsIsNamedInTheLog(t *testing.T) {
	var logged lockedBuffer
	prev, out, flags := slog.Default(), log.Writer(), log.Flags()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	t.Cleanup(func() { slog.SetDefault(prev); log.SetOutput(out); log.SetFlags(flags) })
	e := newEcho()
	e.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Response().Writer = &meteredWriter{w: c.Response().Writer}
			return next(c)
		}
	})
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(e), http.MethodGet, "/users/ada/avatar", "application/json")
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindStatus || rep.Error.HandedOver {
		t.Errorf("error %+v, want the 500 echo wrote", rep.Error)
	}
	var lines []string
	for line := range strings.Lines(logged.String()) {
		if strings.Contains(line, "could not take the error") {
			lines = append(lines, line)
		}
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "hidden_by=*echoapp.meteredWriter") ||
		!strings.Contains(lines[0], `error="loading the avatar of ada: no picture storage is configured"`) {
		t.Errorf("log lines %q, want one naming *echoapp.meteredWriter with the error", lines)
	}
}
