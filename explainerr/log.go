package explainerr

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// logFailure writes the one structured record of a failure, from its
// sealed report; extra (the report's URL) follows the fingerprint.
func (ex *Explainer) logFailure(s redact.Sealed, note string, extra ...slog.Attr) {
	var attrs []slog.Attr
	// The record's values are strings and numbers: nothing of the sealed
	// report is kept that could change it.
	s.Read(func(rep *report.Report) { attrs = failureAttrs(rep, note, extra) })
	ex.log.LogAttrs(context.Background(), slog.LevelError, "explainerr: request failed", attrs...)
}

// failureAttrs returns the attributes of the log record of rep.
func failureAttrs(rep *report.Report, note string, extra []slog.Attr) []slog.Attr {
	attrs := []slog.Attr{
		slog.String("kind", rep.Error.Kind),
		slog.String("type", rep.Error.Type),
		slog.String("message", truncate(rep.Error.Message, 300)),
		slog.String("method", rep.Request.Method),
		slog.String("url", rep.Request.URL),
		slog.Int("status", rep.Status),
	}
	if rep.Request.Route != "" {
		attrs = append(attrs, slog.String("route", rep.Request.Route))
	}
	if f := rep.InnermostApp(); f != nil {
		attrs = append(attrs,
			slog.String("at", fmt.Sprintf("%s:%d", filepath.Base(f.File), f.Line)),
			slog.String("function", f.Function))
	}
	attrs = append(attrs, slog.String("fingerprint", rep.Fingerprint), slog.String("mode", rep.Mode))
	attrs = append(attrs, extra...)
	if ex := rep.Explanation; ex.Provider != "" {
		attrs = append(attrs, slog.String("provider", ex.Provider))
		if ex.Model != "" {
			attrs = append(attrs, slog.String("model", ex.Model))
		}
		if ex.Cached {
			attrs = append(attrs, slog.Bool("cached", true))
		}
		if ex.Throttled {
			attrs = append(attrs, slog.Bool("throttled", true))
		}
		if ex.Usage != nil {
			attrs = append(attrs, slog.Int("prompt_tokens", ex.Usage.PromptTokens), slog.Int("completion_tokens", ex.Usage.CompletionTokens))
		}
		if ex.CostUSD > 0 {
			attrs = append(attrs, slog.Float64("cost_usd", ex.CostUSD))
		}
		if ex.Error != "" {
			attrs = append(attrs, slog.String("explanation_error", ex.Error))
		}
		if note != "" && ex.Text != "" {
			// Nobody saw a page: the record gives the explanation's
			// headline; the whole of it is at the report's URL.
			attrs = append(attrs, slog.String("explanation", headline(ex.Text)))
		}
	}
	if note != "" {
		attrs = append(attrs, slog.String("note", note))
	}
	for _, n := range rep.Notices {
		attrs = append(attrs, slog.String("notice", n))
	}
	return attrs
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// headline returns the first line of an explanation without its Markdown
// heading marks: "Nil pointer dereference: `post` is nil".
func headline(text string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	return strings.TrimSpace(strings.TrimLeft(first, "#"))
}
