//lint:file-ignore SA1019 chi's RealIP is deprecated as spoofable; apps still use it, so the guard is tested under it.

package explainerr_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/cors"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// Addresses of a simulated connection from another machine to a server
// bound to all interfaces: the peer, and this machine's public address.
const (
	remotePeer  = "192.0.2.10:40000"
	publicLocal = "192.0.2.1:8080"
)

// addrListener accepts real loopback connections but reports the given
// addresses for them, as a server bound to all interfaces sees a
// connection from another machine. No traffic leaves the machine.
type addrListener struct {
	net.Listener
	local, remote net.Addr
}

func (l addrListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return addrConn{Conn: c, local: l.local, remote: l.remote}, nil
}

type addrConn struct {
	net.Conn
	local, remote net.Addr
}

func (c addrConn) LocalAddr() net.Addr  { return c.local }
func (c addrConn) RemoteAddr() net.Addr { return c.remote }

// serveAs serves h with an http.Server on a loopback listener whose
// connections claim to come from remote to local ("" keeps the real
// loopback addresses), and returns the URL to reach it.
func serveAs(t *testing.T, h http.Handler, local, remote string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if remote != "" {
		ln = addrListener{Listener: ln, local: net.TCPAddrFromAddrPort(mustAddrPort(t, local)), remote: net.TCPAddrFromAddrPort(mustAddrPort(t, remote))}
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

func mustAddrPort(t *testing.T, s string) netip.AddrPort {
	t.Helper()
	ap, err := netip.ParseAddrPort(s)
	if err != nil {
		t.Fatal(err)
	}
	return ap
}

// client is an HTTP client that never uses a proxy from the environment.
var client = &http.Client{Transport: &http.Transport{Proxy: nil}, Timeout: 30 * time.Second}

// reply is what a client received.
type reply struct {
	status int
	header http.Header
	body   string
}

// send makes one request to base+path with the given Accept, Host (when
// not empty) and headers.
func send(t *testing.T, base, path, accept, host string, header http.Header) reply {
	t.Helper()
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading the body: %v", path, err)
	}
	return reply{resp.StatusCode, resp.Header, string(b)}
}

// Secrets the failing handlers hold; a refused client must never see them.
const (
	guardSecret = "dsnPw-Qa17Zx93"
	appBody     = "the app's own 503 page\n"
)

// failingApp fails on each path in one of the three ways the middleware
// catches: a panic, a returned error, and a 5xx the app writes itself.
func failingApp() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/panic", func(http.ResponseWriter, *http.Request) {
		panic("connecting to postgres://blog:" + guardSecret + "@db/blog failed")
	})
	mux.Handle("/error", explainerr.HandlerFunc(func(http.ResponseWriter, *http.Request) error {
		return errors.New("connecting to postgres://blog:" + guardSecret + "@db/blog failed")
	}))
	mux.HandleFunc("/status", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, appBody)
	})
	return mux
}

// guardRig is an Explainer whose model calls and log are counted.
type guardRig struct {
	ex   *explainerr.Explainer
	fake *fakeopenai.Server
	logs *logBuffer
}

func newGuardRig(t *testing.T, opts ...explainerr.Option) *guardRig {
	t.Helper()
	fake := fakeopenai.New()
	t.Cleanup(fake.Close)
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("model says: look at the DSN") })
	logs, logOpt := withLog(t)
	opts = append([]explainerr.Option{logOpt, explainerr.WithThrottle(-1, time.Minute), explainerr.WithCacheSize(-1)}, opts...)
	return &guardRig{ex: modelExplainer(t, fake.URL, fake.Client(), opts...), fake: fake, logs: logs}
}

// refusals counts the log records that say a client got no report, once
// the failures of refused clients queued so far are reported.
func (g *guardRig) refusals() int {
	g.ex.AwaitRefused()
	return strings.Count(g.logs.String(), "no report for this client: ")
}

// expectRefused checks that the reply to a refused client says nothing
// the app did not say itself, that nothing asked the model, and that the
// log says why, in one record, mentioning reason.
func (g *guardRig) expectRefused(t *testing.T, path string, got reply, reason string) {
	t.Helper()
	want := "Internal Server Error\n"
	wantStatus := 500
	if strings.HasSuffix(path, "/status") {
		want, wantStatus = appBody, 503
	}
	if got.status != wantStatus || got.body != want {
		t.Errorf("%s: refused client got %d %.300q, want %d %q", path, got.status, got.body, wantStatus, want)
	}
	if strings.Contains(got.body, guardSecret) {
		t.Errorf("%s: refused client got the secret", path)
	}
	if v := got.header.Get("X-Explainerr-Report"); v != "" {
		t.Errorf("%s: refused client got a report link %q", path, v)
	}
	n := g.refusals()
	if calls := g.fake.Calls(); calls != 0 {
		t.Errorf("%s: a refused client caused %d model calls", path, calls)
	}
	if n != 1 {
		t.Errorf("%s: %d log records say why the client was refused, want 1:\n%s", path, n, g.logs)
	}
	if !strings.Contains(g.logs.String(), reason) {
		t.Errorf("%s: the log does not say %q:\n%s", path, reason, g.logs)
	}
}

// expectReport checks that the developer got the report.
func expectReport(t *testing.T, path string, got reply) {
	t.Helper()
	if got.status < 500 || !strings.Contains(got.body, "model says: look at the DSN") {
		t.Errorf("%s: the developer got no report: %d %.300q", path, got.status, got.body)
	}
	if strings.Contains(got.body, guardSecret) {
		t.Errorf("%s: the report shows the secret", path)
	}
}

var failurePaths = []string{"/panic", "/error", "/status"}

func TestRemotePeerGetsNothing(t *testing.T) {
	spoof := http.Header{
		"X-Forwarded-For": {"127.0.0.1"},
		"X-Real-Ip":       {"::1"},
		"True-Client-Ip":  {"127.0.0.1"},
	}
	stacks := map[string]func(*explainerr.Explainer, http.Handler) http.Handler{
		"alone": func(ex *explainerr.Explainer, h http.Handler) http.Handler { return ex.Middleware(h) },
		"RealIP before": func(ex *explainerr.Explainer, h http.Handler) http.Handler {
			return middleware.RealIP(ex.Middleware(h))
		},
		"RealIP after": func(ex *explainerr.Explainer, h http.Handler) http.Handler {
			return ex.Middleware(middleware.RealIP(h))
		},
	}
	for name, stack := range stacks {
		for _, hdr := range []http.Header{nil, spoof, {"X-Forwarded-For": {"127.0.0.1"}}, {"X-Real-Ip": {"::1"}}, {"True-Client-Ip": {"127.0.0.1"}}} {
			for _, path := range failurePaths {
				for _, accept := range []string{"text/html", "application/json", ""} {
					g := newGuardRig(t)
					base := serveAs(t, stack(g.ex, failingApp()), publicLocal, remotePeer)
					got := send(t, base, path, accept, "localhost", hdr)
					reason := "address is not loopback"
					if name == "RealIP before" && hdr != nil {
						reason = "rewritten before explainerr saw it"
					}
					g.expectRefused(t, name+" "+path, got, reason)
				}
			}
		}
	}
}

func TestSpoofedHeadersFromThisMachineGetNothing(t *testing.T) {
	// A loopback peer with forwarding headers is a proxy or tunnel that
	// may be relaying anyone, with RealIP before or after explainerr.
	for _, realIPFirst := range []bool{false, true} {
		for _, h := range []string{"X-Forwarded-For", "X-Real-Ip", "True-Client-Ip", "Cf-Connecting-Ip", "Forwarded"} {
			g := newGuardRig(t)
			handler := g.ex.Middleware(middleware.RealIP(failingApp()))
			if realIPFirst {
				handler = middleware.RealIP(g.ex.Middleware(failingApp()))
			}
			base := serveAs(t, handler, "", "")
			v := "203.0.113.9"
			if h == "Forwarded" {
				v = "for=203.0.113.9"
			}
			got := send(t, base, "/panic", "application/json", "", http.Header{h: {v}})
			g.expectRefused(t, h, got, "no trusted proxies are named")
		}
	}
}

func TestLoopbackReverseProxy(t *testing.T) {
	// proxyFor starts a reverse proxy to app on this machine; clients
	// reach it from clientAddr ("" for a real loopback client).
	proxyFor := func(t *testing.T, app, clientAddr string) string {
		target, _ := url.Parse(app)
		rp := httputil.NewSingleHostReverseProxy(target)
		if clientAddr == "" {
			return serveAs(t, rp, "", "")
		}
		return serveAs(t, rp, publicLocal, clientAddr)
	}
	trustLocal := explainerr.WithTrustedProxies("127.0.0.1", "::1")
	cases := []struct {
		name   string
		opts   []explainerr.Option
		client string
		header http.Header
		reason string // "" when the developer gets the report
	}{
		{"remote client, default settings", nil, "203.0.113.9:5000", nil, "no trusted proxies are named"},
		{"remote client, trusted proxy", []explainerr.Option{trustLocal}, "203.0.113.9:5000", nil, "X-Forwarded-For: 203.0.113.9"},
		{"remote client claiming loopback, trusted proxy", []explainerr.Option{trustLocal}, "203.0.113.9:5000", http.Header{"X-Forwarded-For": {"127.0.0.1"}}, "X-Forwarded-For: 203.0.113.9"},
		{"remote client, deprecated trust option", []explainerr.Option{explainerr.WithTrustForwardedFor(true)}, "203.0.113.9:5000", nil, `203.0.113.9`},
		{"local client, default settings", nil, "", nil, "no trusted proxies are named"},
		{"local client with a remote True-Client-IP, trusted proxy", []explainerr.Option{trustLocal}, "", http.Header{"True-Client-Ip": {"203.0.113.9"}}, "True-Client-Ip: 203.0.113.9"},
		{"local client, trusted proxy", []explainerr.Option{trustLocal}, "", nil, ""},
	}
	for _, c := range cases {
		for _, realIP := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, RealIP before explainerr: %v", c.name, realIP), func(t *testing.T) {
				for _, path := range failurePaths {
					g := newGuardRig(t, c.opts...)
					handler := g.ex.Middleware(failingApp())
					if realIP {
						handler = middleware.RealIP(handler)
					}
					app := serveAs(t, handler, "", "")
					proxy := proxyFor(t, app, c.client)
					got := send(t, proxy, path, "application/json", "", c.header)
					if c.reason == "" {
						expectReport(t, path, got)
						continue
					}
					g.expectRefused(t, path, got, c.reason)
				}
			})
		}
	}
}

func TestHostRebindingGetsNothing(t *testing.T) {
	myapp := explainerr.WithAllowedHosts("myapp.test")
	for _, c := range []struct {
		host string
		opts []explainerr.Option
		ok   bool
	}{
		{"attacker.example", nil, false},
		{"attacker.example:8080", nil, false},
		{"localhost.attacker.example", nil, false},
		{"127.0.0.1.nip.example", nil, false},
		{"myapp.test", nil, false},
		{"localhost", nil, true},
		{"LOCALHOST:8080", nil, true},
		{"shop.localhost:8080", nil, true},
		{"127.0.0.1:8080", nil, true},
		{"[::1]:8080", nil, true},
		{"myapp.test:8080", []explainerr.Option{myapp}, true},
		{"attacker.example", []explainerr.Option{myapp}, false},
		{"attacker.example", []explainerr.Option{explainerr.WithAllowRemote(func(*http.Request) bool { return true })}, false},
	} {
		g := newGuardRig(t, c.opts...)
		base := serveAs(t, g.ex.Middleware(failingApp()), "", "")
		got := send(t, base, "/panic", "application/json", c.host, nil)
		if c.ok {
			expectReport(t, "Host "+c.host, got)
		} else {
			g.expectRefused(t, "/panic", got, "the Host is not loopback")
		}
	}
	// An allowed host does not open the peer check.
	g := newGuardRig(t, myapp)
	base := serveAs(t, g.ex.Middleware(failingApp()), publicLocal, remotePeer)
	g.expectRefused(t, "/panic", send(t, base, "/panic", "", "myapp.test", nil), "address is not loopback")
}

func TestAllowedPeersForContainers(t *testing.T) {
	// A dev server in a container sees the browser connect from the
	// bridge's gateway, to its own address.
	const gateway, container = "172.17.0.1:51000", "172.17.0.2:8080"
	g := newGuardRig(t)
	base := serveAs(t, g.ex.Middleware(failingApp()), container, gateway)
	g.expectRefused(t, "/panic", send(t, base, "/panic", "", "localhost:8080", nil), "not an allowed peer")

	for _, path := range failurePaths {
		g = newGuardRig(t, explainerr.WithAllowedPeers("172.17.0.1"))
		base = serveAs(t, g.ex.Middleware(failingApp()), container, gateway)
		expectReport(t, path, send(t, base, path, "text/markdown", "localhost:8080", nil))
	}

	// Naming a peer opens neither the Host check nor forwarding.
	g = newGuardRig(t, explainerr.WithAllowedPeers("172.17.0.0/16"))
	base = serveAs(t, g.ex.Middleware(failingApp()), container, gateway)
	g.expectRefused(t, "/panic", send(t, base, "/panic", "", "attacker.example", nil), "the Host is not loopback")
	g = newGuardRig(t, explainerr.WithAllowedPeers("172.17.0.0/16"))
	base = serveAs(t, middleware.RealIP(g.ex.Middleware(failingApp())), container, gateway)
	g.expectRefused(t, "/panic", send(t, base, "/panic", "", "localhost", http.Header{"X-Forwarded-For": {"172.17.0.1"}}), "rewritten before explainerr saw it")
	g = newGuardRig(t, explainerr.WithAllowedPeers("172.17.0.0/16"))
	base = serveAs(t, g.ex.Middleware(failingApp()), container, gateway)
	g.expectRefused(t, "/panic", send(t, base, "/panic", "", "localhost", http.Header{"X-Forwarded-For": {"172.17.0.1"}}), "no trusted proxies are named")
}

// corsStacks put go-chi/cors with AllowedOrigins * before and after
// explainerr.
func corsStacks(ex *explainerr.Explainer, app http.Handler) map[string]http.Handler {
	c := cors.Handler(cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: []string{"GET", "POST"},
		AllowedHeaders: []string{"*"},
	})
	return map[string]http.Handler{
		"cors before": c(ex.Middleware(app)),
		"cors after":  ex.Middleware(c(app)),
	}
}

// captureDefaultLog sends slog.Default's records to a buffer until the
// test ends.
func captureDefaultLog(t *testing.T) *logBuffer {
	lb := &logBuffer{}
	prev, out, flags := slog.Default(), log.Writer(), log.Flags()
	slog.SetDefault(slog.New(slog.NewJSONHandler(lb, nil)))
	t.Cleanup(func() {
		// Setting slog's default points the log package at it; putting
		// the old default back does not undo that.
		slog.SetDefault(prev)
		log.SetOutput(out)
		log.SetFlags(flags)
	})
	return lb
}

func TestCrossSiteBrowserRequestGetsNothing(t *testing.T) {
	browser := func(origin, site string) http.Header {
		h := http.Header{"Sec-Fetch-Mode": {"cors"}, "Sec-Fetch-Dest": {"empty"}}
		if origin != "" {
			h.Set("Origin", origin)
		}
		if site != "" {
			h.Set("Sec-Fetch-Site", site)
		}
		return h
	}
	for _, c := range []struct {
		name   string
		header http.Header
		reason string
	}{
		{"fetch from another site", browser("https://attacker.example", "cross-site"), "Sec-Fetch-Site: cross-site"},
		{"Origin of another site", browser("https://attacker.example", ""), "Origin is not loopback"},
		{"cross-site without Origin", browser("", "cross-site"), "Sec-Fetch-Site: cross-site"},
		{"sandboxed frame", browser("null", ""), "Origin is not loopback"},
	} {
		for _, path := range failurePaths {
			for _, name := range []string{"cors before", "cors after"} {
				g := newGuardRig(t)
				base := serveAs(t, corsStacks(g.ex, failingApp())[name], "", "")
				got := send(t, base, path, "application/json", "", c.header)
				g.expectRefused(t, c.name+" "+name+" "+path, got, c.reason)
			}
		}
	}
}

func TestReportCORSHeaders(t *testing.T) {
	for _, name := range []string{"cors before", "cors after"} {
		// A front-end dev server on another localhost port is the
		// developer's own origin: the app's CORS headers stay, and the
		// report's link header is readable.
		g := newGuardRig(t)
		base := serveAs(t, corsStacks(g.ex, failingApp())[name], "", "")
		got := send(t, base, "/panic", "application/json", "", http.Header{"Origin": {"http://localhost:5173"}, "Sec-Fetch-Site": {"same-site"}})
		expectReport(t, name, got)
		if got.header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s: the front-end lost the app's CORS header: %v", name, got.header)
		}
		if !strings.Contains(got.header.Get("Access-Control-Expose-Headers"), "X-Explainerr-Report") {
			t.Errorf("%s: X-Explainerr-Report is not exposed: %v", name, got.header)
		}
	}
	// An app that sends CORS headers to everyone: the report carries none.
	g := newGuardRig(t)
	app := failingApp()
	open := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Access-Control-Allow-Credentials", "true")
		w.Header().Set("Access-Control-Expose-Headers", "X-Request-Id")
		app.ServeHTTP(w, r)
	})
	base := serveAs(t, g.ex.Middleware(open), "", "")
	for _, path := range failurePaths {
		got := send(t, base, path, "text/html", "", nil)
		expectReport(t, path, got)
		for k := range got.header {
			if strings.HasPrefix(k, "Access-Control-") {
				t.Errorf("%s: a report to no particular origin carries %s", path, k)
			}
		}
	}
}

func TestHandlerFuncWithoutTheMiddlewareSaysNothing(t *testing.T) {
	logs := captureDefaultLog(t)
	failing := explainerr.HandlerFunc(func(http.ResponseWriter, *http.Request) error {
		return errors.New("connecting to postgres://blog:" + guardSecret + "@db/blog failed")
	})
	for name, h := range map[string]http.Handler{
		"bare":                 failing,
		"under TimeoutHandler": http.TimeoutHandler(failing, 5*time.Second, "timed out"),
		"under chi Timeout":    middleware.Timeout(5 * time.Second)(failing),
		"under chi Recoverer":  middleware.Recoverer(failing),
	} {
		base := serveAs(t, h, "", "")
		got := send(t, base, "/", "application/json", "", nil)
		if got.status != 500 || got.body != "Internal Server Error\n" {
			t.Errorf("%s: got %d %q, want a plain 500", name, got.status, got.body)
		}
	}
	if strings.Contains(logs.String(), guardSecret) {
		t.Errorf("the log shows the secret:\n%s", logs)
	}
}

func TestTimeoutHandlerInsideTheMiddleware(t *testing.T) {
	// http.TimeoutHandler hides the middleware's writer (it has no
	// Unwrap): the returned error becomes a plain 500, which the
	// middleware then reports as a 5xx to the developer only.
	failing := explainerr.HandlerFunc(func(http.ResponseWriter, *http.Request) error {
		return errors.New("connecting to postgres://blog:" + guardSecret + "@db/blog failed")
	})
	captureDefaultLog(t)
	g := newGuardRig(t)
	base := serveAs(t, g.ex.Middleware(http.TimeoutHandler(failing, 5*time.Second, "timed out")), publicLocal, remotePeer)
	got := send(t, base, "/", "application/json", "", nil)
	if got.status != 500 || got.body != "Internal Server Error\n" || g.refusals() != 1 || g.fake.Calls() != 0 {
		t.Errorf("remote client: %d %q, %d model calls, %d refusal records", got.status, got.body, g.fake.Calls(), g.refusals())
	}
	g = newGuardRig(t)
	base = serveAs(t, g.ex.Middleware(http.TimeoutHandler(failing, 5*time.Second, "timed out")), "", "")
	got = send(t, base, "/", "application/json", "", nil)
	expectReport(t, "local", got)
}

func TestChiTimeoutAndRecovererInTheStack(t *testing.T) {
	slow := func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			<-r.Context().Done()
			return
		}
		failingApp().ServeHTTP(w, r)
	}
	stacks := map[string]func(*explainerr.Explainer) http.Handler{
		"Recoverer, explainerr, Timeout": func(ex *explainerr.Explainer) http.Handler {
			return middleware.Recoverer(ex.Middleware(middleware.Timeout(50 * time.Millisecond)(http.HandlerFunc(slow))))
		},
		"explainerr, Recoverer, Timeout": func(ex *explainerr.Explainer) http.Handler {
			return ex.Middleware(middleware.Recoverer(middleware.Timeout(50 * time.Millisecond)(http.HandlerFunc(slow))))
		},
	}
	for name, stack := range stacks {
		for _, path := range []string{"/panic", "/slow", "/error"} {
			g := newGuardRig(t)
			base := serveAs(t, stack(g.ex), publicLocal, remotePeer)
			got := send(t, base, path, "text/html", "", nil)
			if got.status < 500 || strings.Contains(got.body, guardSecret) || strings.Contains(got.body, "model says") {
				t.Errorf("%s %s: remote client got %d %.300q", name, path, got.status, got.body)
			}
			if g.refusals() != 1 || g.fake.Calls() != 0 {
				t.Errorf("%s %s: remote client caused %d model calls; %d refusal records:\n%s", name, path, g.fake.Calls(), g.refusals(), g.logs)
			}

			g = newGuardRig(t)
			base = serveAs(t, stack(g.ex), "", "")
			got = send(t, base, path, "text/html", "", nil)
			if got.status < 500 || !strings.Contains(got.body, "model says") {
				t.Errorf("%s %s: the developer got no report: %d %.300q", name, path, got.status, got.body)
			}
		}
	}
}

func TestRefusedLateFailureCausesNoModelCall(t *testing.T) {
	// Failures after the response has started: the client gets no page
	// either way, and a refused one must not cost a model call.
	late := http.NewServeMux()
	late.HandleFunc("/panic", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "partial page")
		http.NewResponseController(w).Flush()
		panic("connecting to postgres://blog:" + guardSecret + "@db/blog failed")
	})
	late.HandleFunc("/status", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "partial page")
		w.WriteHeader(http.StatusInternalServerError)
	})
	for _, path := range []string{"/panic", "/status"} {
		g := newGuardRig(t)
		base := serveAs(t, g.ex.Middleware(late), publicLocal, remotePeer)
		req, _ := http.NewRequest("GET", base+path, nil)
		if resp, err := client.Do(req); err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if strings.Contains(string(b), guardSecret) || strings.Contains(string(b), "model says") {
				t.Errorf("%s: the client got %q", path, b)
			}
		}
		// The failure was queued before the response ended.
		if g.refusals() != 1 || g.fake.Calls() != 0 {
			t.Errorf("%s: %d refusal records, %d model calls:\n%s", path, g.refusals(), g.fake.Calls(), g.logs)
		}
	}
}

func TestTrustedProxyOnAnotherMachine(t *testing.T) {
	// A proxy on the LAN relays the developer's browser, an allowed peer,
	// to a dev server bound to all interfaces.
	const proxy, server = "10.0.0.5:40000", "10.0.0.2:8080"
	opts := []explainerr.Option{explainerr.WithTrustedProxies("10.0.0.5"), explainerr.WithAllowedPeers("192.168.65.0/24")}
	developer := http.Header{"X-Forwarded-For": {"192.168.65.3"}, "X-Forwarded-Host": {"localhost:8080"}}

	// RealIP after explainerr rewrites RemoteAddr too late to matter.
	for _, path := range failurePaths {
		g := newGuardRig(t, opts...)
		base := serveAs(t, g.ex.Middleware(middleware.RealIP(failingApp())), server, proxy)
		expectReport(t, path, send(t, base, path, "application/json", "localhost:8080", developer))
	}
	// RealIP before it hides the proxy: refused, and the log says so.
	g := newGuardRig(t, opts...)
	base := serveAs(t, middleware.RealIP(g.ex.Middleware(failingApp())), server, proxy)
	g.expectRefused(t, "/panic", send(t, base, "/panic", "application/json", "localhost:8080", developer), "put explainerr before RealIP-style middleware")
	// Someone else on the LAN, through the same proxy.
	g = newGuardRig(t, opts...)
	base = serveAs(t, g.ex.Middleware(middleware.RealIP(failingApp())), server, proxy)
	g.expectRefused(t, "/panic", send(t, base, "/panic", "application/json", "localhost:8080", http.Header{"X-Forwarded-For": {"10.0.0.77"}}), "X-Forwarded-For: 10.0.0.77")
}

// TestRefusedClientGetsTheAppsErrorResponseIntact: the 5xx response of a
// client that gets no report reaches it as the app wrote it, whatever its
// length, with its Content-Length, and a flushed one as a stream.
func TestRefusedClientGetsTheAppsErrorResponseIntact(t *testing.T) {
	big := strings.Repeat("0123456789abcdef", 100<<10/16) // beyond what is held
	streamed := make(chan struct{})
	mux := http.NewServeMux()
	for name, body := range map[string]string{"/short": appBody, "/long": big} {
		mux.HandleFunc(name, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.WriteHeader(http.StatusBadGateway)
			for chunk := range slices.Chunk([]byte(body), 4096) {
				w.Write(chunk)
			}
		})
	}
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "first\n")
		w.(http.Flusher).Flush()
		<-streamed // the client has read the first line
		io.WriteString(w, "second\n")
	})
	g := newGuardRig(t)
	base := serveAs(t, g.ex.Middleware(mux), publicLocal, remotePeer)
	for path, want := range map[string]string{"/short": appBody, "/long": big} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusBadGateway || string(got) != want || resp.ContentLength != int64(len(want)) {
			t.Errorf("%s: got %d, %d bytes (Content-Length %d, %v), want 502 and the app's %d bytes", path, resp.StatusCode, len(got), resp.ContentLength, err, len(want))
		}
	}
	resp, err := http.Get(base + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	close(streamed) // the handler was still running: the first line was streamed
	if err != nil || resp.StatusCode != http.StatusServiceUnavailable || line != "first\n" {
		t.Errorf("stream: got %d %q, %v", resp.StatusCode, line, err)
	}
	if n := g.fake.Calls(); n != 0 {
		t.Errorf("refused clients caused %d model calls", n)
	}
}

// consumeRealIP is a RealIP-style middleware that takes the client address
// from X-Real-Ip and removes the header it read, as some apps do.
func consumeRealIP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ip := r.Header.Get("X-Real-Ip"); ip != "" {
			r.RemoteAddr = net.JoinHostPort(ip, "40000")
			r.Header.Del("X-Real-Ip")
		}
		next.ServeHTTP(w, r)
	})
}

// TestLoopbackConnectionFromAnotherAddressIsRefused: a connection accepted
// on loopback whose RemoteAddr names another machine is refused, unless
// that machine is an allowed peer: the kernel may deliver other machines'
// packets to loopback (route_localnet), and middleware before explainerr
// may have rewritten RemoteAddr from a header it then removed. Only a
// RemoteAddr naming no address at all stands for a process on this
// machine.
func TestLoopbackConnectionFromAnotherAddressIsRefused(t *testing.T) {
	const loopbackLocal = "127.0.0.1:8080"
	for _, path := range failurePaths {
		g := newGuardRig(t)
		base := serveAs(t, g.ex.Middleware(failingApp()), loopbackLocal, "203.0.113.9:40000")
		g.expectRefused(t, "route_localnet "+path, send(t, base, path, "application/json", "localhost", nil), "rewritten before explainerr saw it")

		g = newGuardRig(t)
		base = serveAs(t, consumeRealIP(g.ex.Middleware(failingApp())), "", "")
		g.expectRefused(t, "header consumed "+path, send(t, base, path, "application/json", "localhost", http.Header{"X-Real-Ip": {"198.51.100.20"}}), "rewritten before explainerr saw it")
	}
	// An allowed peer keeps its access, and so does a loopback client.
	g := newGuardRig(t, explainerr.WithAllowedPeers("172.17.0.0/16"))
	base := serveAs(t, g.ex.Middleware(failingApp()), loopbackLocal, "172.17.0.5:40000")
	expectReport(t, "allowed peer on loopback", send(t, base, "/panic", "application/json", "localhost", nil))
	g = newGuardRig(t)
	base = serveAs(t, consumeRealIP(g.ex.Middleware(failingApp())), "", "")
	expectReport(t, "loopback client", send(t, base, "/panic", "application/json", "localhost", http.Header{"X-Real-Ip": {"127.0.0.1"}}))
}

// TestProxyAnnouncingItselfIsNoticed: a proxy, tunnel or CDN on this
// machine that names no client, only itself (Via, X-Forwarded-Proto) or
// the client in a header outside the common set, still makes the peer
// someone other than the client.
func TestProxyAnnouncingItselfIsNoticed(t *testing.T) {
	for _, h := range []string{"Via", "X-Forwarded-Proto", "X-Forwarded-Port", "X-Forwarded-Server", "X-Original-Host",
		"X-Host", "Cdn-Loop", "Cf-Ray", "Tailscale-User-Login", "Forwarded-For", "X-Forwarded", "Client-Ip",
		"X-Originating-Ip", "X-Remote-Addr", "X-Remote-Ip", "X-Proxyuser-Ip"} {
		g := newGuardRig(t)
		base := serveAs(t, g.ex.Middleware(failingApp()), "", "")
		g.expectRefused(t, h+" /panic", send(t, base, "/panic", "application/json", "localhost", http.Header{h: {"1.1 proxy.example"}}), h)
	}
}

// TestRefusedFailuresNeverPushOutTheDevelopersReports: failures any client
// can cause (here, from another machine) are kept in the history within
// their own bound and marked, and never push out the developer's reports.
func TestRefusedFailuresNeverPushOutTheDevelopersReports(t *testing.T) {
	g := newGuardRig(t)
	h := g.ex.Middleware(failingApp())
	dev := serveAs(t, h, "", "")
	remote := serveAs(t, h, publicLocal, remotePeer)
	own := send(t, dev, "/panic", "application/json", "localhost", nil)
	link := own.header.Get("X-Explainerr-Report")
	if link == "" {
		t.Fatalf("the developer got no report link: %d %.200q", own.status, own.body)
	}
	for i := range 120 {
		got := send(t, remote, fmt.Sprintf("/status?attempt=%d", i), "", "192.0.2.1:8080", nil)
		if got.status != 503 {
			t.Fatalf("the refused client got %d", got.status)
		}
		// One at a time: each is counted, none dropped as a flood.
		g.ex.AwaitRefused()
	}
	if got := send(t, dev, link, "application/json", "localhost", nil); got.status != 200 || !strings.Contains(got.body, `"kind": "panic"`) {
		t.Errorf("the developer's report is gone after refused clients' failures: %d %.200q", got.status, got.body)
	}
	var list struct {
		Failures []struct {
			Kind    string `json:"kind"`
			Refused bool   `json:"refused"`
			Count   int    `json:"count"`
		} `json:"failures"`
	}
	got := send(t, dev, "/_explainerr/", "application/json", "localhost", nil)
	if err := json.Unmarshal([]byte(got.body), &list); err != nil {
		t.Fatalf("history list: %v: %.200q", err, got.body)
	}
	refused, mine := 0, 0
	for _, f := range list.Failures {
		if f.Refused {
			refused++
			if f.Kind != "status" || f.Count != 120 {
				t.Errorf("refused failure %+v: want the status failure, 120 times", f)
			}
		} else {
			mine++
		}
	}
	if refused != 1 || mine != 1 {
		t.Errorf("history lists %d refused and %d own failures, want 1 and 1: %+v", refused, mine, list.Failures)
	}
	html := send(t, dev, "/_explainerr/", "text/html", "localhost", nil)
	if !strings.Contains(html.body, "refused client") {
		t.Errorf("the history page does not mark the refused client's failure")
	}
}
