package explainerr_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

func writesOwn500(w http.ResponseWriter, r *http.Request) {
	err := errors.New("loading the post: database is locked")
	http.Error(w, err.Error(), http.StatusInternalServerError)
}

func TestStatusWrittenByTheApp(t *testing.T) {
	h := newExplainer(t).Middleware(http.HandlerFunc(writesOwn500))
	rec := get(h, "GET", "/posts/3", "application/json")
	if rec.Code != 500 {
		t.Fatalf("status %d", rec.Code)
	}
	rep := decodeReport(t, rec)
	if rep.Error.Kind != report.KindStatus || !strings.Contains(rep.Error.Message, "database is locked") {
		t.Errorf("error = %+v", rep.Error)
	}
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, ".writesOwn500") || !strings.Contains(f.Source.LineText(), "http.Error") {
		t.Errorf("innermost app frame = %+v (want the http.Error call in writesOwn500)", f)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q: the app's text/plain was not replaced", ct)
	}
}

func TestStatus503KeepsItsCode(t *testing.T) {
	h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "maintenance")
	}))
	rec := get(h, "GET", "/", "text/plain")
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "maintenance") {
		t.Errorf("status %d body %q", rec.Code, rec.Body.String())
	}
}

func TestFlushedStatusPassesThrough(t *testing.T) {
	logs, opt := withLog(t)
	h := newExplainer(t, opt).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(500)
		io.WriteString(w, "partial error stream")
		http.NewResponseController(w).Flush()
		io.WriteString(w, " and more")
	}))
	rec := get(h, "GET", "/", "text/html")
	if rec.Code != 500 || rec.Body.String() != "partial error stream and more" {
		t.Errorf("status %d body %q: a flushed 5xx must reach the client unchanged", rec.Code, rec.Body.String())
	}
	waitFor(t, func() bool { return strings.Contains(logs.String(), "already started") })
}

func TestPanicAfterFlushedBody(t *testing.T) {
	logs, opt := withLog(t)
	h := newExplainer(t, opt).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<ul><li>first")
		w.(http.Flusher).Flush()
		var m map[string]int
		m["boom"]++
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, readErr := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status %d: a second status was written", resp.StatusCode)
	}
	if string(body) != "<ul><li>first" {
		t.Errorf("body %q: a page was appended to the partial body", body)
	}
	if readErr == nil {
		t.Errorf("the response ended cleanly; want it aborted so the client sees it is incomplete")
	}
	waitFor(t, func() bool { return strings.Contains(logs.String(), "assignment to entry in nil map") })
	if !strings.Contains(logs.String(), "already started") {
		t.Errorf("log record lacks the note: %s", logs)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("condition not met in 2s")
}

func TestWriterKeepsFlusherHijackerAndController(t *testing.T) {
	ex := newExplainer(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if err := rc.SetWriteDeadline(time.Now().Add(5 * time.Second)); err != nil {
			http.Error(w, "deadline: "+err.Error(), 400)
			return
		}
		io.WriteString(w, "a")
		if err := rc.Flush(); err != nil {
			t.Errorf("Flush through the wrapper: %v", err)
		}
		io.WriteString(w, "b")
	})
	mux.HandleFunc("/hijack", func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Errorf("Hijack through the wrapper: %v", err)
			return
		}
		defer conn.Close()
		buf.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 8\r\nConnection: close\r\n\r\nhijacked")
		buf.Flush()
	})
	srv := httptest.NewServer(ex.Middleware(mux))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "ab" || resp.StatusCode != 200 {
		t.Errorf("stream: %d %q", resp.StatusCode, b)
	}
	resp, err = http.Get(srv.URL + "/hijack")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(bufio.NewReader(resp.Body))
	resp.Body.Close()
	if string(b) != "hijacked" {
		t.Errorf("hijack: %q", b)
	}
}

func failingHandler(w http.ResponseWriter, r *http.Request) error {
	return errors.New("comment body is required")
}

func TestHandlerFuncError(t *testing.T) {
	h := newExplainer(t).Middleware(explainerr.HandlerFunc(failingHandler))
	rep := decodeReport(t, get(h, "POST", "/comments", "application/json"))
	if rep.Error.Kind != report.KindError || rep.Error.Message != "comment body is required" {
		t.Errorf("error = %+v", rep.Error)
	}
	if f := rep.InnermostApp(); f == nil || !strings.HasSuffix(f.Function, ".failingHandler") {
		t.Errorf("innermost app frame = %+v, want the handler function", f)
	}
	if !strings.Contains(rep.Prompt.User, "failingHandler") {
		t.Errorf("prompt lacks the handler")
	}
}

func TestHandlerFuncWithoutMiddleware(t *testing.T) {
	rec := httptest.NewRecorder()
	explainerr.HandlerFunc(failingHandler).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "comment body is required") {
		t.Errorf("%d %q: want a plain 500 that says nothing about the error", rec.Code, rec.Body.String())
	}
}

type postService struct{}

func (s *postService) create(w http.ResponseWriter, r *http.Request) error {
	return errors.New("title is required")
}

func TestHandlerFuncMethodValue(t *testing.T) {
	svc := &postService{}
	h := newExplainer(t).Middleware(explainerr.HandlerFunc(svc.create))
	rep := decodeReport(t, get(h, "POST", "/posts", "application/json"))
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, "(*postService).create") || strings.HasSuffix(f.Function, "-fm") {
		t.Fatalf("innermost app frame = %+v, want the method", f)
	}
	if !strings.HasSuffix(f.File, "responsecapture_test.go") || f.Source == nil || !strings.Contains(f.Source.LineText(), `errors.New("title is required")`) {
		t.Errorf("method located at %s:%d with source %+v", f.File, f.Line, f.Source)
	}
}

func wrapsItsError(w http.ResponseWriter, r *http.Request) error {
	slug := r.URL.Query().Get("slug")
	if slug == "" {
		return nil
	}
	err := errors.New("no rows")
	return fmt.Errorf("loading post %q: %w", slug, err)
}

func TestHandlerFuncPointsAtTheReturn(t *testing.T) {
	h := newExplainer(t).Middleware(explainerr.HandlerFunc(wrapsItsError))
	rep := decodeReport(t, get(h, "GET", "/?slug=hello", "application/json"))
	f := rep.InnermostApp()
	if f == nil || !strings.Contains(f.Source.LineText(), `fmt.Errorf("loading post %q: %w"`) {
		t.Fatalf("frame = %+v; want the line that made the error", f)
	}
}
