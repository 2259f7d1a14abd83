package explainerr_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/index"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// blogIndex builds an index of the blog app's source in a temporary
// directory (with the offline hash embedder) and returns its path.
func blogIndex(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index.db")
	start := time.Now()
	stats, err := index.Build(t.Context(), index.BuildOptions{Dir: "..", Patterns: []string{"./blogapp/..."}, Path: path})
	if err != nil {
		t.Fatalf("building the blog's index: %v", err)
	}
	t.Logf("indexed %d chunks of %d files in %s", stats.Chunks, stats.Files, time.Since(start))
	return path
}

// Hostile payloads: markup and script links that must arrive inert.
const (
	scriptPayload = `<script>alert("xss")</script>`
	linkPayload   = `<a href="javascript:alert(1)">click</a>`
	imgPayload    = `<img src=x onerror=alert(2)>`
)

// hostileReply is a model answer that tries every way into the page.
const hostileReply = "The cause is here: " + scriptPayload + "\n\n" +
	"[read the fix](javascript:alert(3)) and [another](JaVaScRiPt:alert(4)) " +
	"<iframe src=\"javascript:alert(5)\"></iframe>\n\n" + imgPayload + "\n\n" + linkPayload +
	"\n\n![img](javascript:alert(6))\n\n<svg onload=alert(7)>\n"

// unsafeMarkup finds what a hostile payload would need to run in a page.
var (
	jsURL       = regexp.MustCompile(`(?i)(href|src|action|formaction)\s*=\s*["']?\s*javascript:`)
	eventAttr   = regexp.MustCompile(`(?i)<[a-z][^>]*\son[a-z]+\s*=`)
	scriptTag   = regexp.MustCompile(`(?i)<script\b`)
	rawElements = regexp.MustCompile(`(?i)<(iframe|svg|img|object|embed)\b`)
)

func TestHostileContentIsInert(t *testing.T) {
	fake := fakeopenai.New()
	defer fake.Close()
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply(hostileReply) })
	ex := modelExplainer(t, fake.URL, fake.Client(), explainerr.WithThrottle(-1, time.Minute))
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic("bad input " + scriptPayload + linkPayload + imgPayload + " [x](javascript:alert(8))")
	}))
	paths := []string{
		"/posts/" + url.PathEscape(scriptPayload),
		"/p?next=" + url.QueryEscape("javascript:alert(9)") + "&q=" + url.QueryEscape(imgPayload),
	}
	for _, path := range paths {
		req := httptest.NewRequest("GET", path, nil)
		req.RemoteAddr = "127.0.0.1:1"
		req.Header.Set("Accept", "text/html")
		req.Header.Set("Referer", "javascript:alert(10)")
		req.Header.Set("User-Agent", scriptPayload)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != 500 || !strings.Contains(body, "The cause is here") {
			t.Fatalf("%s: status %d, the model's answer is not on the page:\n%s", path, rec.Code, tail(body, 2000))
		}
		// The page's own script is the only one, and it carries the nonce.
		if n := len(scriptTag.FindAllString(body, -1)); n != 1 || !regexp.MustCompile(`<script nonce="[^"]+"`).MatchString(body) {
			t.Errorf("%s: %d script tags (want the page's one, with its nonce)", path, n)
		}
		for what, re := range map[string]*regexp.Regexp{"a javascript: URL": jsURL, "an event handler": eventAttr, "a raw element": rawElements} {
			if m := re.FindString(body); m != "" {
				t.Errorf("%s: the page holds %s: %q", path, what, m)
			}
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'nonce-") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("Content-Security-Policy %q", csp)
		}
		if !strings.Contains(body, "&lt;script&gt;alert(") {
			t.Errorf("%s: the payload is not shown as text", path)
		}
	}
	if fake.Calls() == 0 {
		t.Fatal("the model was never asked")
	}
}

func TestLoopbackGuardAgainstSpoofing(t *testing.T) {
	trust := []explainerr.Option{explainerr.WithTrustForwardedFor(true)}
	cases := []struct {
		name    string
		remote  string
		headers http.Header
		opts    []explainerr.Option
		detail  bool
	}{
		{"remote spoofs Forwarded", "198.51.100.4:80", http.Header{"Forwarded": {"for=127.0.0.1"}}, nil, false},
		{"remote spoofs every header, trusted", "198.51.100.4:80", http.Header{"X-Forwarded-For": {"127.0.0.1"}, "X-Real-Ip": {"::1"}, "Forwarded": {"for=127.0.0.1"}}, trust, false},
		{"remote IPv6", "[2001:db8::1]:80", nil, nil, false},
		{"IPv4-mapped loopback", "[::ffff:127.0.0.1]:80", nil, nil, true},
		{"host name is not an address", "localhost.evil.example:80", nil, nil, false},
		{"loopback-looking host name", "127.0.0.1.nip.example:80", nil, nil, false},
		{"empty remote address", "", nil, nil, false},
		{"trusted: remote hidden in a list", "127.0.0.1:80", http.Header{"X-Forwarded-For": {"127.0.0.1, 203.0.113.9"}}, trust, false},
		{"trusted: remote on a second header line", "127.0.0.1:80", http.Header{"X-Forwarded-For": {"127.0.0.1", "203.0.113.9"}}, trust, false},
		{"trusted: X-Real-IP names a remote", "127.0.0.1:80", http.Header{"X-Real-Ip": {"203.0.113.9"}}, trust, false},
		{"trusted: Forwarded names a remote", "127.0.0.1:80", http.Header{"Forwarded": {`for="[2001:db8::7]:4711";proto=https`}}, trust, false},
		{"trusted: garbage in X-Forwarded-For", "127.0.0.1:80", http.Header{"X-Forwarded-For": {"<script>"}}, trust, false},
		{"trusted: localhost by name", "127.0.0.1:80", http.Header{"X-Forwarded-For": {"localhost"}}, trust, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fake := fakeopenai.New()
			defer fake.Close()
			fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("model says: internal detail") })
			ex := modelExplainer(t, fake.URL, fake.Client(), c.opts...)
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
				body := rec.Body.String()
				if rec.Code != 500 {
					t.Fatalf("%s: status %d", accept, rec.Code)
				}
				if got := strings.Contains(body, "secret internals"); got != c.detail {
					t.Errorf("%s: detail shown = %v, want %v; body %.300q", accept, got, c.detail, body)
				}
				if !c.detail && strings.TrimSpace(body) != "Internal Server Error" {
					t.Errorf("%s: remote body %.300q", accept, body)
				}
			}
			if !c.detail && fake.Calls() != 0 {
				t.Errorf("a client that sees no detail cost %d model calls", fake.Calls())
			}
		})
	}
}

// Secrets a request carries; each must be hidden everywhere.
const (
	secHeader = "hdr-Zq81nB4vT6"
	secBearer = "bearer-Xk29cLp0Ww"
	secCookie = "ck-Mv73hQ2sRe"
	secQuery  = "qs-Ty64pLa9Kd"
	secForm   = "fm-Ru15xZe8Jn"
	secPanic  = "sk-live-Pn7Ww2Ee4Rr6Tt8Yy0Uu"
	secDSN    = "dsnPw-Gh52Vb7Nm"
)

func TestSecretsNeverLeaveTheProcess(t *testing.T) {
	fixtures, err := fixture.Load("../blogapp/fixtures.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(fixtures.PlantedSecrets) == 0 {
		t.Fatal("the fixtures file plants no secrets")
	}
	secrets := []string{secHeader, secBearer, secCookie, secQuery, secForm, secPanic, secDSN}
	for _, s := range fixtures.PlantedSecrets {
		secrets = append(secrets, s.Value)
	}
	idx := blogIndex(t)

	for _, rag := range []bool{false, true} {
		t.Run(fmt.Sprintf("rag=%v", rag), func(t *testing.T) {
			fake := fakeopenai.New()
			defer fake.Close()
			fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("An explanation.") })
			logs, logOpt := withLog(t)
			ex := modelExplainer(t, fake.URL, fake.Client(), logOpt,
				explainerr.WithRAG(rag), explainerr.WithIndexPath(idx),
				explainerr.WithThrottle(-1, time.Minute), explainerr.WithCacheSize(-1))

			db, err := app.OpenDB(filepath.Join(t.TempDir(), "blog.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			blog := app.NewWithExplainer(db, ex, app.WithLogger(slog.New(slog.DiscardHandler)))
			mux := http.NewServeMux()
			mux.Handle("/", blog)
			mux.Handle("/leaky", ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				r.ParseForm()
				panic("connecting with api_key=" + secPanic + " to postgres://blog:" + secDSN + "@db/blog failed")
			})))

			var pages []string
			mailerInContext := false
			requests := []fixture.Fixture{{Method: "POST", Path: "/leaky", Body: "x=1"}}
			requests = append(requests, fixtures.Fixtures...)
			for _, fx := range requests {
				for _, accept := range []string{"text/html", "application/json"} {
					form := url.Values{"password": {secForm}, "title": {"hello"}}
					body := form.Encode()
					if fx.Body != "" {
						body = fx.Body + "&" + body
					}
					target := fx.Path
					if strings.Contains(target, "?") {
						target += "&token=" + secQuery
					} else {
						target += "?token=" + secQuery
					}
					req := httptest.NewRequest(fx.Method, target, nil)
					if fx.Method == "POST" {
						req = httptest.NewRequest(fx.Method, target, strings.NewReader(body))
						req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					}
					req.RemoteAddr = "127.0.0.1:1"
					req.Header.Set("Accept", accept)
					req.Header.Set("Authorization", "Bearer "+secBearer)
					req.Header.Set("X-Api-Key", secHeader)
					req.AddCookie(&http.Cookie{Name: "session", Value: secCookie})
					rec := httptest.NewRecorder()
					mux.ServeHTTP(rec, req)
					if rec.Code < 500 {
						t.Errorf("%s %s: status %d, want a failure", fx.Method, fx.Path, rec.Code)
					}
					page, _ := io.ReadAll(rec.Body)
					pages = append(pages, string(page))
					if accept == "application/json" {
						rep := decodeJSON(t, string(page))
						if rag && rep.Mode != "rag" {
							t.Errorf("%s: mode %q with retrieval on; notices %q", fx.Path, rep.Mode, rep.Notices)
						}
						for _, c := range rep.Context {
							if strings.HasSuffix(c.File, "mailer.go") {
								mailerInContext = true
							}
						}
					}
				}
			}
			if rag && !mailerInContext {
				t.Error("no fixture retrieved mailer.go, where the planted secrets live: the test proves less than it should")
			}
			if fake.Calls() < len(requests) {
				t.Errorf("the model was asked %d times for %d failures", fake.Calls(), len(requests))
			}
			for _, s := range secrets {
				for i, p := range pages {
					if strings.Contains(p, s) {
						t.Errorf("response %d shows secret %q", i, s)
						break
					}
				}
				if strings.Contains(logs.String(), s) {
					t.Errorf("the log shows secret %q", s)
				}
				if fake.Received(s) {
					t.Errorf("the model server received secret %q", s)
				}
			}
			// The test must look where the secrets would be: the model did
			// receive the requests' plain fields and the app's source.
			if !fake.Received("hello") || !fake.Received("handleSubscribe") {
				t.Error("the model server never received the plain form field or the failing function: the search proves nothing")
			}
		})
	}
}
