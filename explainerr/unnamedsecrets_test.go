package explainerr_test

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/redact"
)

// Secrets no sensitive name and no hand-made format marks, planted by the
// next test; made up.
const (
	relayHeaderSecret = "Zx81<nB4v>T6q&Wm3/Ke9+Lp0"
	lateEnvSecret     = "Hq7Vb2Nk9Lx4Rm8Tz3Wc6Yd1"
	plainEnvSecret    = "Jd8Kq2Lx7Vn4Rz1Tc5Yb3Hm6"
)

// relayConfig is a panic value and a positional literal in shown source.
type relayConfig struct {
	Host string
	Port int
	Cred string
}

// credString is a field type whose String method returns the secret it
// holds.
type credString struct{ v string }

func (c credString) String() string { return c.v }

// withStringer holds a secret in a field whose name says nothing of it.
type withStringer struct {
	Relay string
	Conn  credString
}

// plantedContextSource fails next to secrets in its own source that only
// their context gives away: a comment, a positional struct literal, the
// secret half of a key pair, an authority's password, a command's
// credential argument and a plain assignment.
func plantedContextSource() {
	relay := relayConfig{"relay.example.com", 2525, "Fz7Nq3Lx9Kw2Rt8Vb4Yc6Hd1"}
	pair := "AKIAZX81NB4VT6QWM3KE Bq9Lm3Xz7Vb2Nk8Rw4Yc6Hd1Pf5Gs0Ja2Eo7Ti"
	addr := "relay_rw:Rl4yPw-2026@relay.internal:2525"
	cmd := []string{"redis-cli", "-a", "Cl1Redis-pw-77", "ping"}
	upstream := "Tq8Lm3Xz7Vb2Nk9Rw4Yc6Hd1" // fallback relay: Wm4Kx8Lq2Nr7Zt3Vb9Yc1Hd5 until June
	panic(fmt.Sprintf("relay down (%d %d %d %d %d)", relay.Port, len(pair), len(addr), len(cmd), len(upstream)))
}

// unnamedSecretCases plant, in the request, the panic value, the
// environment and the shown source, secrets of each class the names and
// the hand-made formats miss.
func unnamedSecretCases() []leakCase {
	msg := func(name, prefix, secret string) leakCase {
		return leakCase{name: name, secret: secret, keep: strings.TrimSpace(prefix), panicWith: errors.New(prefix + secret + " (end)")}
	}
	echo := func(name, prefix, form string) leakCase {
		return leakCase{name: name, secret: form, keep: strings.TrimSpace(prefix), header: "X-Relay-Key", value: relayHeaderSecret, panicWith: errors.New(prefix + form + " (end)")}
	}
	env := func(name, variable, value, prefix, form string) leakCase {
		c := msg(name, prefix, form)
		c.env = [2]string{variable, value}
		return c
	}
	return []leakCase{
		// Provider formats the hand-made list lacks.
		msg("Doppler service token", "secrets from ", "dp.st.prd.Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1Gh2Jk3LqW4e"),
		msg("Doppler personal token (gitleaks table)", "secrets from ", "dp.pt.Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1Gh2Jk3LqW4e"),
		msg("Pulumi token (gitleaks table)", "stack login with ", "pul-4f9a1c7e2b8d6035be94c1f7a2d8e6037b1c4f9a"),
		msg("Linear key (gitleaks table)", "issue sync with ", "lin_api_Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1Gh2Jk3Lq"),
		// The secret half of a key pair.
		{name: "secret after an AWS key id", secret: "Lq8Wd2Kx7Vn4Rz1Tc5Yb3Hm6Pf0Gs9Ua2Eo7Ni", keep: "assume role", panicWith: errors.New("assume role ASIAZX81NB4VT6QWM3KE / Lq8Wd2Kx7Vn4Rz1Tc5Yb3Hm6Pf0Gs9Ua2Eo7Ni (end)")},
		msg("secret after a key id field", "signing client_id=billing-7 with ", "Mx3Kq8Lw2Zr7Vt1Bn6Yc9Hd4Pf0Gs5Ja"),
		// Authorities and command lines.
		msg("authority password", "cache at svc_user:", "Qp7Lm2Xz9Vb4@redis.internal:6379"),
		msg("redis-cli -a", "exit status 1: redis-cli -h cache -a ", "Rc5Vb8Nq2Lx"),
		msg("mongodump -p", "exit status 2: mongodump --host db -u ops -p ", "M0ng0-dump-pw"),
		msg("sshpass -p joined", "exit status 5: sshpass -p", "Sh3llPw-91 ssh deploy@web1"),
		// Values whose names carry no sensitive word.
		msg("environment-style assignment", "config: RELAY_CRED=", "Jd8Kq2Lx7Vn4Rz1Tc5Yb3Hm"),
		msg("Go-formatted field", "relay {Host:relay.example.com Cred:", "Nb4Vc8Xz2Lq7Kw3Rt9Yd1Hm6}"),
		{name: "query parameter", secret: "Hv3Nq8Lx2Kr7Wt4Zm9Yc1Pd6", keep: "/export", path: "/export?acct=Hv3Nq8Lx2Kr7Wt4Zm9Yc1Pd6&fmt=csv", panicWith: "export failed"},
		{name: "struct field of a plain name", secret: "Pz6Nw1Kq8Lr3Xt7Vb2Yc9Hd4", keep: "Host:relay.example.com", panicWith: relayConfig{Host: "relay.example.com", Port: 2525, Cred: "Pz6Nw1Kq8Lr3Xt7Vb2Yc9Hd4"}},
		{name: "field whose String returns the secret", secret: "Gx4Rt8Vb1Nm6Kq3Lw9Zp2Yd7", keep: "Relay:relay.example.com", panicWith: withStringer{Relay: "relay.example.com", Conn: credString{"Gx4Rt8Vb1Nm6Kq3Lw9Zp2Yd7"}}},
		// A []byte panic value.
		{name: "[]byte panic value", secret: "Qx5Lm9Kw3Zr8Vt2Bn7Yc4Hd1", keep: "upstream said", panicWith: []byte("upstream said: unknown relay key Qx5Lm9Kw3Zr8Vt2Bn7Yc4Hd1")},
		{name: "[]byte panic value holding a request secret", secret: relayHeaderSecret, keep: "echoed", header: "X-Relay-Key", value: relayHeaderSecret, panicWith: []byte("echoed " + relayHeaderSecret)},
		// A request's secret echoed in another encoding.
		echo("request secret URL-encoded", "upstream got key=", url.QueryEscape(relayHeaderSecret)),
		echo("request secret JSON-escaped", `upstream replied {"key":"`, strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "&", `\u0026`).Replace(relayHeaderSecret)),
		echo("request secret in base64", "upstream got ", base64.StdEncoding.EncodeToString([]byte(relayHeaderSecret))),
		echo("request secret in hex", "upstream got ", hex.EncodeToString([]byte(relayHeaderSecret))),
		echo("request secret in upper case", "upstream got ", strings.ToUpper(relayHeaderSecret)),
		// The environment, set while the server runs.
		env("environment secret set late", "SHOP_API_TOKEN", lateEnvSecret, "shop rejected ", lateEnvSecret),
		env("environment secret set late, in base64", "SHOP_API_TOKEN", lateEnvSecret, "shop rejected ", base64.StdEncoding.EncodeToString([]byte(lateEnvSecret))),
		env("plain-named variable of random look", "RELAY_BLOB", plainEnvSecret, "relay rejected ", strings.ToLower(plainEnvSecret)),
		// Shown source.
		{name: "comment in shown source", secret: "Wm4Kx8Lq2Nr7Zt3Vb9Yc1Hd5", keep: "plantedContextSource", sourceFn: plantedContextSource},
		{name: "positional struct literal in shown source", secret: "Fz7Nq3Lx9Kw2Rt8Vb4Yc6Hd1", keep: "plantedContextSource", sourceFn: plantedContextSource},
		{name: "key pair in shown source", secret: "Bq9Lm3Xz7Vb2Nk8Rw4Yc6Hd1", keep: "plantedContextSource", sourceFn: plantedContextSource},
		{name: "authority in shown source", secret: "Rl4yPw-2026", keep: "plantedContextSource", sourceFn: plantedContextSource},
		{name: "command argument in shown source", secret: "Cl1Redis-pw-77", keep: "plantedContextSource", sourceFn: plantedContextSource},
		{name: "assignment in shown source", secret: "Tq8Lm3Xz7Vb2Nk9Rw4Yc6Hd1", keep: "plantedContextSource", sourceFn: plantedContextSource},
	}
}

// TestUnnamedSecretsAreHiddenInEveryOutput plants each secret that no
// sensitive name marks through real middleware (in the request, the panic
// value, the environment set while the server runs, and the shown source)
// and looks for it in the HTML page, the JSON and Markdown reports, the
// log, the model request, the cache, the history files and the
// evaluation's traces.
func TestUnnamedSecretsAreHiddenInEveryOutput(t *testing.T) {
	// The environment has been read before the variables are set: they
	// must be found because each report reads it again.
	redact.String("read the environment")
	for _, c := range unnamedSecretCases() {
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
			if c.sourceFn != nil {
				window := windowOf(rep, "plantedContextSource")
				for _, want := range []string{
					`upstream := "[REDACTED]" // fallback relay: [REDACTED] until June`,
					`relayConfig{"relay.example.com", 2525, "[REDACTED]"}`,
					`pair := "[REDACTED] [REDACTED]"`, `relay_rw:[REDACTED]@relay.internal:2525`,
					`"redis-cli", "-a", "[REDACTED]", "ping"`,
				} {
					if !strings.Contains(window, want) {
						t.Errorf("the source window lacks %q:\n%s", want, window)
					}
				}
			}
		})
	}
}

// bodyRelaySecret is a random-looking value a JSON body gives to a key
// with a plain name; made up.
const bodyRelaySecret = "Vn3Kq8Lx2Zr7Wt1Bm6Yc9Hd4"

// relayFromBody reads a JSON body, logs its relay value in base64 and
// upper case, as an upstream would echo it, and fails.
func relayFromBody(w http.ResponseWriter, r *http.Request) {
	var in struct{ Relay string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		panic(err)
	}
	slog.Info("relay rejected", "sent", base64.StdEncoding.EncodeToString([]byte(in.Relay)), "echo", strings.ToUpper(in.Relay))
	panic("relay rejected the request")
}

// TestBodySecretsUnderPlainNamesAreHiddenEverywhere: a random-looking
// value under a plain key of a JSON body is hidden in the body shown, and
// in its encodings in the lines the request logged, in every format and
// in the history written to disk.
func TestBodySecretsUnderPlainNamesAreHiddenEverywhere(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	state := t.TempDir()
	ex := newExplainer(t, explainerr.WithStateDir(state))
	h := ex.Middleware(http.HandlerFunc(relayFromBody))
	pages := failureInEveryFormat(t, h, func() *http.Request {
		req := httptest.NewRequest("POST", "/relay", strings.NewReader(`{"relay": "`+bodyRelaySecret+`", "note": "hello"}`))
		req.Header.Set("Content-Type", "application/json")
		return req
	})
	if !strings.Contains(pages[1], "relay rejected") || !strings.Contains(pages[1], `\"note\": \"hello\"`) {
		t.Fatalf("the JSON report lacks the log line or the body: the test proves nothing\n%s", pages[1])
	}
	pages = append(pages, stateFiles(t, state)...)
	expectHidden(t, pages, bodyRelaySecret, base64.StdEncoding.EncodeToString([]byte(bodyRelaySecret))[:24], strings.ToUpper(bodyRelaySecret))
}
