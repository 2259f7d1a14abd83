package explainerr_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// saveItem fails the way real handlers do: the real error goes to the log,
// the client gets "internal error".
func saveItem(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	err := fmt.Errorf("saving item %s: %w", id, errors.New("database is locked"))
	log.Printf("saving item: %v", err)
	slog.ErrorContext(r.Context(), "store failed", "item", id, "password", "hunter2-"+id)
	slog.Info("retry skipped", "item", id)
	http.Error(w, "internal error", http.StatusInternalServerError)
}

// quietLogs sends the log package's output nowhere for the rest of the
// test; call it before making the Explainer, whose capture wraps the
// output that is there.
func quietLogs(t *testing.T) {
	out := log.Writer()
	log.SetOutput(io.Discard)
	t.Cleanup(func() { log.SetOutput(out) })
}

// fetchReport asks srv for path as a script that wants the JSON report.
func fetchReport(t *testing.T, client *http.Client, url string) report.Report {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		t.Error(err)
		return report.Report{}
	}
	defer resp.Body.Close()
	rec := httptest.NewRecorder()
	rec.Code = resp.StatusCode
	io.Copy(rec.Body, resp.Body)
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("%s: status %d", url, rec.Code)
	}
	return reporttest.Decode(t, rec)
}

func TestLogLinesOfConcurrentFailingRequests(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	ex := newExplainer(t)
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(saveItem)))
	defer srv.Close()

	const n = 24
	reports := make([]report.Report, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i] = fetchReport(t, srv.Client(), fmt.Sprintf("%s/items?id=item%02d", srv.URL, i))
		}()
	}
	wg.Wait()

	for i, rep := range reports {
		id := fmt.Sprintf("item%02d", i)
		if rep.Error.Message != "internal error\n" && rep.Error.Message != "internal error" {
			t.Errorf("%s: message %q", id, rep.Error.Message)
		}
		var texts []string
		for _, l := range rep.Logs {
			texts = append(texts, l.Text)
		}
		all := strings.Join(texts, "\n")
		if len(rep.Logs) != 3 {
			t.Errorf("%s: %d log lines, want its own 3:\n%s", id, len(rep.Logs), all)
			continue
		}
		for j, want := range []string{"saving item: saving item " + id + ": database is locked", "store failed", "retry skipped"} {
			if !strings.Contains(texts[j], want) || !strings.Contains(texts[j], id) {
				t.Errorf("%s: line %d = %q, want it to hold %q and the item", id, j, texts[j], want)
			}
		}
		for k := range n {
			if other := fmt.Sprintf("item%02d", k); k != i && strings.Contains(all, other) {
				t.Errorf("%s: holds a line of %s:\n%s", id, other, all)
			}
		}
		if strings.Contains(all, "hunter2") {
			t.Errorf("%s: a password reached the report's log lines:\n%s", id, all)
		}
		if rep.LogsCut || rep.Logs[0].Time.IsZero() {
			t.Errorf("%s: cut %v, first line time %v", id, rep.LogsCut, rep.Logs[0].Time)
		}
		if !strings.Contains(rep.Prompt.User, "## Log lines the request wrote") || !strings.Contains(rep.Prompt.User, "database is locked") {
			t.Errorf("%s: the prompt does not quote the log lines:\n%s", id, rep.Prompt.User)
		}
	}
}

// TestLogLinesOfEarlierRequestsOnTheConnection sends a request that logs
// and succeeds, then one that fails, over one kept-alive connection (so
// one server goroutine serves both): the report holds the second's lines
// only.
func TestLogLinesOfEarlierRequestsOnTheConnection(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	ex := newExplainer(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) {
		log.Print("line of the request that worked")
		io.WriteString(w, "ok")
	})
	mux.HandleFunc("/fail", saveItem)
	srv := httptest.NewServer(ex.Middleware(mux))
	defer srv.Close()
	client := srv.Client()

	resp, err := client.Get(srv.URL + "/ok")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	rep := fetchReport(t, client, srv.URL+"/fail?id=second")
	for _, l := range rep.Logs {
		if strings.Contains(l.Text, "worked") {
			t.Errorf("the report holds a line of the earlier request: %q", l.Text)
		}
	}
	if len(rep.Logs) != 3 {
		t.Errorf("%d lines, want the failing request's 3: %+v", len(rep.Logs), rep.Logs)
	}
}

func TestLogCaptureCanBeTurnedOff(t *testing.T) {
	for _, c := range []struct {
		name string
		env  string
		opts []explainerr.Option
	}{
		{name: "option", opts: []explainerr.Option{explainerr.WithLogCapture(false)}},
		{name: "environment", env: "off"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("EXPLAINERR_LOGS", c.env)
			quietLogs(t)
			h := newExplainer(t, c.opts...).Middleware(http.HandlerFunc(saveItem))
			rep := decodeReport(t, get(h, "GET", "/items?id=quiet", "application/json"))
			if len(rep.Logs) != 0 || strings.Contains(rep.Prompt.User, "Log lines") {
				t.Errorf("log capture is off, yet the report holds %d lines", len(rep.Logs))
			}
		})
	}
	t.Setenv("EXPLAINERR_LOGS", "sometimes")
	if _, err := explainerr.New(); err == nil || !strings.Contains(err.Error(), "EXPLAINERR_LOGS") {
		t.Errorf("a bad EXPLAINERR_LOGS gave %v, want an error naming it", err)
	}
}

// TestLogLinesAreBounded checks that a request that logs a lot keeps its
// newest lines, says older ones were left out, and shows them on the page
// and in the Markdown report.
func TestLogLinesAreBounded(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for i := range 80 {
			log.Printf("step %03d of a chatty handler", i)
		}
		log.Print(strings.Repeat("x", 5000))
		panic("chatty handler gave up")
	}))
	rep := decodeReport(t, get(h, "GET", "/chatty", "application/json"))
	if !rep.LogsCut || len(rep.Logs) == 0 || len(rep.Logs) > 50 {
		t.Fatalf("%d lines, cut %v: want at most 50 and cut", len(rep.Logs), rep.LogsCut)
	}
	size := 0
	for _, l := range rep.Logs {
		size += len(l.Text)
	}
	last := rep.Logs[len(rep.Logs)-1].Text
	if size > 8<<10+100 || !strings.HasSuffix(last, "(line cut)") || len(last) > 1100 {
		t.Errorf("%d bytes of lines, last line of %d bytes: want at most 8 KiB, long lines cut", size, len(last))
	}
	if !strings.Contains(rep.Logs[len(rep.Logs)-2].Text, "step 079") {
		t.Errorf("the newest step is missing: %q", rep.Logs[len(rep.Logs)-2].Text)
	}

	page := get(h, "GET", "/chatty", "text/html").Body.String()
	logs := reporttest.Between(page, `<section class="logs" id="logs">`, "</section>")
	if !strings.Contains(logs, "What the request logged") || !strings.Contains(logs, "step 079 of a chatty handler") || !strings.Contains(logs, "earlier lines left out") {
		t.Errorf("the page's log section:\n%.600s", logs)
	}
	md := get(h, "GET", "/chatty", "").Body.String()
	if !strings.Contains(md, "## What the request logged") || !strings.Contains(md, "step 079") {
		t.Errorf("the Markdown report has no log section:\n%.2000s", md)
	}
}

// TestColouredLogLinesLoseTheirEscapes: a logger that colours its output
// (gin's, logrus's on a terminal) writes escape codes; the report's log
// lines, and so the page, the Markdown and the prompt, hold the text only.
func TestColouredLogLinesLoseTheirEscapes(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Print("\x1b[31m[Recovery] panic recovered:\x1b[0m assignment to entry in nil map")
		http.Error(w, "internal error", http.StatusInternalServerError)
	}))
	rep := decodeReport(t, get(h, "GET", "/tags", "application/json"))
	if len(rep.Logs) != 1 || strings.ContainsRune(rep.Logs[0].Text, 0x1b) || !strings.Contains(rep.Logs[0].Text, "[Recovery] panic recovered: assignment to entry in nil map") {
		t.Errorf("log lines %q", rep.Logs)
	}
	md := get(h, "GET", "/tags", "text/plain").Body.String()
	if strings.ContainsRune(md, 0x1b) || !strings.Contains(md, "[Recovery] panic recovered: assignment to entry in nil map") {
		t.Errorf("the Markdown report holds escape codes:\n%s", md)
	}
}
