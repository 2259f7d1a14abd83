package explainerr_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/leakcheck"
)

// fiveFailures fails in five distinct ways, chosen by the request path; each
// has its own message and panic site, so its own fingerprint.
func fiveFailures(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/f/0":
		var m map[string]int
		m["views"]++
	case "/f/1":
		s := []int{1, 2, 3}
		i := len(r.URL.Path)
		_ = s[i]
	case "/f/2":
		var p *struct{ Title string }
		_ = p.Title
	case "/f/3":
		panic("load: the cache is corrupt")
	default:
		http.Error(w, "load: the database is locked", http.StatusInternalServerError)
	}
}

// TestLoadConcurrentFailures sends 200 concurrent failing requests (five
// distinct failures, 40 of each) to a server whose model takes 2 s per
// answer and allows 3 calls a minute. Every client gets its page; the model
// is called at most once per distinct failure and never beyond the
// throttle; memory stays bounded.
func TestLoadConcurrentFailures(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	const (
		clients  = 200
		distinct = 5
		throttle = 3
		delay    = 2 * time.Second
	)
	fake := fakeopenai.New()
	defer fake.Close()
	fake.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply("The model explains this failure at length.").WithDelay(delay)
	})
	// The module's understanding, which the first failures of a process
	// build and keep, is made before the heap is first measured, by one
	// failure of each kind through an explainer without a model: the
	// measure is of what the flood adds, on a machine however loaded.
	warm := httptest.NewServer(newExplainer(t).Middleware(http.HandlerFunc(fiveFailures)))
	for i := range distinct {
		if resp, err := warm.Client().Get(fmt.Sprintf("%s/f/%d", warm.URL, i)); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	warm.Close()

	ex := modelExplainer(t, fake.URL, fake.Client(),
		explainerr.WithTimeout(time.Minute),
		explainerr.WithThrottle(throttle, time.Minute),
		explainerr.WithMaxRetries(-1))
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(fiveFailures)))
	defer srv.Close()
	client := srv.Client()
	client.Transport.(*http.Transport).MaxIdleConnsPerHost = clients
	defer client.CloseIdleConnections()

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	type result struct {
		path   string
		status int
		body   string
		err    error
	}
	results := make([]result, clients)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			path := fmt.Sprintf("/f/%d", i%distinct)
			results[i].path = path
			req, _ := http.NewRequest("GET", srv.URL+path, nil)
			req.Header.Set("Accept", "text/html")
			resp, err := client.Do(req)
			if err != nil {
				results[i].err = err
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			results[i].status, results[i].body, results[i].err = resp.StatusCode, string(b), err
		})
	}
	wg.Wait()
	took := time.Since(start)

	explained, throttled := 0, 0
	for i, r := range results {
		switch {
		case r.err != nil:
			t.Errorf("client %d (%s): %v", i, r.path, r.err)
		case r.status != 500 || !strings.HasSuffix(strings.TrimSpace(r.body), "</html>"):
			t.Errorf("client %d (%s): status %d, page incomplete (%d bytes)", i, r.path, r.status, len(r.body))
		case strings.Contains(r.body, "The model explains this failure at length."):
			explained++
		case strings.Contains(r.body, "model calls per"):
			throttled++
		default:
			t.Errorf("client %d (%s): page with neither the explanation nor a throttle note:\n%s", i, r.path, tail(r.body, 1500))
		}
	}
	calls := fake.Calls()
	t.Logf("%d clients in %s: %d explained, %d throttled, %d model calls", clients, took, explained, throttled, calls)
	if calls > distinct || calls > throttle {
		t.Errorf("%d model calls for %d distinct failures with a throttle of %d", calls, distinct, throttle)
	}
	if explained == 0 || throttled == 0 {
		t.Errorf("want both explained (%d) and throttled (%d) pages with %d distinct failures over a throttle of %d", explained, throttled, distinct, throttle)
	}

	srv.Close()
	client.CloseIdleConnections()
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("live heap grew by %d KiB", grew>>10)
	if grew > 64<<20 {
		t.Errorf("live heap grew by %d MiB after 200 failures", grew>>20)
	}
}
