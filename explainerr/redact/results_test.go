package redact

import (
	"fmt"
	"strings"
	"testing"
)

// TestRememberedRedactionIsTheSame: a text redacted a second time (from
// results) comes back exactly as the rules redact it, its secrets hidden.
func TestRememberedRedactionIsTheSame(t *testing.T) {
	text := benchSecrets + "\n" + benchWindow
	first := String(text)
	again := String(text)
	fresh := redactWith(text, *envSecretsRef())
	if first != fresh || again != fresh {
		t.Fatalf("remembered redaction differs from the rules':\nfirst:\n%s\nagain:\n%s\nfresh:\n%s", first, again, fresh)
	}
	if strings.Contains(again, "sk_live_4eC39HqLyjWDarjtT1zdp7dc") {
		t.Errorf("the remembered redaction kept a token:\n%s", again)
	}
}

// TestRememberedRedactionFollowsTheEnvironment: a text redacted before an
// environment variable held a secret that it quotes is redacted again once
// the environment is read: the answer remembered from before would show
// the secret.
func TestRememberedRedactionFollowsTheEnvironment(t *testing.T) {
	const secret = "remembered-Qk38vX0pLm2Zr7"
	text := "the worker connected with " + secret + " and failed after three retries; nothing else is known"
	ReadEnvironment()
	if got := String(text); got != text {
		t.Fatalf("a text with no secret yet was changed:\n%s", got)
	}
	t.Setenv("REMEMBERED_SERVICE_TOKEN", secret)
	ReadEnvironment()
	if got := String(text); strings.Contains(got, secret) {
		t.Errorf("the secret set later is shown (a stale remembered answer):\n%s", got)
	}
}

// TestRememberedRedactionKeepsRequestSecretsHidden: a sealed report hides
// a request's own secret in a text that String alone, which knows nothing
// of the request, redacted and remembered before.
func TestRememberedRedactionKeepsRequestSecretsHidden(t *testing.T) {
	const secret = "request-only-9fKd02LmQx"
	text := "the handler logged the value " + secret + " while it rendered the edit page for post 7"
	if got := String(text); got != text {
		t.Fatalf("String hid a value no rule knows:\n%s", got)
	}
	var k Known
	k.Add(secret)
	got := (&sealWalk{redact: true, known: &k}).text(text)
	if strings.Contains(got, secret) {
		t.Errorf("the request's secret is shown:\n%s", got)
	}
}

// TestRememberedRedactionIsBounded: many different texts do not make
// results grow past its bound, and it still answers for the latest.
func TestRememberedRedactionIsBounded(t *testing.T) {
	m := &resultMemo{}
	env := new([]string)
	text := strings.Repeat("x", 1000)
	for i := range 5000 {
		s := fmt.Sprintf("%d %s", i, text)
		m.put(s, s, env)
	}
	m.mu.Lock()
	held := 0
	for _, out := range m.now {
		held += len(out)
	}
	for _, out := range m.prev {
		held += len(out)
	}
	m.mu.Unlock()
	if held > 2*rememberedBytes {
		t.Errorf("results hold %d bytes, over the bound of two generations of %d", held, rememberedBytes)
	}
	last := fmt.Sprintf("%d %s", 4999, text)
	if _, ok := m.get(last, env); !ok {
		t.Error("the latest text is forgotten")
	}
	if _, ok := m.get(last, new([]string)); ok {
		t.Error("an answer made with other environment secrets was given")
	}
}

// TestRememberedRedactionKeepsNoSecret: what results keeps of a text with
// a secret holds no secret: the text is remembered by its hash, and only
// its redacted form is kept.
func TestRememberedRedactionKeepsNoSecret(t *testing.T) {
	const token = "sk_live_9fQ2xLm4Tz7Wb1Yc8Vd3Ne6R"
	text := "charging the card with " + token + " failed: card declined (code 402)"
	if got := String(text); strings.Contains(got, token) {
		t.Fatalf("String kept the token:\n%s", got)
	}
	results.mu.Lock()
	defer results.mu.Unlock()
	for _, gen := range []map[textKey]string{results.now, results.prev} {
		for _, out := range gen {
			if strings.Contains(out, token) {
				t.Errorf("results keep the token: %q", out)
			}
		}
	}
}
