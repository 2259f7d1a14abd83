package explainerr_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/leakcheck"
)

// hangAfter is how long a test waits before it calls something hung.
const hangAfter = 10 * time.Second

// gatedRetriever is a retriever whose Retrieve, while the gate is held,
// says it was entered and waits until the gate opens or its context ends:
// a report's preparation as slow as the test wants.
type gatedRetriever struct {
	entered chan struct{}

	mu      sync.Mutex
	release chan struct{} // nil: the gate is open
}

func newGatedRetriever() *gatedRetriever {
	return &gatedRetriever{entered: make(chan struct{}, 1000)}
}

func (g *gatedRetriever) Retrieve(ctx context.Context, _ *report.Report) ([]report.Chunk, error) {
	g.mu.Lock()
	release := g.release
	g.mu.Unlock()
	if release == nil {
		return nil, nil
	}
	select {
	case g.entered <- struct{}{}:
	default:
	}
	select {
	case <-release:
		return nil, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// hold closes the gate.
func (g *gatedRetriever) hold() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.release == nil {
		g.release = make(chan struct{})
	}
}

// open opens the gate, letting every waiting Retrieve return.
func (g *gatedRetriever) open() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.release != nil {
		close(g.release)
		g.release = nil
	}
}

// awaitEntered waits until a report's preparation reaches the gate.
func (g *gatedRetriever) awaitEntered(t *testing.T) {
	t.Helper()
	select {
	case <-g.entered:
	case <-time.After(hangAfter):
		t.Fatal("no report's preparation reached the retriever")
	}
}

// gatedRig is an Explainer whose reports are prepared through a
// gatedRetriever, with its log, wrapping a handler that panics.
type gatedRig struct {
	ex   *explainerr.Explainer
	gate *gatedRetriever
	logs *logBuffer
	h    http.Handler
}

func newGatedRig(t *testing.T) *gatedRig {
	t.Helper()
	gate := newGatedRetriever()
	// However a test ends, nothing stays blocked on the gate.
	t.Cleanup(gate.open)
	logs, logOpt := withLog(t)
	ex := newExplainer(t, logOpt, explainerr.WithContext(explainerr.ContextRAG), explainerr.WithRetriever(gate))
	h := ex.Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("connecting to postgres://blog:" + guardSecret + "@db/blog failed")
	}))
	return &gatedRig{ex: ex, gate: gate, logs: logs, h: h}
}

// failRemote sends n failing requests from another machine, one after the
// other, and checks that each gets the plain 500 without waiting for any
// report: the test fails if they take longer than hangAfter in all.
func (g *gatedRig) failRemote(t *testing.T, n int) {
	t.Helper()
	done := make(chan []string, 1)
	go func() {
		var bad []string
		for i := range n {
			req := httptest.NewRequest("GET", "http://localhost/checkout", nil)
			req.RemoteAddr = remotePeer
			req.Header.Set("Accept", "application/json")
			rec := httptest.NewRecorder()
			g.h.ServeHTTP(rec, req)
			if rec.Code != 500 || rec.Body.String() != "Internal Server Error\n" || rec.Header().Get("X-Explainerr-Report") != "" {
				bad = append(bad, fmt.Sprintf("request %d: %d %q", i, rec.Code, rec.Body.String()))
			}
		}
		done <- bad
	}()
	select {
	case bad := <-done:
		for _, b := range bad {
			t.Errorf("refused client got %s", b)
		}
	case <-time.After(hangAfter):
		t.Fatalf("the refused clients' responses waited for their reports' preparation")
	}
}

// count returns how many log records contain s.
func (g *gatedRig) count(s string) int { return strings.Count(g.logs.String(), s) }

// refusedInHistory returns how many times the developer's history counts
// the refused failure of the test's handler, read as the developer would.
func (g *gatedRig) refusedInHistory(t *testing.T) int {
	t.Helper()
	req := httptest.NewRequest("GET", "http://localhost/_explainerr/", nil)
	req.RemoteAddr = "127.0.0.1:50000"
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	g.h.ServeHTTP(rec, req)
	var list struct {
		Failures []struct {
			Refused bool `json:"refused"`
			Count   int  `json:"count"`
		} `json:"failures"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil {
		t.Fatalf("history list: %v: %.300q", err, rec.Body.String())
	}
	n := 0
	for _, f := range list.Failures {
		if !f.Refused {
			t.Errorf("the history lists a failure not marked refused: %+v", f)
		}
		n += f.Count
	}
	return n
}

const (
	refusedRecord = "no report for this client: "
	floodWarning  = "come faster than they can be reported"
)

// TestRefusedClientsResponseDoesNotWaitForItsReport: a refused client's
// failing request is answered while its report's preparation is still
// stuck; the report reaches the log and the history once it is done.
func TestRefusedClientsResponseDoesNotWaitForItsReport(t *testing.T) {
	g := newGatedRig(t)
	g.gate.hold()
	g.failRemote(t, 1)
	g.gate.awaitEntered(t)
	if n := g.count(refusedRecord); n != 0 {
		t.Fatalf("the failure was logged before its report was prepared:\n%s", g.logs)
	}
	g.gate.open()
	g.ex.AwaitRefused()
	if n := g.count(refusedRecord); n != 1 {
		t.Errorf("%d log records of the refused failure, want 1:\n%s", n, g.logs)
	}
	if strings.Contains(g.logs.String(), guardSecret) {
		t.Errorf("the log shows the secret")
	}
	if n := g.refusedInHistory(t); n != 1 {
		t.Errorf("the history counts the refused failure %d times, want 1", n)
	}
}

// TestRefusedFloodIsDroppedAndCounted: while one report is being
// prepared, failures beyond the queue's bound are dropped without waiting;
// each burst of drops is one warning, and the next failure logged says
// how many were dropped.
func TestRefusedFloodIsDroppedAndCounted(t *testing.T) {
	g := newGatedRig(t)
	limit := explainerr.RefusedQueueLimit
	reported := 0
	for burst, extra := range []int{7, 1} {
		g.gate.hold()
		g.failRemote(t, 1)
		g.gate.awaitEntered(t) // the worker holds it: the queue is empty
		g.failRemote(t, limit+extra)
		if n := g.count(floodWarning); n != burst+1 {
			t.Errorf("burst %d: %d warnings of dropped failures, want %d:\n%s", burst, n, burst+1, g.logs)
		}
		g.gate.open()
		g.ex.AwaitRefused()
		reported += 1 + limit
		if n := g.count(refusedRecord); n != reported {
			t.Errorf("burst %d: %d refused failures logged, want %d", burst, n, reported)
		}
		if n := g.refusedInHistory(t); n != reported {
			t.Errorf("burst %d: the history counts %d refused failures, want %d", burst, n, reported)
		}
	}
	for _, says := range []string{
		"7 more failures of clients that got no report were dropped unreported",
		"1 more failure of a client that got no report was dropped unreported",
	} {
		if n := g.count(says); n != 1 {
			t.Errorf("%d log records say %q, want 1:\n%s", n, says, g.logs)
		}
	}
}

// TestCloseReportsWaitingRefusedFailuresAndLeavesNoGoroutine: Close
// cancels the preparation under way, reports the failures still waiting,
// and leaves no goroutine; a refused failure after it is dropped at once.
func TestCloseReportsWaitingRefusedFailuresAndLeavesNoGoroutine(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	g := newGatedRig(t)
	g.gate.hold()
	g.failRemote(t, 1)
	g.gate.awaitEntered(t)
	g.failRemote(t, 2)
	closed := make(chan error, 1)
	go func() { closed <- g.ex.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Errorf("Close: %v", err)
		}
	case <-time.After(hangAfter):
		t.Fatal("Close did not return while a report's preparation was stuck")
	}
	if n := g.count(refusedRecord); n != 3 {
		t.Errorf("%d refused failures logged by Close, want 3:\n%s", n, g.logs)
	}
	g.failRemote(t, 2)
	g.ex.AwaitRefused()
	if n := g.count(refusedRecord); n != 3 {
		t.Errorf("%d refused failures logged, want the 3 before Close:\n%s", n, g.logs)
	}
	if n := g.count("the Explainer is closed"); n != 1 {
		t.Errorf("%d warnings that the Explainer is closed, want 1:\n%s", n, g.logs)
	}
}
