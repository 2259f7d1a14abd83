package loggers

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// failAndReport sends the failing request to app under explainerr and
// returns the lines its report quotes.
func failAndReport(t *testing.T, app http.Handler) string {
	t.Helper()
	rec := reporttest.Serve(reporttest.Explainer(t).Middleware(app), http.MethodPost, "/reviews", "application/json")
	rep := reporttest.Decode(t, rec)
	if rec.Code != http.StatusInternalServerError || rep.Error.Kind != report.KindStatus {
		t.Fatalf("status %d, error %+v, want the 500 the handler wrote", rec.Code, rep.Error)
	}
	var lines []string
	for _, l := range rep.Logs {
		lines = append(lines, l.Text)
	}
	return strings.Join(lines, "\n")
}

// checkQuotedAndKept checks that the report quotes the handler's log line
// and that the logger's own output still got it.
func checkQuotedAndKept(t *testing.T, quoted string, out *bytes.Buffer) {
	t.Helper()
	if !strings.Contains(quoted, "saving review") || !strings.Contains(quoted, "database is locked") {
		t.Errorf("the report's log lines %q lack the handler's", quoted)
	}
	if !strings.Contains(out.String(), "saving review") || strings.Count(out.String(), "database is locked") != 1 {
		t.Errorf("the logger's own output %q, want the line once", out)
	}
}

func TestLogrusLinesAreQuoted(t *testing.T) {
	var out bytes.Buffer
	logger := newLogrus(&out)
	app := newApp(func(msg string, err error) { logger.WithError(err).Error(msg) })
	checkQuotedAndKept(t, failAndReport(t, app), &out)
}

func TestZapLinesAreQuoted(t *testing.T) {
	var out bytes.Buffer
	logger := newZap(zapcore.AddSync(&out))
	app := newApp(func(msg string, err error) { logger.Error(msg, zap.Error(err)) })
	checkQuotedAndKept(t, failAndReport(t, app), &out)
}

func TestZerologLinesAreQuoted(t *testing.T) {
	var out bytes.Buffer
	logger := newZerolog(&out)
	app := newApp(func(msg string, err error) { logger.Error().Err(err).Msg(msg) })
	checkQuotedAndKept(t, failAndReport(t, app), &out)
}
