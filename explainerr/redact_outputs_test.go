package explainerr_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/explainerr/explainerr/internal/lockedbuf"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// leakCase plants one secret in a failure: in the panic value, the request
// or the source window. keep is text near the secret that every output
// must show, so that a missing secret proves something.
type leakCase struct {
	name, secret, keep string
	// panicWith is what the handler panics with; nil means the case
	// plants its secret elsewhere.
	panicWith any
	// path, header and value set the request.
	path          string
	header, value string
	// source makes the handler fail next to secrets written in its
	// source, which the frame's window shows.
	source bool
	// sourceFn, when set, is called by the handler before it panics: a
	// function that fails next to secrets in its own source.
	sourceFn func()
	// env, when set, is a variable (name, value) set after the server
	// started and before the failing request.
	env [2]string
	// report, when set, makes the failure's report instead of a panic:
	// the request is answered from it by the middleware's failure
	// pipeline (Explainer.ServeFailure).
	report func() *report.Report
}

func leakCases() []leakCase {
	// msg plants the secret in the panic's message after prefix, whose
	// last line every output must show (the prompt joins the lines).
	msg := func(name, prefix, secret string) leakCase {
		keep := strings.TrimLeft(prefix[strings.LastIndex(prefix, "\n")+1:], " ")
		return leakCase{name: name, secret: secret, keep: keep, panicWith: errors.New(prefix + secret + " (end)")}
	}
	return []leakCase{
		msg("Stripe secret key", "charging with key ", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
		msg("Stripe restricted key", "refund with ", "rk_live_51H8xZq2eZvKYlo2C0a1b2c3"),
		msg("OpenAI project key", "model call with ", "sk-proj-Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8"),
		msg("GitHub fine-grained token", "clone with ", "github_pat_11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789abcdefghij"),
		msg("GitHub classic token", "push with ", "ghp_Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1G"),
		msg("GitLab token", "gitlab says ", "glpat-Zx81nB4vT6qWm3Ke9Lp0"),
		msg("Slack bot token", "slack says ", "xoxb-2401234567890-2409876543210-Zx81nB4vT6qWm3Ke9Lp0Rt7Y"),
		msg("Slack webhook URL", "posting to https://hooks.slack.com/services/", "T0123ABCD/B0456EFGH/aZ3xY9wV7uT5sR1qP0oN2mL4"),
		msg("AWS access key id", "signing with ", "AKIAZX81NB4VT6QWM3KE"),
		msg("AWS secret in INI", "reading credentials:\n[default]\naws_secret_access_key = ", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
		msg("YAML password", "config.yaml:\ndb:\n  user: blog\n  password: ", "Tr0ub4dor-yaml-Pw"),
		msg("JSON password", `bad config {"user": "blog", "password": "`, `Tr0ub4dor-json-Pw"}`),
		msg("Google API key", "maps with ", "AIzaSyZx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8F"),
		msg("JSON Web Token", "session ", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJibG9nIn0.Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8"),
		msg("npm token", "publish with ", "npm_Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1G"),
		msg("MySQL DSN password with @", "open blog:", "p@ss-Zx81nB4v@tcp(db:3306)/blog"),
		msg("URL password with @ and /", "dial postgres://blog:", "Pw@x/Zx81nB4vT6q@db.internal:5432/blog"),
		msg("Bearer token in a message", "upstream answered 401 to Authorization: Bearer ", "Zx81nB4vT6qWm3Ke9Lp0"),
		{name: "Azure SAS signature", secret: "Zx81nB4vT6qWm3Ke9Lp0", keep: "/files/report.pdf", path: "/files/report.pdf?sv=2022-11-02&sp=r&sig=Zx81nB4vT6qWm3Ke9Lp0", panicWith: "download failed"},
		{name: "OAuth code", secret: "4/0AfJohXm9qZx81nB4v", keep: "/oauth/callback", path: "/oauth/callback?code=4/0AfJohXm9qZx81nB4v&state=s1", panicWith: "exchange failed"},
		{name: "OAuth access token", secret: "ya29.a0AfH6SMBxZx81nB4v", keep: "/api/me", path: "/api/me?access_token=ya29.a0AfH6SMBxZx81nB4v", panicWith: "profile failed"},
		{name: "OAuth refresh token", secret: "1-0gLx9Zx81nB4vT6q", keep: "/token/refresh", path: "/token/refresh?refresh_token=1-0gLx9Zx81nB4vT6q", panicWith: "refresh failed"},
		{name: "secret in URL path", secret: "7f3k9Qx2LmN8vR4tZ6wY1", keep: "/password/reset/", path: "/password/reset/7f3k9Qx2LmN8vR4tZ6wY1", panicWith: "reset failed"},
		{name: "webhook URL path", secret: "aZ3xY9wV7uT5sR1qP0oN2mL4", keep: "/hooks/", path: "/hooks/T0123ABCD/B0456EFGH/aZ3xY9wV7uT5sR1qP0oN2mL4", panicWith: "hook failed"},
		{name: "Basic credentials header", secret: "YmxvZzpaeDgxbkI0dlQ2cQ==", keep: "login failed", header: "Authorization", value: "Basic YmxvZzpaeDgxbkI0dlQ2cQ==", panicWith: "login failed"},
		{name: "auth token header", secret: "Zx81nB4vT6qWm3Ke9Lp0", keep: "upload failed", header: "X-Auth-Token", value: "Zx81nB4vT6qWm3Ke9Lp0", panicWith: "upload failed"},
		{name: "struct field APIKey", secret: "Zx81nB4vT6qWm3Ke9Lp0", keep: "URL:https://api.example.com/v1", panicWith: mailerConfig{URL: "https://api.example.com/v1", APIKey: "Zx81nB4vT6qWm3Ke9Lp0", Retries: 3}},
		{name: "nested struct and map fields", secret: "Zx81nB4vT6qWm3Ke9Lp0", keep: "Retries:2", panicWith: &clientState{Mailer: &mailerConfig{URL: "https://api.example.com", Retries: 2, Options: map[string]string{"password": "Zx81nB4vT6qWm3Ke9Lp0", "user": "blog"}}}},
		{name: "private key in source", secret: "MHcCAQEEIBkg4LVWM9nuwNSk3yTTwVNGCDuMk8n8", keep: "plantedSourcePanic", source: true},
		{name: "API key constant in source", secret: "sk-test-Qw3Ke9Lp0Rt7Yb2Nc5Vd8Ff1G", keep: "plantedSourcePanic", source: true},
		{name: "password literal in source", secret: "Tr0ub4dor-source-Pw", keep: "plantedSourcePanic", source: true},
	}
}

// mailerConfig and clientState are panic values whose secrets only their
// field names mark.
type mailerConfig struct {
	URL     string
	APIKey  string
	Retries int
	Options map[string]string
}

type clientState struct {
	Mailer *mailerConfig
	Next   *clientState
}

// plantedSourcePanic fails next to secrets written in its own source: the
// frame's window shows them.
func plantedSourcePanic() {
	const apiKey = "sk-test-Qw3Ke9Lp0Rt7Yb2Nc5Vd8Ff1G"
	password := "Tr0ub4dor-source-Pw"
	key := `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIBkg4LVWM9nuwNSk3yTTwVNGCDuMk8n8OmaWrBEQ3m9ZoAoGCCqGSM49
-----END EC PRIVATE KEY-----`
	panic(fmt.Sprintf("login failed (%d %d %d)", len(apiKey), len(password), len(key)))
}

// syncBuffer is safe for concurrent writes and reads.
type syncBuffer = lockedbuf.Buffer

// TestSecretsAreHiddenInEveryOutput plants each secret format in a failure
// and looks for it in every output: the HTML page, the JSON report, the
// Markdown report, the slog record, the request the model server received,
// the explanation cache (the fake model echoes its prompt, so the cached
// answer holds what the model saw), the history files written to disk,
// and the files the evaluation stores for
// a run (report.json, the prompt, the context and the explanation taken
// from the JSON report, and page.html, exactly as it stores them).
func TestSecretsAreHiddenInEveryOutput(t *testing.T) {
	for _, c := range leakCases() {
		t.Run(c.name, func(t *testing.T) {
			outputs, rep := failAndCollect(t, c)
			for name, text := range outputs {
				if strings.Contains(text, c.secret) {
					t.Errorf("%s shows the secret %q:\n%.2000s", name, c.secret, text)
				}
				if !strings.Contains(text, c.keep) {
					t.Errorf("%s lacks %q, which the failure put next to the secret: the search proves nothing\n%.2000s", name, c.keep, text)
				}
			}
			if c.source {
				window := windowOf(rep, "plantedSourcePanic")
				for _, want := range []string{`const apiKey = "[REDACTED]"`, `password := "[REDACTED]"`, "key := `[REDACTED]"} {
					if !strings.Contains(window, want) {
						t.Errorf("the source window lacks %q:\n%s", want, window)
					}
				}
			}
		})
	}
}

// failAndCollect serves c's failure to a JSON, a second JSON (answered
// from the cache), an HTML and a Markdown client, and returns every output
// by name, unescaped, with the first JSON report.
func failAndCollect(t *testing.T, c leakCase) (map[string]string, report.Report) {
	t.Helper()
	fake := fakeopenai.New()
	t.Cleanup(fake.Close)
	fake.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		user, _ := req.Message("user")
		return fakeopenai.Reply("You sent:\n\n" + user)
	})
	var logs syncBuffer
	state := t.TempDir()
	ex, err := explainerr.New(
		explainerr.WithStateDir(state),
		explainerr.WithProviderName("openai"), explainerr.WithBaseURL(fake.URL),
		explainerr.WithAPIKey("test-key"), explainerr.WithHTTPClient(fake.Client()),
		explainerr.WithModel("gpt-4o-mini"), explainerr.WithRAG(false),
		explainerr.WithThrottle(-1, time.Minute),
		explainerr.WithLogger(slog.New(slog.NewJSONHandler(&logs, nil))),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ex.Close() })
	h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c.source {
			plantedSourcePanic()
		}
		if c.sourceFn != nil {
			c.sourceFn()
		}
		panic(c.panicWith)
	}))
	if c.report != nil {
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { ex.ServeFailure(w, r, c.report()) })
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	if c.env[0] != "" {
		t.Setenv(c.env[0], c.env[1])
	}

	fetch := func(accept string) string {
		path := c.path
		if path == "" {
			path = "/posts/7"
		}
		req, err := http.NewRequest("GET", srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept", accept)
		if c.header != "" {
			req.Header.Set(c.header, c.value)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusInternalServerError {
			t.Fatalf("%s: status %d, want 500:\n%.500s", accept, resp.StatusCode, body)
		}
		return string(body)
	}

	outputs := map[string]string{}
	rawJSON := fetch("application/json")
	var rep report.Report
	if err := json.Unmarshal([]byte(rawJSON), &rep); err != nil {
		t.Fatalf("the JSON report does not decode: %v\n%.500s", err, rawJSON)
	}
	outputs["JSON report"] = rawJSON + "\n" + jsonStrings(t, rawJSON)

	var cached report.Report
	if err := json.Unmarshal([]byte(fetch("application/json")), &cached); err != nil {
		t.Fatal(err)
	}
	if !cached.Explanation.Cached {
		t.Fatalf("the second report was not answered from the cache: %+v", cached.Explanation)
	}
	outputs["cached explanation"] = cached.Explanation.Text

	page := fetch("text/html")
	outputs["HTML page"] = html.UnescapeString(page)
	outputs["Markdown report"] = fetch("text/markdown")
	outputs["slog record"] = logs.String() + "\n" + jsonLinesStrings(t, logs.String())

	var model strings.Builder
	for _, req := range fake.Requests() {
		model.Write(req.Body)
		for _, m := range req.Messages {
			model.WriteString("\n" + m.Content)
		}
	}
	if fake.Calls() != 1 {
		t.Errorf("%d model calls for one failure asked four times, want 1", fake.Calls())
	}
	outputs["model request"] = model.String()

	var history strings.Builder
	for _, f := range stateFiles(t, state) {
		history.WriteString(f + "\n")
		if _, doc, ok := strings.Cut(f, ":\n"); ok && json.Valid([]byte(doc)) {
			history.WriteString(jsonStrings(t, doc))
		}
	}
	if history.Len() == 0 {
		t.Fatal("no history file was written")
	}
	outputs["history files"] = history.String()

	contextJSON, err := json.MarshalIndent(rep.Context, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	outputs["evaluation traces"] = strings.Join([]string{
		rawJSON, jsonStrings(t, rawJSON), rep.Prompt.System, rep.Prompt.User, rep.Explanation.Text,
		string(contextJSON), html.UnescapeString(page),
	}, "\n")
	return outputs, rep
}

// windowOf returns the source window of the frame of function fn.
func windowOf(rep report.Report, fn string) string {
	for _, f := range rep.Frames {
		if strings.HasSuffix(f.Function, "."+fn) && f.Source != nil {
			return strings.Join(f.Source.Lines, "\n")
		}
	}
	return ""
}

// jsonStrings returns every string in the JSON document doc, unescaped,
// one a line.
func jsonStrings(t *testing.T, doc string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("not JSON: %v\n%.300s", err, doc)
	}
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString(x + "\n")
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				b.WriteString(k + "\n")
				walk(e)
			}
		}
	}
	walk(v)
	return b.String()
}

// jsonLinesStrings is jsonStrings for a stream of JSON lines.
func jsonLinesStrings(t *testing.T, lines string) string {
	t.Helper()
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(lines), "\n") {
		if l != "" {
			b.WriteString(jsonStrings(t, l))
		}
	}
	return b.String()
}

// explodingField is a field type whose String method panics.
type explodingField struct{}

func (explodingField) String() string { panic("no string for you") }

type withPanickyField struct {
	Name  string
	Value explodingField
}

// TestPanicValuesShowFieldNames checks how a struct, map or slice panic
// value reads in the report: with field names, secret fields hidden by
// name, cycles shown and not walked, panicking String methods survived and
// collections bounded.
func TestPanicValuesShowFieldNames(t *testing.T) {
	cyclic := &clientState{}
	cyclic.Next = cyclic
	cases := []struct {
		name  string
		value any
		want  []string
		not   []string
	}{
		{"struct", mailerConfig{URL: "https://api.example.com/v1", APIKey: "Zx81nB4vT6q", Retries: 3},
			[]string{"{URL:https://api.example.com/v1 APIKey:[REDACTED] Retries:3 Options:map[]}"}, []string{"Zx81nB4vT6q"}},
		{"empty secret field stays visible", mailerConfig{URL: "https://api.example.com"},
			[]string{"APIKey: Retries:0"}, nil},
		{"pointer to nested struct and map", &clientState{Mailer: &mailerConfig{Options: map[string]string{"user": "blog", "api_token": "Zx81nB4vT6q"}}},
			[]string{"&{Mailer:&{URL: APIKey: Retries:0 Options:map[api_token:[REDACTED] user:blog]} Next:<nil>}"}, []string{"Zx81nB4vT6q"}},
		{"cycle", cyclic, []string{"Next:(cycle to *explainerr_test.clientState)"}, nil},
		{"panicking String method of a field", withPanickyField{Name: "x"},
			[]string{"{Name:x Value:(explainerr_test.explodingField: its Error or String method panicked)}"}, nil},
		{"long slice", make([]int, 1000), []string{"… (968 more)]"}, nil},
		{"map with secret keys", map[string]any{"password": "Zx81nB4vT6q", "Session": 42, "title": "hello"},
			[]string{"map[Session:[REDACTED] password:[REDACTED] title:hello]"}, []string{"Zx81nB4vT6q"}},
	}
	ex := benchExplainer(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(c.value) })))
			defer srv.Close()
			req, _ := http.NewRequest("GET", srv.URL+"/", nil)
			req.Header.Set("Accept", "application/json")
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var rep report.Report
			if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(rep.Error.Message, w) {
					t.Errorf("message %q lacks %q", rep.Error.Message, w)
				}
			}
			for _, n := range c.not {
				if strings.Contains(rep.Error.Message, n) || strings.Contains(rep.Prompt.User, n) {
					t.Errorf("message %q or prompt shows %q", rep.Error.Message, n)
				}
			}
		})
	}
}
