package explainerr_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
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
		{"untrusted proxy header from loopback", "127.0.0.1:4000", map[string]string{"X-Forwarded-For": "203.0.113.9"}, nil, true},
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
