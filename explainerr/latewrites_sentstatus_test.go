package explainerr_test

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
)

// TestLatePanicRecordsTheStatusTheClientGot checks that a panic after the
// response started is logged, listed and reported with the status the
// client had already received, not 0 or 500.
func TestLatePanicRecordsTheStatusTheClientGot(t *testing.T) {
	for _, tc := range []struct {
		path string
		want int
	}{
		{"/implicit", http.StatusOK},
		{"/accepted", http.StatusAccepted},
	} {
		t.Run(tc.path[1:], func(t *testing.T) {
			logs, logOpt := withLog(t)
			ex := newExplainer(t, logOpt, explainerr.WithStateDir(t.TempDir()))
			mux := http.NewServeMux()
			mux.HandleFunc("/implicit", func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, "first part of the page\n")
				w.(http.Flusher).Flush()
				panic("rendering the footer failed")
			})
			mux.HandleFunc("/accepted", func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusAccepted)
				io.WriteString(w, "queued\n")
				w.(http.Flusher).Flush()
				panic("rendering the footer failed")
			})
			h := &historyRig{ex: ex, base: serveAs(t, ex.Middleware(mux), "", ""), logs: logs}

			resp, err := client.Get(h.base + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body) // cut off by the aborted handler
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("the client got %d, want the app's %d", resp.StatusCode, tc.want)
			}

			var f historyFailure
			deadline := time.Now().Add(15 * time.Second)
			for {
				if failures := h.list(t); len(failures) == 1 {
					f = failures[0]
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the late panic never reached the history")
				}
				time.Sleep(20 * time.Millisecond)
			}
			if !f.Late || f.Kind != "panic" || f.Status != tc.want {
				t.Errorf("history entry: late %v, kind %q, status %d; want a late panic with status %d", f.Late, f.Kind, f.Status, tc.want)
			}
			rep, got := h.report(t, f.Report)
			if got.status != 200 || rep.Status != tc.want {
				t.Errorf("stored report: %d, status %d; want status %d", got.status, rep.Status, tc.want)
			}
			waitFor(t, func() bool { return strings.Contains(logs.String(), "rendering the footer failed") })
			if want := `"status":` + strconv.Itoa(tc.want); !strings.Contains(logs.String(), want) {
				t.Errorf("the log record lacks %s:\n%s", want, logs)
			}
		})
	}
}
