//lint:file-ignore SA1019 chi's RealIP is deprecated as spoofable; apps still use it, so placement is tested under it.
package explainerr_test

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// These tests put explainerr inside and outside the middleware real apps
// use, through real servers; the README's "Placement" section states what
// they show.

// fetch sends one GET to url with the given headers through a client that
// leaves the body as the server sent it (no transparent gzip).
func fetch(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}, Timeout: 20 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading the body: %v", url, err)
	}
	return resp, body
}

func jsonReport(t *testing.T, body []byte) report.Report {
	t.Helper()
	var rep report.Report
	if err := json.Unmarshal(body, &rep); err != nil {
		t.Fatalf("not a JSON report: %v\n%.500s", err, body)
	}
	return rep
}

// writesToNilMap panics; the line below is the panic site.
func writesToNilMap(w http.ResponseWriter, r *http.Request) {
	var drafts map[string]string
	drafts[r.URL.Path] = "draft" // the panic site
}

func TestRecovererInsideIsReportedAsARecoveredPanic(t *testing.T) {
	r := chi.NewRouter()
	r.Use(newExplainer(t).Middleware)
	r.Use(middleware.Recoverer)
	r.Get("/drafts", writesToNilMap)
	srv := httptest.NewServer(r)
	defer srv.Close()

	resp, body := fetch(t, srv.URL+"/drafts", map[string]string{"Accept": "application/json"})
	if resp.StatusCode != 500 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	rep := jsonReport(t, body)
	if rep.Error.Kind != report.KindPanic {
		t.Errorf("kind %q, want a panic", rep.Error.Kind)
	}
	if !strings.Contains(rep.Error.Recoverer, "middleware.Recoverer") {
		t.Errorf("recoverer %q, want chi's Recoverer named", rep.Error.Recoverer)
	}
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, ".writesToNilMap") || !strings.Contains(f.Source.LineText(), "the panic site") {
		t.Errorf("innermost app frame %+v, want the panic site", f)
	}
	notes := strings.Join(rep.Notices, "\n")
	if !strings.Contains(notes, "value is gone") || !strings.Contains(notes, "stderr") {
		t.Errorf("notices %q: want where the panic value went", notes)
	}
}

func TestRecovererOutsideNeverSeesThePanic(t *testing.T) {
	r := chi.NewRouter()
	r.Use(middleware.Recoverer)
	r.Use(newExplainer(t).Middleware)
	r.Get("/drafts", writesToNilMap)
	srv := httptest.NewServer(r)
	defer srv.Close()

	resp, body := fetch(t, srv.URL+"/drafts", map[string]string{"Accept": "application/json"})
	rep := jsonReport(t, body)
	if resp.StatusCode != 500 || rep.Error.Kind != report.KindPanic || rep.Error.Recoverer != "" ||
		!strings.Contains(rep.Error.Message, "assignment to entry in nil map") {
		t.Errorf("status %d, error %+v: explainerr should have recovered the panic itself, value and all", resp.StatusCode, rep.Error)
	}
}

// savesDraft reports a storage error as most apps do; chi's compressor
// compresses text/plain.
func savesDraft(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "saving the draft: database is locked", http.StatusInternalServerError)
}

func TestCompressorInside(t *testing.T) {
	for _, c := range []struct{ accept, encoding string }{
		{"application/json", "gzip"}, {"text/html", "gzip"}, {"text/plain", "gzip"}, {"application/json", "deflate"},
	} {
		accept := c.accept
		t.Run(accept+"/"+c.encoding, func(t *testing.T) {
			r := chi.NewRouter()
			r.Use(newExplainer(t).Middleware)
			r.Use(middleware.Compress(5))
			r.Get("/save", savesDraft)
			srv := httptest.NewServer(r)
			defer srv.Close()

			resp, body := fetch(t, srv.URL+"/save", map[string]string{"Accept": accept, "Accept-Encoding": c.encoding})
			if ce := resp.Header.Get("Content-Encoding"); ce != "" {
				t.Fatalf("the page went out with Content-Encoding %q over a plain body", ce)
			}
			if !strings.Contains(string(body), "database is locked") {
				t.Errorf("the compressed body was not decoded for the message:\n%.500s", body)
			}
			if accept == "application/json" {
				if rep := jsonReport(t, body); rep.Error.Message != "saving the draft: database is locked\n" {
					t.Errorf("message %q", rep.Error.Message)
				}
			}
		})
	}
}

// TestUndecodableBodyIsMarked: a body in an encoding explainerr cannot
// decode is described, never shown as bytes.
func TestUndecodableBodyIsMarked(t *testing.T) {
	h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "br")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte{0x1b, 0x03, 0x00, 0xf8, 0xa5, 0x40})
	}))
	rec := get(h, "GET", "/", "application/json")
	rep := decodeReport(t, rec)
	if !strings.Contains(rep.Error.Message, `Content-Encoding "br"`) || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("message %q, Content-Encoding %q", rep.Error.Message, rec.Header().Get("Content-Encoding"))
	}
}

func TestCompressorInsideRefusedClientGetsTheCompressedBody(t *testing.T) {
	r := chi.NewRouter()
	r.Use(newExplainer(t, explainerr.WithAllowRemote(func(*http.Request) bool { return false })).Middleware)
	r.Use(middleware.Compress(5))
	r.Get("/save", savesDraft)
	srv := httptest.NewServer(r)
	defer srv.Close()

	resp, body := fetch(t, srv.URL+"/save", map[string]string{"Accept-Encoding": "gzip"})
	if resp.StatusCode != 500 || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("status %d, Content-Encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || string(plain) != "saving the draft: database is locked\n" {
		t.Errorf("the app's compressed response did not pass through intact: %q, %v", plain, err)
	}
}

func TestCompressorOutside(t *testing.T) {
	r := chi.NewRouter()
	r.Use(middleware.Compress(5, "application/json"))
	r.Use(newExplainer(t).Middleware)
	r.Get("/save", savesDraft)
	srv := httptest.NewServer(r)
	defer srv.Close()

	resp, body := fetch(t, srv.URL+"/save", map[string]string{"Accept": "application/json", "Accept-Encoding": "gzip"})
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q: the compressor outside should compress the report", resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if rep := jsonReport(t, plain); rep.Error.Message != "saving the draft: database is locked\n" {
		t.Errorf("message %q", rep.Error.Message)
	}
}

// statusWriter is an access log's pass-through wrapper, as apps write them.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (sw *statusWriter) WriteHeader(code int) {
	sw.status = code
	sw.ResponseWriter.WriteHeader(code)
}

func (sw *statusWriter) Write(p []byte) (int, error) {
	if sw.status == 0 {
		sw.status = http.StatusOK
	}
	return sw.ResponseWriter.Write(p)
}

// accessLog records the status each request got, as the app's logger does.
func accessLog(statuses chan<- int) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sw := &statusWriter{ResponseWriter: w}
			next.ServeHTTP(sw, r)
			statuses <- sw.status
		})
	}
}

func TestLoggerInsideIsNotBlamed(t *testing.T) {
	statuses := make(chan int, 1)
	r := chi.NewRouter()
	r.Use(newExplainer(t).Middleware)
	r.Use(accessLog(statuses))
	r.Get("/save", savesDraft)
	srv := httptest.NewServer(r)
	defer srv.Close()

	_, body := fetch(t, srv.URL+"/save", map[string]string{"Accept": "application/json"})
	rep := jsonReport(t, body)
	f := rep.InnermostApp()
	if f == nil || !strings.HasSuffix(f.Function, ".savesDraft") || !strings.Contains(f.Source.LineText(), "http.Error") {
		t.Errorf("blamed %+v, want the http.Error call in savesDraft", f)
	}
	for _, fr := range rep.Frames {
		if strings.Contains(fr.Function, "statusWriter") {
			t.Errorf("the access log's wrapper is in the trace: %s", fr.Function)
		}
	}
	if got := <-statuses; got != 500 {
		t.Errorf("the logger inside saw status %d", got)
	}
}

func TestLoggerOutsideSeesTheStatusTheClientGot(t *testing.T) {
	statuses := make(chan int, 1)
	r := chi.NewRouter()
	r.Use(accessLog(statuses))
	r.Use(newExplainer(t).Middleware)
	r.Get("/drafts", writesToNilMap)
	srv := httptest.NewServer(r)
	defer srv.Close()

	resp, body := fetch(t, srv.URL+"/drafts", map[string]string{"Accept": "application/json"})
	if rep := jsonReport(t, body); resp.StatusCode != 500 || rep.Error.Kind != report.KindPanic {
		t.Fatalf("status %d, %+v", resp.StatusCode, rep.Error)
	}
	if got := <-statuses; got != 500 {
		t.Errorf("the logger outside logged status %d for a request answered with 500", got)
	}
}

func TestTimeoutHandlerInsideKeepsWhatItCan(t *testing.T) {
	ex := newExplainer(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/panic", writesToNilMap)
	mux.HandleFunc("/status", savesDraft)
	mux.Handle("/returned", explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("loading the draft: no rows")
	}))
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	// A long limit for the failing handlers, a short one for /slow.
	long := http.TimeoutHandler(mux, 20*time.Second, "timed out")
	short := http.TimeoutHandler(mux, 10*time.Millisecond, "timed out")
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			short.ServeHTTP(w, r)
			return
		}
		long.ServeHTTP(w, r)
	})))
	defer srv.Close()
	get := func(path string) report.Report {
		_, body := fetch(t, srv.URL+path, map[string]string{"Accept": "application/json"})
		return jsonReport(t, body)
	}

	// A panic: TimeoutHandler re-panics it on its own goroutine. The value
	// is kept; the panic site is lost, and the report says so.
	rep := get("/panic")
	if rep.Error.Kind != report.KindPanic || !strings.Contains(rep.Error.Message, "assignment to entry in nil map") {
		t.Errorf("panic: %+v", rep.Error)
	}
	if !strings.Contains(strings.Join(rep.Notices, " "), "TimeoutHandler") {
		t.Errorf("panic: no notice of what TimeoutHandler hid: %q", rep.Notices)
	}
	for _, f := range rep.AppFrames() {
		if strings.HasSuffix(f.Function, ".writesToNilMap") {
			t.Errorf("panic: the panic site %s survived TimeoutHandler; update the README", f.Function)
		}
	}

	// A 5xx the app wrote: TimeoutHandler copies it after the handler
	// returned. The status and body are kept; the call site is lost.
	rep = get("/status")
	if rep.Error.Kind != report.KindStatus || rep.Error.Message != "saving the draft: database is locked\n" {
		t.Errorf("status: %+v", rep.Error)
	}
	if !strings.Contains(strings.Join(rep.Notices, " "), "TimeoutHandler") {
		t.Errorf("status: no notice of what TimeoutHandler hid: %q", rep.Notices)
	}

	// A returned error: HandlerFunc cannot reach explainerr through
	// TimeoutHandler's writer (it has no Unwrap), so it answers a plain
	// 500; the error's text is lost.
	rep = get("/returned")
	if rep.Error.Kind != report.KindStatus || strings.Contains(rep.Error.Message, "no rows") {
		t.Errorf("returned: %+v", rep.Error)
	}

	// The timeout itself is a 503 TimeoutHandler writes.
	rep = get("/slow")
	if rep.Error.Kind != report.KindStatus || rep.Error.Message != "timed out" {
		t.Errorf("timeout: %+v", rep.Error)
	}
}

func TestTimeoutHandlerOutsideKeepsEverything(t *testing.T) {
	ex := newExplainer(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/panic", writesToNilMap)
	mux.Handle("/returned", explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("loading the draft: no rows")
	}))
	srv := httptest.NewServer(http.TimeoutHandler(ex.Middleware(mux), 20*time.Second, "timed out"))
	defer srv.Close()

	_, body := fetch(t, srv.URL+"/panic", map[string]string{"Accept": "application/json"})
	rep := jsonReport(t, body)
	if f := rep.InnermostApp(); f == nil || !strings.HasSuffix(f.Function, ".writesToNilMap") {
		t.Errorf("panic site %+v", f)
	}
	_, body = fetch(t, srv.URL+"/returned", map[string]string{"Accept": "application/json"})
	if rep := jsonReport(t, body); rep.Error.Kind != report.KindError || rep.Error.Message != "loading the draft: no rows" {
		t.Errorf("returned: %+v", rep.Error)
	}
}

// remoteListener makes every connection look as if it came from another
// machine to a server bound to all interfaces, without sending traffic
// beyond loopback.
type remoteListener struct{ net.Listener }

func (l remoteListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return remoteConn{c}, nil
}

type remoteConn struct{ net.Conn }

func (remoteConn) RemoteAddr() net.Addr {
	return &net.TCPAddr{IP: net.ParseIP("203.0.113.9"), Port: 40000}
}
func (remoteConn) LocalAddr() net.Addr {
	return &net.TCPAddr{IP: net.ParseIP("192.0.2.10"), Port: 8080}
}

func TestRealIPOnEitherSideGivesNoReportToARemoteClient(t *testing.T) {
	for _, order := range []string{"RealIP outside", "RealIP inside"} {
		t.Run(order, func(t *testing.T) {
			ex := newExplainer(t)
			r := chi.NewRouter()
			if order == "RealIP outside" {
				r.Use(middleware.RealIP, ex.Middleware)
			} else {
				r.Use(ex.Middleware, middleware.RealIP)
			}
			r.Get("/drafts", writesToNilMap)
			srv := httptest.NewUnstartedServer(r)
			srv.Listener = remoteListener{srv.Listener}
			srv.Start()
			defer srv.Close()

			for _, h := range []string{"X-Forwarded-For", "X-Real-IP", "True-Client-IP"} {
				resp, body := fetch(t, srv.URL+"/drafts", map[string]string{"Accept": "application/json", h: "127.0.0.1"})
				if resp.StatusCode != 500 || strings.Contains(string(body), "writesToNilMap") || strings.Contains(string(body), "nil map") {
					t.Errorf("%s: status %d, body %.200q: a remote client got details", h, resp.StatusCode, body)
				}
			}
		})
	}
}

// writesThenFails writes part of a page, then an error status: a failure
// after the response started.
func writesThenFails(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, "<h1>Post</h1>")
	http.Error(w, "rendering the post: template: post.html:3: nil pointer evaluating *Post.Title", http.StatusInternalServerError)
}

// TestChiLoggerPlacement: chi's request logger outside explainerr logs
// the status the client got and lets explainerr see a late 5xx; inside,
// it logs no status for a panic explainerr answered (the panic passes
// through it first) and its writer drops the late WriteHeader before
// explainerr sees it.
func TestChiLoggerPlacement(t *testing.T) {
	for _, outside := range []bool{true, false} {
		t.Run(map[bool]string{true: "outside", false: "inside"}[outside], func(t *testing.T) {
			access := &logBuffer{}
			logger := middleware.RequestLogger(&middleware.DefaultLogFormatter{Logger: log.New(access, "", 0), NoColor: true})
			logs, opt := withLog(t)
			r := chi.NewRouter()
			if outside {
				r.Use(logger, newExplainer(t, opt).Middleware)
			} else {
				r.Use(newExplainer(t, opt).Middleware, logger)
			}
			r.Get("/drafts", writesToNilMap)
			r.Get("/late", writesThenFails)
			serverLog := &logBuffer{}
			srv := httptest.NewUnstartedServer(r)
			srv.Config.ErrorLog = log.New(serverLog, "", 0)
			srv.Start()
			defer srv.Close()

			resp, _ := fetch(t, srv.URL+"/drafts", nil)
			fetch(t, srv.URL+"/late", nil)
			waitFor(t, func() bool { return strings.Count(access.String(), "\n") >= 2 })
			logged, superfluous := access.String(), strings.Contains(serverLog.String(), "superfluous response.WriteHeader call from")
			if resp.StatusCode != 500 {
				t.Fatalf("the panic was answered %d", resp.StatusCode)
			}
			panicLine := logged[:strings.Index(logged, "\n")]
			want := map[bool]string{true: " - 500 ", false: " - 000 "}[outside]
			if !strings.Contains(panicLine, want) {
				t.Errorf("the access log's line for the panic is %q, want %q in it", panicLine, want)
			}
			// explainerr sees the late WriteHeader (and logs net/http's
			// line for it) only when chi's writer does not drop it first.
			if superfluous != outside {
				t.Errorf("explainerr saw the late WriteHeader: %v, want %v", superfluous, outside)
			}
			if outside {
				waitFor(t, func() bool { return strings.Contains(logs.String(), "nil pointer evaluating") })
			}
		})
	}
}
