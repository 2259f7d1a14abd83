package main

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/reporttest"
)

func TestBlogWithoutModelShowsOfflineAnalysis(t *testing.T) {
	clearExplainerrEnv(t)
	h, err := newHandler("", quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	page := getPage(t, srv, "/stats")
	final := reporttest.Between(page.body, `<div class="final">`, "</section>")
	for _, want := range []string{`<span class="tag tag-offline">Offline analysis</span>`, "No model is configured", "OPENAI_BASE_URL"} {
		if !strings.Contains(final, want) {
			t.Errorf("the explanation block lacks %q:\n%s", want, final)
		}
	}
	if !strings.Contains(final, `<div class="md">`) || !strings.Contains(final, "handleStats") {
		t.Errorf("the offline analysis is missing or does not name the failing handler:\n%s", final)
	}
}
