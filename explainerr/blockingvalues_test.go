package explainerr_test

import (
	"encoding/json"
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
	"github.com/explainerr/explainerr/explainerr/report"
)

// The hostile values' methods block until their test ends and closes
// stuck, as a method waiting on a lock or a channel that never comes would.

type unwrapBlocks struct{ stuck chan struct{} }

func (unwrapBlocks) Error() string   { return "payment failed" }
func (e unwrapBlocks) Unwrap() error { <-e.stuck; return io.EOF }

type errorBlocks struct{ stuck chan struct{} }

func (e errorBlocks) Error() string { <-e.stuck; return "never shown" }

type stringBlocks struct{ stuck chan struct{} }

func (s stringBlocks) String() string { <-s.stuck; return "never shown" }

// Panic values holding a stringBlocks in a field, a map and a slice: fmt,
// formatting them for net/http's own log of the panic, blocks too.
type (
	orderInStruct struct {
		Order int
		Clock stringBlocks
	}
	orderWithMap struct {
		Order int
		Tags  map[string]fmt.Stringer
	}
	orderWithSlice struct {
		Order int
		Steps []fmt.Stringer
	}
	orderWithFormat struct {
		Order int
		Wait  waitChan
	}
)

// waitChan is a channel whose Format method waits on it.
type waitChan chan struct{}

func (c waitChan) Format(fmt.State, rune) { <-c }

// wrapsBlocking wraps an errorBlocks: its own message is fine.
type wrapsBlocking struct{ stuck chan struct{} }

func (wrapsBlocking) Error() string   { return "checkout failed" }
func (e wrapsBlocking) Unwrap() error { return errorBlocks(e) }

// floodErrorBlocks is errorBlocks for the flood test alone, since calls
// left running are counted by type.
type floodErrorBlocks struct{ stuck chan struct{} }

func (e floodErrorBlocks) Error() string { <-e.stuck; return "released" }

// hostileServer serves a handler that panics with what the path names,
// through an Explainer with opts, on a real loopback server; the values'
// blocked calls are released when the test ends.
func hostileServer(t *testing.T, opts ...explainerr.Option) (get func(path string) (int, report.Report), logs *logBuffer) {
	t.Helper()
	stuck := make(chan struct{})
	logs, logOpt := withLog(t)
	values := map[string]any{
		"/unwrap":   unwrapBlocks{stuck},
		"/error":    errorBlocks{stuck},
		"/struct":   orderInStruct{Order: 7, Clock: stringBlocks{stuck}},
		"/map":      orderWithMap{Order: 7, Tags: map[string]fmt.Stringer{"clock": stringBlocks{stuck}}},
		"/slice":    orderWithSlice{Order: 7, Steps: []fmt.Stringer{stringBlocks{stuck}}},
		"/format":   orderWithFormat{Order: 7, Wait: waitChan(stuck)},
		"/panicky":  panickyError{},
		"/wrapping": wrapsBlocking{stuck},
	}
	ex := newExplainer(t, append([]explainerr.Option{logOpt}, opts...)...)
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v, ok := values[r.URL.Path]; ok {
			panic(v)
		}
		io.WriteString(w, "fine")
	})))
	t.Cleanup(func() {
		close(stuck)
		srv.Close()
		// The released calls return and free their slots before the next
		// test counts them.
		waitFor(t, func() bool { return explainerr.ValueCallsRunning() == 0 })
	})
	client := &http.Client{Timeout: 20 * time.Second} // a hang fails the test
	return func(path string) (int, report.Report) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		var rep report.Report
		if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil {
			t.Fatalf("GET %s: status %d, not a report: %v", path, resp.StatusCode, err)
		}
		return resp.StatusCode, rep
	}, logs
}

// TestValuesThatBlock: a panic value whose methods block, itself or in a
// value nested in it, never keeps the response from going out: the
// developer gets the page without the part the blocked method would have
// given, saying so, and the log names the type and method.
func TestValuesThatBlock(t *testing.T) {
	// A deadline longer than the default, so that the methods that do
	// return are never late on a loaded machine.
	get, logs := hostileServer(t, explainerr.WithValueDeadline(500*time.Millisecond))
	for _, tt := range []struct {
		path, typ, method string
		// message the report must show; blocked: the not-shown text the
		// message or its chain holds.
		message []string
		blocked string
	}{
		{"/unwrap", "explainerr_test.unwrapBlocks", "Unwrap", []string{"payment failed"}, ""},
		{"/error", "explainerr_test.errorBlocks", "Error", []string{"(not shown: Error() of explainerr_test.errorBlocks did not return within 500ms)"}, ""},
		{"/struct", "explainerr_test.stringBlocks", "String", []string{"Order:7", "Clock:(not shown: String() of explainerr_test.stringBlocks did not return within 500ms)"}, ""},
		{"/map", "explainerr_test.stringBlocks", "String", []string{"Order:7", "Tags:map[clock:(not shown: String() of explainerr_test.stringBlocks"}, ""},
		{"/slice", "explainerr_test.stringBlocks", "String", []string{"Order:7", "Steps:[(not shown: String() of explainerr_test.stringBlocks"}, ""},
		{"/format", "explainerr_test.waitChan", "Format", []string{"Order:7", "Wait:(not shown: Format() of explainerr_test.waitChan did not return within 500ms)"}, ""},
		{"/wrapping", "explainerr_test.errorBlocks", "Error", []string{"checkout failed"}, "(not shown: Error() of explainerr_test.errorBlocks"},
	} {
		t.Run(strings.TrimPrefix(tt.path, "/"), func(t *testing.T) {
			status, rep := get(tt.path)
			if status != http.StatusInternalServerError || rep.Error.Kind != report.KindPanic {
				t.Fatalf("status %d, kind %q: want the panic's report", status, rep.Error.Kind)
			}
			for _, want := range tt.message {
				if !strings.Contains(rep.Error.Message, want) {
					t.Errorf("message %q lacks %q", rep.Error.Message, want)
				}
			}
			if tt.blocked != "" && !strings.Contains(strings.Join(rep.Error.Chain, "\n"), tt.blocked) {
				t.Errorf("chain %q lacks %q", rep.Error.Chain, tt.blocked)
			}
			notice := fmt.Sprintf("%s() of %s", tt.method, tt.typ)
			if !strings.Contains(strings.Join(rep.Notices, "\n"), notice) {
				t.Errorf("no notice names %s: %q", notice, rep.Notices)
			}
			logged := fmt.Sprintf(`"type":%q,"method":%q`, tt.typ, tt.method)
			waitFor(t, func() bool { return strings.Contains(logs.String(), logged) })
		})
	}
	// The server still serves, and a panicking Error method stays handled.
	status, rep := get("/panicky")
	if status != http.StatusInternalServerError || !strings.Contains(rep.Error.Message, "its Error or String method panicked: Error exploded") {
		t.Errorf("a panicking Error method: status %d, message %q", status, rep.Error.Message)
	}
}

// TestValueDeadlineOption: the deadline is configurable, and a negative one
// is refused with a clear error.
func TestValueDeadlineOption(t *testing.T) {
	get, _ := hostileServer(t, explainerr.WithValueDeadline(20*time.Millisecond))
	if _, rep := get("/error"); !strings.Contains(rep.Error.Message, "did not return within 20ms") {
		t.Errorf("message %q: want the 20ms deadline named", rep.Error.Message)
	}
	if _, err := explainerr.New(explainerr.WithValueDeadline(-time.Second)); err == nil || !strings.Contains(err.Error(), "WithValueDeadline(-1s)") {
		t.Errorf("a negative deadline gave %v", err)
	}
}

// TestFloodOfBlockingValues: many failures whose values block leave only a
// few calls running: once maxCallsPerType calls of a type have not
// returned, its values are not formatted, and every request is answered.
// When the calls return, the type is formatted again.
func TestFloodOfBlockingValues(t *testing.T) {
	stuck := make(chan struct{})
	released := false
	release := func() {
		if !released {
			released = true
			close(stuck)
		}
	}
	t.Cleanup(release)
	h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic(floodErrorBlocks{stuck})
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	// A bound that only a hang reaches: 61 failures under -race on a loaded
	// machine can take tens of seconds between them.
	client := &http.Client{Timeout: 2 * time.Minute}
	get := func() (string, error) {
		req, _ := http.NewRequest("GET", srv.URL, nil)
		req.Header.Set("Accept", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		var rep report.Report
		if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil {
			return "", fmt.Errorf("status %d: %v", resp.StatusCode, err)
		}
		return rep.Error.Message, nil
	}

	const requests = 60
	var wg sync.WaitGroup
	errs := make(chan error, requests)
	leftRunning := make(chan string, requests)
	for range requests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			msg, err := get()
			switch {
			case err != nil:
				errs <- err
			case !strings.HasPrefix(msg, "(not shown: Error() of explainerr_test.floodErrorBlocks"):
				errs <- fmt.Errorf("message %q", msg)
			case strings.HasSuffix(msg, "did not return within 100ms)"):
				leftRunning <- msg
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// The calls that got one of the type's four slots were left running
	// at the default deadline; all others were not made.
	if n := len(leftRunning); n != 4 {
		t.Errorf("%d calls were left running at the default deadline, want 4", n)
	}
	// The type's calls that did not return hold its slots: its values are
	// no longer formatted, and failures are answered at once.
	for range 5 {
		if msg, err := get(); err != nil || !strings.Contains(msg, "was not called: 4 calls of its methods have not returned") {
			t.Errorf("a failure after the flood: %q, %v", msg, err)
		}
	}
	if n, running := blockedIn("floodErrorBlocks"), explainerr.ValueCallsRunning(); n > 4 || running > 4 {
		t.Errorf("after %d failures, %d goroutines are in floodErrorBlocks.Error and %d calls are counted, want at most 4", requests, n, running)
	}

	// Released, the calls return, and the type is formatted again.
	release()
	waitFor(t, func() bool { return blockedIn("floodErrorBlocks") == 0 && explainerr.ValueCallsRunning() == 0 })
	var msg string
	waitFor(t, func() bool {
		m, err := get()
		msg = m
		return err == nil && m == "released"
	})
	if msg != "released" {
		t.Errorf("after the calls returned, the message is %q", msg)
	}
}

// blockedIn counts the goroutines whose stack is in a method of the named
// type of this package.
func blockedIn(typ string) int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "explainerr_test."+typ+".") {
			n++
		}
	}
	return n
}

// TestBlockingErrorWithoutMiddleware: a HandlerFunc's error that no
// middleware takes is logged in a build that links explainerr; an Error
// method that blocks does not keep the plain 500 from going out.
func TestBlockingErrorWithoutMiddleware(t *testing.T) {
	stuck := make(chan struct{})
	srv := httptest.NewServer(explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errorBlocks{stuck}
	}))
	t.Cleanup(func() {
		close(stuck)
		srv.Close()
		waitFor(t, func() bool { return explainerr.ValueCallsRunning() == 0 })
	})
	client := &http.Client{Timeout: 20 * time.Second} // a hang fails the test
	resp, err := client.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("status %d, want the plain 500", resp.StatusCode)
	}
}
