package sessions

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/alexedwards/scs/v2"
	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// failsWithHTTPError answers 500 itself; the line below is where.
func failsWithHTTPError(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "the store is down", http.StatusInternalServerError) // the app's own call
}

// site serves two failing routes under scs's LoadAndSave, with explainerr
// outside it (first in the chain) or inside it.
func site(t *testing.T, explainerOutside bool) http.Handler {
	t.Helper()
	sessions := scs.New()
	ex := reporttest.Explainer(t)
	r := chi.NewRouter()
	if explainerOutside {
		r.Use(ex.Middleware, sessions.LoadAndSave)
	} else {
		r.Use(sessions.LoadAndSave, ex.Middleware)
	}
	r.Get("/status", failsWithHTTPError)
	r.Get("/returned", explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("loading the cart: connection reset")
	}).ServeHTTP)
	return r
}

func TestStatusBufferedBySessionsOutsideNamesTheLibrary(t *testing.T) {
	rec := reporttest.Serve(site(t, true), http.MethodGet, "/status", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if !strings.Contains(rep.Error.WrittenBy, "github.com/alexedwards/scs/v2.(*SessionManager).LoadAndSave.func1 (session.go:") {
		t.Errorf("written by %q, want scs's LoadAndSave named; frames %+v", rep.Error.WrittenBy, rep.Frames)
	}
	if notes := strings.Join(rep.Notices, "\n"); !strings.Contains(notes, "put explainerr inside that middleware") {
		t.Errorf("notices %q: want the placement advice", notes)
	}
	if strings.TrimSpace(rep.Error.Message) != "the store is down" {
		t.Errorf("message %q, want the body the handler wrote", rep.Error.Message)
	}
}

func TestStatusUnderSessionsInsideBlamesTheHandler(t *testing.T) {
	rep := reporttest.Decode(t, reporttest.Serve(site(t, false), http.MethodGet, "/status", "application/json"))
	if rep.Error.WrittenBy != "" {
		t.Errorf("written by %q, want the app's own call", rep.Error.WrittenBy)
	}
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, ".failsWithHTTPError") || !strings.Contains(f.Source.LineText(), "the app's own call") {
		t.Errorf("innermost app frame %+v, want the handler's http.Error line", f)
	}
}

func TestReturnedErrorUnderSessions(t *testing.T) {
	// scs's writer has no Unwrap, but it embeds the writer it buffers
	// for: HandlerFunc reaches explainerr through it, placed either way.
	for _, outside := range []bool{true, false} {
		rec := reporttest.Serve(site(t, outside), http.MethodGet, "/returned", "application/json")
		rep := reporttest.Decode(t, rec)
		if rec.Code != http.StatusInternalServerError || rep.Error.Kind != report.KindError || !strings.Contains(rep.Error.Message, "connection reset") {
			t.Errorf("explainerr outside scs %v: status %d, error %+v, want the returned error", outside, rec.Code, rep.Error)
		}
	}
}
