package explainerr_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestLeakedGoroutineCannotWriteIntoAnotherResponse: a handler that leaves
// a goroutine behind which keeps using its ResponseWriter after the handler
// returned must not reach any other request's response, however the
// wrapper is managed.
func TestLeakedGoroutineCannotWriteIntoAnotherResponse(t *testing.T) {
	logs, opt := withLog(t)
	ex := newExplainer(t, opt)
	release := make(chan struct{})
	lateErrs := make(chan error, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/leak", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "leak handler done")
		go func() {
			<-release
			var firstErr error
			for i := 0; i < 200; i++ {
				w.Header().Set("X-Leaked", "yes")
				w.WriteHeader(http.StatusTeapot)
				if _, err := io.WriteString(w, "LEAKED"); err != nil && firstErr == nil {
					firstErr = err
				}
				if f, ok := w.(http.Flusher); ok {
					f.Flush()
				}
			}
			lateErrs <- firstErr
		}()
	})
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, strings.Repeat("fine ", 200))
	})
	srv := httptest.NewServer(ex.Middleware(mux))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/leak")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "leak handler done" {
		t.Fatalf("leak handler answered %q", b)
	}

	var wg sync.WaitGroup
	bad := make(chan string, 100)
	close(release)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 25; j++ {
				resp, err := http.Get(srv.URL + "/ok")
				if err != nil {
					bad <- err.Error()
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || resp.Header.Get("X-Leaked") != "" || string(b) != strings.Repeat("fine ", 200) {
					bad <- fmt.Sprintf("status %d, X-Leaked %q, body %.80q", resp.StatusCode, resp.Header.Get("X-Leaked"), b)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(bad)
	for msg := range bad {
		t.Errorf("another request's response was touched: %s", msg)
	}
	if err := <-lateErrs; err == nil || !strings.Contains(err.Error(), "handler has returned") {
		t.Errorf("a write after the handler returned got %v, want an error saying it was dropped", err)
	}
	waitFor(t, func() bool { return strings.Contains(logs.String(), "used after its handler returned") })
	if !strings.Contains(logs.String(), "late_test.go") {
		t.Errorf("the warning does not name the app's call site: %s", logs)
	}
	if n := strings.Count(logs.String(), "used after its handler returned"); n != 1 {
		t.Errorf("800 late calls of one request logged the warning %d times, want once", n)
	}
}

// TestLeakedGoroutineOfAFailedRequest: a goroutine left behind by a handler
// that failed keeps calling its ResponseWriter while the middleware writes
// the error page. Its calls are dropped and logged once, and they touch
// nothing the middleware is using (the race detector checks this under
// go test -race).
func TestLeakedGoroutineOfAFailedRequest(t *testing.T) {
	logs, opt := withLog(t)
	ex := newExplainer(t, opt)
	release := make(chan struct{})
	finished := make(chan struct{})
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream down", http.StatusBadGateway)
		go func() {
			defer close(finished)
			<-release
			for range 100 {
				w.WriteHeader(http.StatusTeapot)
				io.WriteString(w, "LEAKED")
			}
		}()
	}))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/reports/7", nil)
	req.Header.Set("Accept", "application/json")
	close(release) // the goroutine's calls may come while the page is written
	h.ServeHTTP(rec, req)
	<-finished
	if rec.Code != http.StatusBadGateway || strings.Contains(rec.Body.String(), "LEAKED") || !strings.Contains(rec.Body.String(), "upstream down") {
		t.Errorf("the failed request's response: %d %.200q", rec.Code, rec.Body)
	}
	waitFor(t, func() bool { return strings.Contains(logs.String(), "used after its handler returned") })
	if n := strings.Count(logs.String(), "used after its handler returned"); n != 1 {
		t.Errorf("the late calls were logged %d times, want once", n)
	}
}

// renderPost is a handler whose template fails after the page has started:
// status 200 and part of the body are already sent when it reports the
// error the way most apps do.
func renderPost(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, "<html><body><h1>Post</h1>")
	http.NewResponseController(w).Flush()
	err := errors.New(`template: post.html:12:9: executing "post.html" at <.Author.Name>: nil pointer evaluating *blog.Author.Name`)
	http.Error(w, err.Error(), http.StatusInternalServerError)
}

func TestFailureAfterTheResponseStarted(t *testing.T) {
	logs, opt := withLog(t)
	gp := &gateProvider{}
	serverLog := &logBuffer{}
	srv := httptest.NewUnstartedServer(newExplainer(t, opt, explainerr.WithProvider(gp)).Middleware(http.HandlerFunc(renderPost)))
	srv.Config.ErrorLog = log.New(serverLog, "", 0)
	srv.Start()
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/posts/3")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(string(body), "<html><body><h1>Post</h1>") {
		t.Errorf("status %d body %q: the started response must not be replaced", resp.StatusCode, body)
	}
	if strings.Contains(string(body), "explainerr") || strings.Contains(string(body), "<!doctype") {
		t.Errorf("a page was appended to the partial body: %q", body)
	}

	// The failure is recorded: one log record, flagged late, naming the
	// app's call site and the error the app wrote.
	waitFor(t, func() bool { return strings.Contains(logs.String(), "nil pointer evaluating") })
	rec := logs.String()
	for _, want := range []string{`"kind":"status"`, `"status":500`, "renderPost", "late_test.go", "late:", `"explanation":"`, `"report":"http`} {
		if !strings.Contains(rec, want) {
			t.Errorf("log record lacks %s:\n%s", want, rec)
		}
	}
	// The record gives the explanation's headline; the report's URL has
	// the rest.
	if strings.Contains(rec, "**Why:**") || strings.Contains(rec, `"explanation":"#`) {
		t.Errorf("the log record holds the whole explanation:\n%s", rec)
	}

	if errs := gp.errors(); len(errs) != 1 || !errs[0].Late || errs[0].Kind != report.KindStatus {
		t.Errorf("reports explained: %+v; want one status failure flagged late", errs)
	}

	// net/http's own line names the app's call, not explainerr's writer.
	line := serverLog.String()
	if !strings.Contains(line, "superfluous response.WriteHeader call from") || !strings.Contains(line, "late_test.go") {
		t.Errorf("server log %q: want the superfluous WriteHeader line naming the app", line)
	}
	if strings.Contains(line, "explainerr.(*writer)") {
		t.Errorf("server log names explainerr's writer: %q", line)
	}
}

// TestPanicAfterBodyAbortsAndIsLogged: a panic after part of the body was
// written aborts the response (net/http's way of telling the client it is
// incomplete) and is logged, never appended.
func TestPanicAfterBodyAbortsAndIsLogged(t *testing.T) {
	logs, opt := withLog(t)
	h := newExplainer(t, opt).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "partial")
		panic("rendering the footer failed")
	}))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/", nil)
	req.RemoteAddr = "127.0.0.1:4000"
	req.Header.Set("Accept", "application/json")
	got := catchPanic(func() { h.ServeHTTP(rec, req) })
	if got != http.ErrAbortHandler {
		t.Fatalf("recovered %v, want http.ErrAbortHandler so that the response is aborted", got)
	}
	if rec.Body.String() != "partial" {
		t.Errorf("body %q", rec.Body.String())
	}
	waitFor(t, func() bool { return strings.Contains(logs.String(), "rendering the footer failed") })
	if !strings.Contains(logs.String(), "already started") {
		t.Errorf("log lacks the note: %s", logs)
	}
	// The client got the app's 200 and then a closed connection: no
	// status 500 is claimed for it.
	if strings.Contains(logs.String(), `"status":500`) {
		t.Errorf("the log claims a status 500 the client never got: %s", logs)
	}
}

// TestLateCallThroughLibraryWrapperNamesTheApp: a late call that reaches
// explainerr's writer through a library's ResponseWriter wrapper (chi's
// request logger wraps it) is logged naming the app's line, not the
// library's method.
func TestLateCallThroughLibraryWrapperNamesTheApp(t *testing.T) {
	logs, opt := withLog(t)
	ex := newExplainer(t, opt)
	done := make(chan struct{})
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		go func() {
			defer close(done)
			time.Sleep(10 * time.Millisecond)
			// A late call through chi's wrapper, whose Write calls its
			// own maybeWriteHeader first.
			io.WriteString(ww, "accepted")
		}()
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	<-done
	waitFor(t, func() bool { return strings.Contains(logs.String(), "used after its handler returned") })
	if got := logs.String(); !strings.Contains(got, "late_test.go") || strings.Contains(got, "go-chi") {
		t.Errorf("the warning does not name the app's call site: %s", got)
	}
}
