package explainerr_test

import (
	"context"
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
	"github.com/explainerr/explainerr/explainerr/provider"
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
	if !strings.Contains(logs.String(), "latewrites_test.go") {
		t.Errorf("the warning does not name the app's call site: %s", logs)
	}
	if n := strings.Count(logs.String(), "used after its handler returned"); n != 1 {
		t.Errorf("800 late calls of one request logged the warning %d times, want once", n)
	}
}

// releasingProvider explains a failure only once it has let the late
// calls of a test run to their end: they come after the handler returned,
// while explainerr is still answering the failure.
type releasingProvider struct {
	release  chan struct{}
	finished chan struct{}
}

func (p *releasingProvider) Name() string  { return "releasing" }
func (p *releasingProvider) Model() string { return "" }

func (p *releasingProvider) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	close(p.release)
	select {
	case <-p.finished:
	case <-time.After(10 * time.Second):
		return provider.Result{}, errors.New("the late calls did not finish")
	}
	return provider.Result{Text: "explained"}, nil
}

// leakingFailure is a handler that fails with a 502 and leaves a goroutine
// behind that, once release is closed, calls its ResponseWriter 100 times
// and then reports how many of its writes were accepted.
func leakingFailure(release <-chan struct{}, accepted chan<- int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream down", http.StatusBadGateway)
		go func() {
			<-release
			n := 0
			for range 100 {
				w.WriteHeader(http.StatusTeapot)
				if _, err := io.WriteString(w, "LEAKED"); err == nil {
					n++
				}
			}
			accepted <- n
		}()
	})
}

// TestLeakedGoroutineOfAFailedRequest: a goroutine left behind by a handler
// that failed calls its ResponseWriter after the handler returned: for the
// developer, while explainerr answers the failure (the model call waits for
// the calls to end); for a client that gets no report (and causes no model
// call), once its response, the app's own, has been released. Every call is
// dropped and logged once; none reaches the response, and none touches
// what the middleware is using (the race detector checks this under go
// test -race).
func TestLeakedGoroutineOfAFailedRequest(t *testing.T) {
	for _, tt := range []struct {
		name, remote string
		developer    bool
	}{
		{"developer", "127.0.0.1:50000", true},
		{"client without a report", "192.0.2.1:1234", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			logs, opt := withLog(t)
			p := &releasingProvider{release: make(chan struct{}), finished: make(chan struct{})}
			accepted := make(chan int, 1)
			h := newExplainer(t, opt, explainerr.WithProvider(p)).Middleware(leakingFailure(p.release, accepted))
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", "/reports/7", nil)
			req.RemoteAddr = tt.remote
			req.Header.Set("Accept", "application/json")
			var n int
			go func() {
				n = <-accepted
				close(p.finished)
			}()
			h.ServeHTTP(rec, req)
			if !tt.developer {
				close(p.release)
			}
			select {
			case <-p.finished:
			case <-time.After(10 * time.Second):
				t.Fatal("the late calls never ran")
			}
			if n != 0 {
				t.Errorf("%d late writes were accepted", n)
			}
			body := rec.Body.String()
			if rec.Code != http.StatusBadGateway || strings.Contains(body, "LEAKED") || !strings.Contains(body, "upstream down") {
				t.Errorf("the failed request's response: %d %.300q", rec.Code, body)
			}
			if tt.developer && !strings.Contains(body, `"explained"`) {
				t.Errorf("the developer got no report: %.300q", body)
			}
			waitFor(t, func() bool { return strings.Contains(logs.String(), "used after its handler returned") })
			if n := strings.Count(logs.String(), "used after its handler returned"); n != 1 {
				t.Errorf("the late calls were logged %d times, want once", n)
			}
		})
	}
}

// TestLateCallsRacingTheReturn: a goroutine the failing handler starts
// calls its ResponseWriter at once, racing the handler's return. Each call
// either came before the cut-off, and its write is in the response, or is
// dropped and told so: the response holds exactly the writes that were
// accepted, and the drop is logged once when there was one.
func TestLateCallsRacingTheReturn(t *testing.T) {
	logs, opt := withLog(t)
	release := make(chan struct{})
	close(release)
	accepted := make(chan int, 1)
	h := newExplainer(t, opt).Middleware(leakingFailure(release, accepted))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/reports/7", nil) // a client without a report
	req.Header.Set("Accept", "application/json")
	h.ServeHTTP(rec, req)
	var n int
	select {
	case n = <-accepted:
	case <-time.After(10 * time.Second):
		t.Fatal("the leaked goroutine did not finish")
	}
	want := "upstream down\n" + strings.Repeat("LEAKED", n)
	if rec.Code != http.StatusBadGateway || rec.Body.String() != want {
		t.Errorf("with %d writes accepted, the response is %d %q", n, rec.Code, rec.Body)
	}
	if n < 100 {
		waitFor(t, func() bool { return strings.Contains(logs.String(), "used after its handler returned") })
	}
	if got, want := strings.Count(logs.String(), "used after its handler returned"), min(100-n, 1); got != want {
		t.Errorf("%d of 100 writes were dropped; the drop was logged %d times, want %d", 100-n, got, want)
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
	for _, want := range []string{`"kind":"status"`, `"status":500`, "renderPost", "latewrites_test.go", "late:", `"explanation":"`, `"report":"http`} {
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
	if !strings.Contains(line, "superfluous response.WriteHeader call from") || !strings.Contains(line, "latewrites_test.go") {
		t.Errorf("server log %q: want the superfluous WriteHeader line naming the app", line)
	}
	if strings.Contains(line, "respcapture.(*Writer)") {
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
	if got := logs.String(); !strings.Contains(got, "latewrites_test.go") || strings.Contains(got, "go-chi") {
		t.Errorf("the warning does not name the app's call site: %s", got)
	}
}
