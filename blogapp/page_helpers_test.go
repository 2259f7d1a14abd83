package main

import (
	"bufio"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
)

// clearExplainerrEnv empties every variable explainerr reads, so that a
// test starts from "nothing set".
func clearExplainerrEnv(t *testing.T) {
	t.Helper()
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "EXPLAINERR_MODEL", "EXPLAINERR_PROVIDER", "EXPLAINERR_RAG", "EXPLAINERR_INDEX"} {
		t.Setenv(k, "")
	}
}

// quietLogger keeps the terminal record of each failure out of the test
// output; it does not change which provider the environment selects.
func quietLogger() explainerr.Option {
	return explainerr.WithLogger(slog.New(slog.DiscardHandler))
}

// timedPage is a page read as it arrived: the whole body, and when the
// first byte of each marker was read (zero when it never came).
type timedPage struct {
	body  string
	seen  map[string]time.Duration
	total time.Duration
}

// getPage requests path from srv as a browser would and reads the page
// line by line, noting when each marker first arrived.
func getPage(t *testing.T, srv *httptest.Server, path string, markers ...string) timedPage {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/html,application/xhtml+xml")
	start := time.Now()
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusInternalServerError {
		t.Fatalf("GET %s: status %d, want 500", path, res.StatusCode)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	page := timedPage{seen: map[string]time.Duration{}}
	var body strings.Builder
	r := bufio.NewReader(res.Body)
	for {
		chunk, err := r.ReadString('>')
		body.WriteString(chunk)
		for _, m := range markers {
			if _, ok := page.seen[m]; !ok && strings.Contains(body.String(), m) {
				page.seen[m] = time.Since(start)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading the page: %v", err)
		}
	}
	page.body, page.total = body.String(), time.Since(start)
	return page
}
