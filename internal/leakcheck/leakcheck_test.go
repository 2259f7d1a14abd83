package leakcheck

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// recorder is a testing.TB that keeps what VerifyNone reports.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// parkedOnAChannel blocks until release is closed.
func parkedOnAChannel(release chan struct{}) { <-release }

func TestALeakedGoroutineIsReportedWithItsStack(t *testing.T) {
	ignore := IgnoreCurrent()
	release := make(chan struct{})
	defer close(release)
	go parkedOnAChannel(release)
	start := time.Now()
	check := &config{ignored: make(map[int]bool), wait: 200 * time.Millisecond}
	ignore(check)
	leaked := findWith(check)
	if !strings.Contains(leaked, "leakcheck.parkedOnAChannel") || !strings.Contains(leaked, "[chan receive") {
		t.Errorf("report %q does not show the leaked goroutine's stack", leaked)
	}
	if waited := time.Since(start); waited < 200*time.Millisecond {
		t.Errorf("gave up after %v, before its patience ran out", waited)
	}
}

func TestAGoroutineThatFinishesInTimeIsNoLeak(t *testing.T) {
	ignore := IgnoreCurrent()
	release := make(chan struct{})
	go parkedOnAChannel(release)
	time.AfterFunc(50*time.Millisecond, func() { close(release) })
	rec := &recorder{TB: t}
	VerifyNone(rec, ignore)
	if len(rec.errors) != 0 {
		t.Errorf("reported %q for a goroutine that finished", rec.errors)
	}
}

// A closed test server leaves nothing behind: its goroutines are not
// mistaken for leaks once they have finished, and the testing package's
// own are never reported.
func TestAClosedServerLeavesNothing(t *testing.T) {
	ignore := IgnoreCurrent()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	http.DefaultClient.CloseIdleConnections()
	srv.Close()
	rec := &recorder{TB: t}
	VerifyNone(rec, ignore)
	if len(rec.errors) != 0 {
		t.Errorf("reported %q", rec.errors)
	}
}

func TestParseReadsARecord(t *testing.T) {
	g, ok := parse(`goroutine 42 [select, 3 minutes]:
net/http.(*persistConn).writeLoop(0xc000123456)
	/usr/local/go/src/net/http/transport.go:2519 +0xe5
created by net/http.(*Transport).dialConn in goroutine 41
	/usr/local/go/src/net/http/transport.go:1875 +0x15a5`)
	want := []string{"net/http.(*persistConn).writeLoop", "net/http.(*Transport).dialConn"}
	if !ok || g.id != 42 || g.state != "select, 3 minutes" || strings.Join(g.funcs, " ") != strings.Join(want, " ") {
		t.Errorf("parsed %+v", g)
	}
	if _, ok := parse("not a goroutine"); ok {
		t.Error("parsed a record without a header")
	}
}
