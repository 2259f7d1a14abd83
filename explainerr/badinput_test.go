package explainerr_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/index"
)

// panickyError is an error whose Error method panics.
type panickyError struct{}

func (panickyError) Error() string { panic("Error exploded") }

// nestedPanic is a panic value whose Error method panics with a value whose
// String method panics too.
type nestedPanic struct{}

func (nestedPanic) Error() string { panic(panickyStringer{}) }

// wrapsPanicky wraps a panicking error, so that the Unwrap chain meets it.
type wrapsPanicky struct{}

func (wrapsPanicky) Error() string { return "outer failure" }
func (wrapsPanicky) Unwrap() error { return panickyError{} }

// serveReal starts h on a real loopback server and returns a function that
// sends one GET with accept and returns the status and body.
func serveReal(t *testing.T, h http.Handler) func(path, accept string, header http.Header) (int, string) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return func(path, accept string, header http.Header) (int, string) {
		t.Helper()
		req, err := http.NewRequest("GET", srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, vs := range header {
			req.Header[k] = vs
		}
		req.Header.Set("Accept", accept)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatalf("GET %s: reading the body: %v", path, err)
		}
		return resp.StatusCode, string(b)
	}
}

// badInputHandler fails in the way the path names, and answers "fine" on
// /ok, so that a test can check the server still serves.
func badInputHandler(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/ok":
		io.WriteString(w, "fine")
	case "/error-panics":
		panic(panickyError{})
	case "/nested":
		panic(nestedPanic{})
	case "/chain-panics":
		panic(wrapsPanicky{})
	case "/huge-binary":
		b := make([]byte, 10<<20)
		for i := range b {
			b[i] = byte(i*7 + i>>8)
		}
		panic(string(b))
	case "/huge-error":
		panic(errors.New(strings.Repeat("<b>huge</b> ", 1<<20)))
	case "/returned-nil-error":
		var err *os.PathError
		panic(fmt.Errorf("wrapping a typed nil: %w", err))
	default:
		panic("unexpected path " + r.URL.Path)
	}
}

func TestBadPanicValuesOnARealServer(t *testing.T) {
	do := serveReal(t, newExplainer(t).Middleware(http.HandlerFunc(badInputHandler)))
	cases := []struct{ path, typ, msg string }{
		{"/error-panics", "explainerr_test.panickyError", "Error exploded"},
		{"/nested", "explainerr_test.nestedPanic", "panicked"},
		{"/chain-panics", "explainerr_test.wrapsPanicky", "outer failure"},
		{"/huge-binary", "string", "bytes in all"},
		{"/huge-error", "*errors.errorString", "bytes in all"},
		{"/returned-nil-error", "*fmt.wrapError", "wrapping a typed nil"},
	}
	for _, c := range cases {
		t.Run(strings.TrimPrefix(c.path, "/"), func(t *testing.T) {
			for _, accept := range []string{"application/json", "text/html", "text/plain"} {
				code, body := do(c.path, accept, nil)
				if code != 500 {
					t.Fatalf("%s: status %d", accept, code)
				}
				if len(body) > 1<<20 {
					t.Errorf("%s: response of %d bytes for a bounded message", accept, len(body))
				}
				if !utf8.ValidString(body) && accept != "text/plain" {
					t.Errorf("%s: response is not valid UTF-8", accept)
				}
				switch accept {
				case "application/json":
					rep := decodeJSON(t, body)
					if rep.Error.Type != c.typ || !strings.Contains(rep.Error.Message, c.msg) {
						t.Errorf("error = %.300v, want type %s and a message with %q", rep.Error, c.typ, c.msg)
					}
					if rep.Explanation.Text == "" {
						t.Errorf("no explanation: %+v", rep.Explanation)
					}
				case "text/html":
					if !strings.HasSuffix(strings.TrimSpace(body), "</html>") {
						t.Errorf("incomplete page: %s", tail(body, 500))
					}
					if strings.Contains(body, "<b>huge</b>") {
						t.Errorf("markup from the panic value rendered")
					}
				}
			}
			if code, body := do("/ok", "text/html", nil); code != 200 || body != "fine" {
				t.Errorf("after the failure: %d %q", code, body)
			}
		})
	}
}

func TestTenThousandHeaders(t *testing.T) {
	do := serveReal(t, newExplainer(t).Middleware(http.HandlerFunc(badInputHandler)))
	header := http.Header{}
	for i := range 10000 {
		header.Set(fmt.Sprintf("X-Header-%05d", i), fmt.Sprintf("value %d", i))
	}
	code, body := do("/unknown", "application/json", header)
	if code != 500 {
		t.Fatalf("status %d: %.300s", code, body)
	}
	rep := decodeJSON(t, body)
	if len(rep.Request.Headers) > 100 || len(rep.Request.Headers) < 10 {
		t.Errorf("%d headers kept of 10000", len(rep.Request.Headers))
	}
	if !strings.Contains(fmt.Sprint(rep.Request.Headers), "more headers not shown") {
		t.Errorf("the page does not say headers were left out: %v", rep.Request.Headers)
	}
	if len(rep.Prompt.User) > 8000 {
		t.Errorf("prompt of %d characters", len(rep.Prompt.User))
	}
	code, page := do("/unknown", "text/html", header)
	if code != 500 || !strings.HasSuffix(strings.TrimSpace(page), "</html>") || len(page) > 1<<20 {
		t.Errorf("page: status %d, %d bytes", code, len(page))
	}
	if code, body := do("/ok", "text/html", nil); code != 200 || body != "fine" {
		t.Errorf("after the failure: %d %q", code, body)
	}
}

// panickyWriter is an outer middleware's ResponseWriter that panics on the
// first Write: the page fails while it is being rendered.
type panickyWriter struct {
	http.ResponseWriter
}

func (panickyWriter) Write([]byte) (int, error) { panic("the connection's writer exploded") }

func (w panickyWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// TestPanicWhileRenderingThePage makes the page itself fail: the writer
// below the middleware panics as the page is written. The middleware must
// not panic out of the handler, must log the failure with a notice, and the
// server must keep serving.
func TestPanicWhileRenderingThePage(t *testing.T) {
	logs, opt := withLog(t)
	ex := newExplainer(t, opt)
	inner := ex.Middleware(http.HandlerFunc(badInputHandler))
	outer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ok" {
			inner.ServeHTTP(w, r)
			return
		}
		inner.ServeHTTP(panickyWriter{w}, r)
	})
	for _, accept := range []string{"text/html", "application/json", "text/markdown"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/nested", nil)
		req.RemoteAddr = "127.0.0.1:1"
		req.Header.Set("Accept", accept)
		if p := catchPanic(func() { outer.ServeHTTP(rec, req) }); p != nil {
			t.Fatalf("%s: the middleware panicked while rendering: %v", accept, p)
		}
		if rec.Code != 500 {
			t.Errorf("%s: status %d", accept, rec.Code)
		}
	}
	if got := logs.String(); strings.Count(got, "rendering the error page failed") != 3 {
		t.Errorf("want 3 log records saying rendering failed, got:\n%s", got)
	}
	if rec := get(outer, "GET", "/ok", "text/html"); rec.Code != 200 || rec.Body.String() != "fine" {
		t.Errorf("after the failure: %d %q", rec.Code, rec.Body.String())
	}
}

// panickyProvider panics in Explain.
type panickyProvider struct{}

func (panickyProvider) Name() string  { return "panicky" }
func (panickyProvider) Model() string { return "" }
func (panickyProvider) Explain(context.Context, provider.Request, func(string)) (provider.Result, error) {
	panic("the provider exploded")
}

// panickyRetriever panics in Retrieve.
type panickyRetriever struct{}

func (panickyRetriever) Retrieve(context.Context, *report.Report) ([]report.Chunk, error) {
	panic("the retriever exploded")
}

func TestPanickingProviderAndRetriever(t *testing.T) {
	cases := []struct {
		name string
		opts []explainerr.Option
		says string
	}{
		{"provider", []explainerr.Option{explainerr.WithProvider(panickyProvider{})}, "the provider exploded"},
		{"retriever", []explainerr.Option{explainerr.WithRAG(true), explainerr.WithRetriever(panickyRetriever{})}, "the retriever exploded"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			do := serveReal(t, newExplainer(t, c.opts...).Middleware(http.HandlerFunc(badInputHandler)))
			code, body := do("/error-panics", "application/json", nil)
			if code != 500 {
				t.Fatalf("status %d: %.500s", code, body)
			}
			rep := decodeJSON(t, body)
			all := rep.Explanation.Error + strings.Join(rep.Notices, "\n")
			if !strings.Contains(all, c.says) {
				t.Errorf("neither the explanation nor the notices say %q: %+v %q", c.says, rep.Explanation, rep.Notices)
			}
			code, page := do("/error-panics", "text/html", nil)
			if code != 500 || !strings.Contains(page, c.says) || !strings.HasSuffix(strings.TrimSpace(page), "</html>") {
				t.Errorf("page: status %d, says %q: %v", code, c.says, strings.Contains(page, c.says))
			}
			if code, body := do("/ok", "text/html", nil); code != 200 || body != "fine" {
				t.Errorf("after the failure: %d %q", code, body)
			}
		})
	}
}

// badIndexFiles writes an index file that is not SQLite and one that is a
// real index cut in half, and returns their paths.
func badIndexFiles(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	notSQLite := filepath.Join(dir, "not-sqlite.db")
	if err := os.WriteFile(notSQLite, []byte("this is not a database\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := blogIndex(t)
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "truncated.db")
	if err := os.WriteFile(truncated, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"not SQLite": notSQLite, "truncated": truncated, "empty": empty}
}

// indexFile is a Retriever over an index file opened for each failure, the
// way a server finds the index that "explainerr index" built.
type indexFile string

func (f indexFile) Retrieve(ctx context.Context, r *report.Report) ([]report.Chunk, error) {
	ret, err := index.OpenRetriever(string(f), index.RetrieverOptions{})
	if err != nil {
		return nil, err
	}
	defer ret.Close()
	return ret.Retrieve(ctx, r)
}

func TestBadIndexFiles(t *testing.T) {
	for name, path := range badIndexFiles(t) {
		for _, how := range []string{"WithIndexPath", "index.OpenRetriever"} {
			t.Run(name+"/"+how, func(t *testing.T) {
				opts := []explainerr.Option{explainerr.WithRAG(true), explainerr.WithIndexPath(path)}
				if how == "index.OpenRetriever" {
					opts = append(opts, explainerr.WithRetriever(indexFile(path)))
				}
				do := serveReal(t, newExplainer(t, opts...).Middleware(http.HandlerFunc(badInputHandler)))
				code, body := do("/error-panics", "application/json", nil)
				if code != 500 {
					t.Fatalf("status %d: %.500s", code, body)
				}
				rep := decodeJSON(t, body)
				notices := strings.Join(rep.Notices, "\n")
				if rep.Mode != report.ModeStatic || !strings.Contains(notices, "Retrieval is on but failed") {
					t.Errorf("mode %q, notices %q", rep.Mode, rep.Notices)
				}
				if rep.Explanation.Text == "" {
					t.Errorf("no explanation without retrieval: %+v", rep.Explanation)
				}
				code, page := do("/error-panics", "text/html", nil)
				if code != 500 || !strings.Contains(page, "Retrieval is on but failed") || !strings.HasSuffix(strings.TrimSpace(page), "</html>") {
					t.Errorf("page: status %d, notice shown %v", code, strings.Contains(page, "Retrieval is on but failed"))
				}
				if !strings.Contains(notices, path) || !strings.Contains(notices, "rebuild") && !strings.Contains(notices, "explainerr index") {
					t.Errorf("the notice does not name the index and how to fix it: %q", notices)
				}
				if code, body := do("/ok", "text/html", nil); code != 200 || body != "fine" {
					t.Errorf("after the failure: %d %q", code, body)
				}
			})
		}
	}
}
