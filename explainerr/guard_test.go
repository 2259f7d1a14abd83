package explainerr_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

func TestRemoteClientsGetNoDetail(t *testing.T) {
	cases := []struct {
		name    string
		remote  string
		headers map[string]string
		opts    []explainerr.Option
		detail  bool
	}{
		{"loopback v4", "127.0.0.1:4000", nil, nil, true},
		{"loopback v6", "[::1]:4000", nil, nil, true},
		{"remote", "192.0.2.7:4000", nil, nil, false},
		{"spoofed X-Forwarded-For", "192.0.2.7:4000", map[string]string{"X-Forwarded-For": "127.0.0.1", "X-Real-Ip": "127.0.0.1"}, nil, false},
		{"forwarding header without trusted proxies", "127.0.0.1:4000", map[string]string{"X-Forwarded-For": "127.0.0.1"}, nil, false},
		{"remote True-Client-IP from loopback", "127.0.0.1:4000", map[string]string{"True-Client-IP": "127.0.0.1"}, nil, false},
		{"trusted proxy names a remote client", "127.0.0.1:4000", map[string]string{"X-Forwarded-For": "203.0.113.9"}, []explainerr.Option{explainerr.WithTrustForwardedFor(true)}, false},
		{"trusted proxy, local client", "127.0.0.1:4000", map[string]string{"X-Forwarded-For": "127.0.0.1"}, []explainerr.Option{explainerr.WithTrustForwardedFor(true)}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newExplainer(t, c.opts...).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
				panic("secret internals: user table")
			}))
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = c.remote
			req.Header.Set("Accept", "text/html")
			for k, v := range c.headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 500 {
				t.Fatalf("status %d", rec.Code)
			}
			got := strings.Contains(rec.Body.String(), "secret internals")
			if got != c.detail {
				t.Errorf("detail shown = %v, want %v; body %q", got, c.detail, rec.Body.String())
			}
			if !c.detail && strings.TrimSpace(rec.Body.String()) != "Internal Server Error" {
				t.Errorf("remote body %q", rec.Body.String())
			}
		})
	}
}

const (
	headerSecret = "hdr-7f3a9c2b1e"
	cookieSecret = "ck-0d9e8f7a6b"
	querySecret  = "qs-5a4b3c2d1e"
	formSecret   = "fm-1b2c3d4e5f"
	panicSecret  = "sk-live-9q8w7e6r5t4y3u2i1o0p"
)

func TestSecretsNeverShown(t *testing.T) {
	logs, opt := withLog(t)
	h := newExplainer(t, opt).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		panic("connecting with api_key=" + panicSecret + " to postgres://blog:" + formSecret + "x@db/blog failed")
	}))
	for _, accept := range []string{"application/json", "text/html", "text/markdown"} {
		form := url.Values{"password": {formSecret}, "title": {"hello"}}
		req := httptest.NewRequest("POST", "/login?token="+querySecret+"&page=1", strings.NewReader(form.Encode()))
		req.RemoteAddr = "127.0.0.1:1"
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", accept)
		req.Header.Set("Authorization", "Bearer "+headerSecret)
		req.Header.Set("X-Api-Key", headerSecret)
		req.AddCookie(&http.Cookie{Name: "session", Value: cookieSecret})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		for _, s := range []string{headerSecret, cookieSecret, querySecret, formSecret, panicSecret} {
			if strings.Contains(body, s) {
				t.Errorf("%s response shows secret %q", accept, s)
			}
		}
		if accept == "application/json" {
			var rep explainerr.Report
			json.Unmarshal(rec.Body.Bytes(), &rep)
			if rep.Request.Form["title"][0] != "hello" || rep.Request.Query["page"][0] != "1" {
				t.Errorf("plain fields lost: %+v", rep.Request)
			}
		}
	}
	for _, s := range []string{headerSecret, cookieSecret, querySecret, formSecret, panicSecret} {
		if strings.Contains(logs.String(), s) {
			t.Errorf("log shows secret %q", s)
		}
	}
}

func TestHTMLInPanicMessageIsEscaped(t *testing.T) {
	payload := `<script>alert("x")</script><img src=x onerror=alert(1)>`
	h := newExplainer(t).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(payload) }))
	req := httptest.NewRequest("GET", `/posts/<script>alert(2)</script>`, nil)
	req.RemoteAddr = "127.0.0.1:1"
	req.Header.Set("Accept", "text/html")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body := rec.Body.String()
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") {
		t.Errorf("payload rendered as HTML")
	}
	if !strings.Contains(body, "&lt;script&gt;alert(") {
		t.Errorf("escaped payload not shown")
	}
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Errorf("Content-Type %q", rec.Header().Get("Content-Type"))
	}
}

// guardCase is one request to the guard, served through the middleware
// around a handler that panics with a secret.
type guardCase struct {
	name    string
	remote  string
	headers http.Header
	opts    []explainerr.Option
	report  bool
}

func TestTrustedProxiesAndAllowedPeers(t *testing.T) {
	proxies := explainerr.WithTrustedProxies("127.0.0.1", "10.0.0.0/8")
	peers := explainerr.WithAllowedPeers("172.17.0.1", "192.168.65.0/24")
	both := []explainerr.Option{proxies, peers}
	xff := func(v ...string) http.Header { return http.Header{"X-Forwarded-For": v} }
	cases := []guardCase{
		{"no proxies named: any forwarding header refuses", "127.0.0.1:1", xff("127.0.0.1"), nil, false},
		{"X-Forwarded-Host alone refuses", "127.0.0.1:1", http.Header{"X-Forwarded-Host": {"localhost"}}, nil, false},
		{"CF-Connecting-IP alone refuses", "127.0.0.1:1", http.Header{"Cf-Connecting-Ip": {"127.0.0.1"}}, nil, false},
		{"trusted loopback proxy, local client", "127.0.0.1:1", xff("127.0.0.1"), both, true},
		{"trusted loopback proxy, remote client", "127.0.0.1:1", xff("203.0.113.9"), both, false},
		{"trusted LAN proxy, allowed peer", "10.1.2.3:1", xff("172.17.0.1"), both, true},
		{"trusted LAN proxy, remote client", "10.1.2.3:1", xff("192.0.2.77"), both, false},
		{"chain of trusted proxies from the right", "10.1.2.3:1", xff("192.168.65.4, 10.9.9.9"), both, true},
		{"remote hidden left of an allowed peer", "10.1.2.3:1", xff("203.0.113.9, 172.17.0.1"), both, false},
		{"only trusted proxies named: the leftmost is the client", "10.1.2.3:1", xff("10.9.9.9"), both, false},
		{"port in X-Forwarded-For", "127.0.0.1:1", xff("127.0.0.1:5555"), both, true},
		{"unparsable X-Forwarded-For", "127.0.0.1:1", xff("127.0.0.1 or so"), both, false},
		{"peer is not a trusted proxy", "172.17.0.1:1", xff("172.17.0.1"), both, false},
		{"remote True-Client-IP through a trusted proxy", "127.0.0.1:1", http.Header{"X-Forwarded-For": {"127.0.0.1"}, "True-Client-Ip": {"203.0.113.9"}}, both, false},
		{"remote X-Real-IP through a trusted proxy", "127.0.0.1:1", http.Header{"X-Real-Ip": {"203.0.113.9"}}, both, false},
		{"local X-Real-IP through a trusted proxy", "127.0.0.1:1", http.Header{"X-Real-Ip": {"::1"}}, both, true},
		{"Forwarded for a local client", "127.0.0.1:1", http.Header{"Forwarded": {`for="[::1]:4711";proto=http;host=localhost`}}, both, true},
		{"Forwarded for=unknown", "127.0.0.1:1", http.Header{"Forwarded": {"for=unknown"}}, both, false},
		{"Forwarded without for=", "127.0.0.1:1", http.Header{"Forwarded": {"proto=https"}}, both, false},
		{"Forwarded host of another site", "127.0.0.1:1", http.Header{"Forwarded": {"for=127.0.0.1;host=attacker.example"}}, both, false},
		{"X-Forwarded-Host of another site", "127.0.0.1:1", http.Header{"X-Forwarded-For": {"127.0.0.1"}, "X-Forwarded-Host": {"attacker.example"}}, both, false},
		{"X-Forwarded-Host localhost", "127.0.0.1:1", http.Header{"X-Forwarded-For": {"127.0.0.1"}, "X-Forwarded-Host": {"localhost:5173"}}, both, true},
		{"proxy names no client: the proxy is the client", "10.1.2.3:1", http.Header{"X-Forwarded-Host": {"localhost"}}, both, false},
		{"RemoteAddr rewritten to a forwarded address", "172.17.0.1:80", xff("172.17.0.1"), []explainerr.Option{explainerr.WithTrustedProxies("172.17.0.0/16"), peers}, false},
		{"allowed peer, no headers", "172.17.0.1:1", nil, both, true},
		{"allowed peer range", "192.168.65.9:1", nil, both, true},
		{"not an allowed peer", "192.168.66.9:1", nil, both, false},
		{"peers are never allowed by default", "172.17.0.1:1", nil, nil, false},
		{"deprecated WithTrustForwardedFor trusts a loopback proxy", "127.0.0.1:1", xff("::1"), []explainerr.Option{explainerr.WithTrustForwardedFor(true)}, true},
		{"WithTrustForwardedFor(false) trusts nobody", "127.0.0.1:1", xff("::1"), []explainerr.Option{explainerr.WithTrustForwardedFor(false)}, false},
	}
	runGuardCases(t, cases)
}

func TestBrowserSiteChecks(t *testing.T) {
	h := func(kv ...string) http.Header {
		out := http.Header{}
		for i := 0; i < len(kv); i += 2 {
			out.Add(kv[i], kv[i+1])
		}
		return out
	}
	allowRemote := explainerr.WithAllowRemote(func(*http.Request) bool { return true })
	cases := []guardCase{
		{"cross-site fetch", "127.0.0.1:1", h("Sec-Fetch-Site", "cross-site"), nil, false},
		{"same-origin fetch", "127.0.0.1:1", h("Sec-Fetch-Site", "same-origin", "Origin", "http://localhost:8080"), nil, true},
		{"front-end on another localhost port", "127.0.0.1:1", h("Sec-Fetch-Site", "same-site", "Origin", "http://localhost:5173"), nil, true},
		{"Origin under .localhost", "127.0.0.1:1", h("Origin", "https://shop.localhost"), nil, true},
		{"Origin loopback IPv6", "127.0.0.1:1", h("Origin", "http://[::1]:3000"), nil, true},
		{"Origin of another site", "127.0.0.1:1", h("Origin", "https://attacker.example"), nil, false},
		{"Origin that only starts like localhost", "127.0.0.1:1", h("Origin", "http://localhost.attacker.example"), nil, false},
		{"Origin null (sandboxed frame)", "127.0.0.1:1", h("Origin", "null"), nil, false},
		{"Origin of an extension", "127.0.0.1:1", h("Origin", "chrome-extension://abcdef"), nil, false},
		{"two Origin lines", "127.0.0.1:1", h("Origin", "http://localhost", "Origin", "https://attacker.example"), nil, false},
		{"allowed host as Origin", "127.0.0.1:1", h("Origin", "https://myapp.test"), []explainerr.Option{explainerr.WithAllowedHosts("myapp.test")}, true},
		{"wildcard allowed host as Origin", "127.0.0.1:1", h("Origin", "https://a.b.example.dev"), []explainerr.Option{explainerr.WithAllowedHosts("*.example.dev")}, true},
		{"wildcard does not cover the bare name", "127.0.0.1:1", h("Origin", "https://example.dev"), []explainerr.Option{explainerr.WithAllowedHosts("*.example.dev")}, false},
		// Browsers send no Fetch Metadata to a plain-HTTP allowed host:
		// an image on another site's page carries only its Referer.
		{"no Fetch Metadata, Referer of another site", "127.0.0.1:1", h("Referer", "https://attacker.example/page"), []explainerr.Option{explainerr.WithAllowedHosts("myapp.test")}, false},
		{"no Fetch Metadata, Referer of the app", "127.0.0.1:1", h("Referer", "http://myapp.test/posts"), []explainerr.Option{explainerr.WithAllowedHosts("myapp.test")}, true},
		{"no Fetch Metadata, Referer on localhost", "127.0.0.1:1", h("Referer", "http://localhost:5173/"), nil, true},
		{"Fetch Metadata decides over the Referer", "127.0.0.1:1", h("Sec-Fetch-Site", "same-origin", "Referer", "https://attacker.example/"), nil, true},
		{"WithAllowRemote opens the peer check", "198.51.100.4:1", nil, []explainerr.Option{allowRemote}, true},
		{"WithAllowRemote keeps the cross-site check", "198.51.100.4:1", h("Sec-Fetch-Site", "cross-site"), []explainerr.Option{allowRemote}, false},
		{"WithAllowRemote keeps the Origin check", "198.51.100.4:1", h("Origin", "https://attacker.example"), []explainerr.Option{allowRemote}, false},
		{"WithAllowRemote refusing", "127.0.0.1:1", nil, []explainerr.Option{explainerr.WithAllowRemote(func(*http.Request) bool { return false })}, false},
	}
	runGuardCases(t, cases)
}

// runGuardCases serves each case in every format to a handler that panics
// with a secret, through a model explainer, and checks who got the report,
// that the others caused no model call, and that the log says why once.
func runGuardCases(t *testing.T, cases []guardCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fake := fakeopenai.New()
			defer fake.Close()
			fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("model says: internal detail") })
			logs, logOpt := withLog(t)
			opts := append([]explainerr.Option{logOpt, explainerr.WithThrottle(-1, time.Minute)}, c.opts...)
			ex := modelExplainer(t, fake.URL, fake.Client(), opts...)
			h := ex.Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
				panic("secret internals: user table")
			}))
			for _, accept := range []string{"text/html", "application/json", "text/markdown"} {
				req := httptest.NewRequest("GET", "/", nil)
				req.RemoteAddr = c.remote
				req.Header.Set("Accept", accept)
				for k, vs := range c.headers {
					req.Header[k] = vs
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != 500 {
					t.Fatalf("%s: status %d", accept, rec.Code)
				}
				body := rec.Body.String()
				if got := strings.Contains(body, "secret internals"); got != c.report {
					t.Errorf("%s: report shown = %v, want %v; body %.300q", accept, got, c.report, body)
				}
				if !c.report && body != "Internal Server Error\n" {
					t.Errorf("%s: refused client got %.300q", accept, body)
				}
			}
			if !c.report {
				ex.AwaitRefused()
				if fake.Calls() != 0 {
					t.Errorf("a refused client caused %d model calls", fake.Calls())
				}
				if n := strings.Count(logs.String(), "no report for this client: "); n != 3 {
					t.Errorf("%d log lines say why the client was refused, want one per request (3):\n%s", n, logs)
				}
			} else if fake.Calls() == 0 {
				t.Errorf("the developer's report made no model call")
			}
		})
	}
}

func TestGuardOptionsRejectBadValues(t *testing.T) {
	for _, c := range []struct {
		opt  explainerr.Option
		want string
	}{
		{explainerr.WithTrustedProxies("127.0.0.1", "proxy.local"), `WithTrustedProxies("proxy.local")`},
		{explainerr.WithTrustedProxies("10.0.0.0/33"), `WithTrustedProxies("10.0.0.0/33")`},
		{explainerr.WithAllowedPeers("172.17.0.1:8080"), `WithAllowedPeers("172.17.0.1:8080")`},
		{explainerr.WithAllowedPeers("fe80::1%eth0"), `WithAllowedPeers("fe80::1%eth0")`},
		{explainerr.WithAllowedHosts("http://myapp.test"), `WithAllowedHosts("http://myapp.test")`},
		{explainerr.WithAllowedHosts("myapp.test:8080"), `WithAllowedHosts("myapp.test:8080")`},
		{explainerr.WithAllowedHosts(""), `WithAllowedHosts("")`},
	} {
		_, err := explainerr.New(c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%s) error = %v", c.want, err)
		}
	}
	if _, err := explainerr.New(
		explainerr.WithTrustedProxies("::1", "[::1]", "10.0.0.0/8", " 192.0.2.1 "),
		explainerr.WithAllowedPeers("::ffff:172.17.0.1", "fd00::/8"),
		explainerr.WithAllowedHosts("myapp.test", "*.example.dev", "192.168.1.5", "[fd00::1]", "Dev.Box."),
	); err != nil {
		t.Errorf("good values refused: %v", err)
	}
}
