package explainerr_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// historyFailure is one line of the history as JSON.
type historyFailure struct {
	ID        string    `json:"id"`
	Time      time.Time `json:"time"`
	Method    string    `json:"method"`
	Path      string    `json:"path"`
	Route     string    `json:"route"`
	Status    int       `json:"status"`
	Kind      string    `json:"kind"`
	Late      bool      `json:"late"`
	Message   string    `json:"message"`
	Explainer string    `json:"explainer"`
	Count     int       `json:"count"`
	Report    string    `json:"report"`
}

// reportLinkPattern is the form of the X-Explainerr-Report header.
var reportLinkPattern = regexp.MustCompile(`^/_explainerr/reports/[0-9a-f]{16}$`)

// historyApp fails in every way the history lists, and answers its own 404
// for anything else, so that a request explainerr leaves to the app is
// recognised.
func historyApp() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /posts/{id}", func(http.ResponseWriter, *http.Request) {
		panic("post lookup: index out of range [3] with length 3")
	})
	mux.Handle("/error", explainerr.HandlerFunc(func(http.ResponseWriter, *http.Request) error {
		return errors.New("loading the cart: sql: no rows in result set")
	}))
	mux.HandleFunc("/status", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the mail server refused the message", http.StatusBadGateway)
	})
	mux.HandleFunc("/late", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "first part of the page\n")
		w.(http.Flusher).Flush()
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, "rendering the footer failed")
	})
	mux.HandleFunc("/hostile/", func(http.ResponseWriter, *http.Request) {
		panic(`<script>alert("history")</script><img src=x onerror=alert(2)>`)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the app's own not-found page", http.StatusNotFound)
	})
	return mux
}

// historyRig is a real loopback server wrapped by an Explainer that keeps
// its history in a temporary directory.
type historyRig struct {
	ex   *explainerr.Explainer
	base string
	dir  string
	logs *logBuffer
}

func newHistoryRig(t *testing.T, dir string, opts ...explainerr.Option) *historyRig {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	logs, logOpt := withLog(t)
	ex := newExplainer(t, append([]explainerr.Option{logOpt, explainerr.WithStateDir(dir)}, opts...)...)
	return &historyRig{ex: ex, base: serveAs(t, ex.Middleware(historyApp()), "", ""), dir: dir, logs: logs}
}

// do sends one request with the given method and headers.
func (h *historyRig) do(t *testing.T, method, path string, header map[string]string) reply {
	t.Helper()
	req, err := http.NewRequest(method, h.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return reply{resp.StatusCode, resp.Header, string(b)}
}

// fail makes a failing request as a browser and returns its report link.
func (h *historyRig) fail(t *testing.T, path string) string {
	t.Helper()
	got := h.do(t, "GET", path, map[string]string{"Accept": "text/html"})
	if got.status < 500 {
		t.Fatalf("%s did not fail: %d", path, got.status)
	}
	link := got.header.Get("X-Explainerr-Report")
	if !reportLinkPattern.MatchString(link) {
		t.Fatalf("%s: X-Explainerr-Report is %q, want a report path", path, link)
	}
	return link
}

// list returns the history as JSON.
func (h *historyRig) list(t *testing.T) []historyFailure {
	t.Helper()
	got := h.do(t, "GET", "/_explainerr/", map[string]string{"Accept": "application/json"})
	if got.status != 200 || !strings.HasPrefix(got.header.Get("Content-Type"), "application/json") {
		t.Fatalf("history: %d %s %.300q", got.status, got.header.Get("Content-Type"), got.body)
	}
	var out struct {
		Failures []historyFailure `json:"failures"`
	}
	if err := json.Unmarshal([]byte(got.body), &out); err != nil {
		t.Fatalf("history JSON: %v\n%s", err, got.body)
	}
	if out.Failures == nil {
		t.Fatalf("history JSON has no failures array: %s", got.body)
	}
	return out.Failures
}

// report fetches a stored report as JSON.
func (h *historyRig) report(t *testing.T, link string) (report.Report, reply) {
	t.Helper()
	got := h.do(t, "GET", link, map[string]string{"Accept": "application/json"})
	var rep report.Report
	if got.status == 200 {
		if err := json.Unmarshal([]byte(got.body), &rep); err != nil {
			t.Fatalf("%s: not a JSON report: %v", link, err)
		}
	}
	return rep, got
}

func TestHistoryListsEachFailureOnceNewestFirst(t *testing.T) {
	h := newHistoryRig(t, "")
	first := h.fail(t, "/posts/1")
	h.fail(t, "/error")
	h.fail(t, "/status")
	latest := h.fail(t, "/posts/2")
	if first == latest {
		t.Fatalf("two occurrences share the report link %s", first)
	}
	// Each report resolves, also one still being explained when asked for.
	for _, link := range []string{first, latest} {
		rep, got := h.report(t, link)
		if got.status != 200 || !strings.Contains(rep.Error.Message, "index out of range") || rep.Error.Kind != report.KindPanic {
			t.Fatalf("%s: %d %.300q", link, got.status, got.body)
		}
	}

	failures := h.list(t)
	if len(failures) != 3 {
		t.Fatalf("history lists %d failures, want 3 (one per fingerprint): %+v", len(failures), failures)
	}
	top := failures[0]
	if top.Path != "/posts/2" || top.Method != "GET" || top.Route != "GET /posts/{id}" || top.Kind != "panic" ||
		top.Count != 2 || top.Report != latest || top.ID != strings.TrimPrefix(latest, "/_explainerr/reports/") ||
		top.Status != 500 || top.Late || top.Explainer != "offline" || !strings.Contains(top.Message, "index out of range") {
		t.Errorf("newest entry = %+v, want the second /posts panic with count 2 and link %s", top, latest)
	}
	if failures[1].Kind != "status" || failures[1].Status != 502 || failures[1].Path != "/status" || !strings.Contains(failures[1].Message, "mail server refused") {
		t.Errorf("second entry = %+v, want the 502 status", failures[1])
	}
	if failures[2].Kind != "error" || failures[2].Path != "/error" || failures[2].Count != 1 {
		t.Errorf("third entry = %+v, want the returned error", failures[2])
	}
	for i := 1; i < len(failures); i++ {
		if failures[i].Time.After(failures[i-1].Time) {
			t.Errorf("entries are not newest first: %v after %v", failures[i].Time, failures[i-1].Time)
		}
	}

	// The HTML list links every entry to its latest report.
	page := h.do(t, "GET", "/_explainerr/", map[string]string{"Accept": "text/html"})
	if page.status != 200 || !strings.HasPrefix(page.header.Get("Content-Type"), "text/html") {
		t.Fatalf("history page: %d %s", page.status, page.header.Get("Content-Type"))
	}
	for _, f := range failures {
		if !strings.Contains(page.body, `href="`+f.Report+`"`) {
			t.Errorf("the history page does not link %s", f.Report)
		}
	}
	if strings.Contains(page.body, `href="`+first+`"`) {
		t.Errorf("the history page links the older occurrence %s, want only the latest", first)
	}
	for _, want := range []string{"Recent failures", "<code>/posts/2</code>", "GET /posts/{id}", ">502<", "kind-status", "Clear history", `method="post"`} {
		if !strings.Contains(page.body, want) {
			t.Errorf("the history page lacks %q", want)
		}
	}
	if csp := page.header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self'") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("history page CSP = %q", csp)
	}

	// Plain text for curl, with the reports' full URLs.
	text := h.do(t, "GET", "/_explainerr/", nil)
	if !strings.HasPrefix(text.header.Get("Content-Type"), "text/plain") || !strings.Contains(text.body, h.base+latest+"\n") || !strings.Contains(text.body, "GET /posts/2  500  ×2") {
		t.Errorf("history as text: %s\n%s", text.header.Get("Content-Type"), text.body)
	}

	// The stored report's page, in HTML.
	rp := h.do(t, "GET", latest, map[string]string{"Accept": "text/html"})
	if rp.status != 200 || !strings.Contains(rp.body, "index out of range") || !strings.Contains(rp.body, `href="/_explainerr/"`) || !strings.Contains(rp.body, "</html>") {
		t.Errorf("stored report page: %d %.500q", rp.status, rp.body)
	}
	// Markdown for anything else.
	md := h.do(t, "GET", latest, nil)
	if md.status != 200 || !strings.HasPrefix(md.header.Get("Content-Type"), "text/markdown") || !strings.Contains(md.body, "index out of range") {
		t.Errorf("stored report as Markdown: %d %.300q", md.status, md.body)
	}
}

func TestFailureLogRecordCarriesTheReportURL(t *testing.T) {
	h := newHistoryRig(t, "")
	link := h.fail(t, "/error")
	h.report(t, link) // waits until the report is kept, and so logged
	want := `"report":"` + h.base + link + `"`
	if !strings.Contains(h.logs.String(), want) {
		t.Errorf("the failure's log record lacks %s:\n%s", want, h.logs)
	}
}

func TestLateFailureIsListedAsLate(t *testing.T) {
	h := newHistoryRig(t, "")
	got := h.do(t, "GET", "/late", map[string]string{"Accept": "text/html"})
	if got.status != 200 || got.header.Get("X-Explainerr-Report") != "" {
		t.Fatalf("late failure: %d, link %q; want the app's 200 and no link (the headers were sent)", got.status, got.header.Get("X-Explainerr-Report"))
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		failures := h.list(t)
		if len(failures) == 1 {
			f := failures[0]
			if !f.Late || f.Path != "/late" || f.Kind != "status" {
				t.Fatalf("late entry = %+v", f)
			}
			if _, got := h.report(t, f.Report); got.status != 200 {
				t.Fatalf("late report %s: %d", f.Report, got.status)
			}
			if !strings.Contains(h.logs.String(), `"report":"`+h.base+f.Report+`"`) {
				t.Errorf("the late failure's log record lacks its report URL:\n%s", h.logs)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the late failure never reached the history: %+v", failures)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestHistorySurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	first := newHistoryRig(t, dir)
	link := first.fail(t, "/posts/7")
	first.report(t, link)

	// A second Explainer on the same directory: the dev server restarted.
	second := newHistoryRig(t, dir)
	failures := second.list(t)
	if len(failures) != 1 || failures[0].Report != link || failures[0].Count != 1 {
		t.Fatalf("after a restart the history lists %+v, want the one failure at %s", failures, link)
	}
	rep, got := second.report(t, link)
	if got.status != 200 || !strings.Contains(rep.Error.Message, "index out of range") {
		t.Fatalf("after a restart %s: %d %.300q", link, got.status, got.body)
	}
	again := second.fail(t, "/posts/8")
	second.report(t, again)
	failures = second.list(t)
	if len(failures) != 1 || failures[0].Count != 2 || failures[0].Report != again {
		t.Fatalf("the same failure after a restart: %+v, want one entry with count 2 linking %s", failures, again)
	}
	// The older occurrence is still kept, and so still resolves.
	if _, got := second.report(t, link); got.status != 200 {
		t.Errorf("older occurrence %s: %d", link, got.status)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "history", "*.json"))
	if len(files) != 2 {
		t.Errorf("history files: %v, want 2", files)
	}
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s is readable by others: %v", f, info.Mode())
		}
	}
}

func TestHistoryRetention(t *testing.T) {
	dir := t.TempDir()
	h := newHistoryRig(t, dir, explainerr.WithHistoryRetention(2, 0))
	oldest := h.fail(t, "/error")
	h.report(t, oldest)
	for _, p := range []string{"/status", "/posts/1"} {
		h.report(t, h.fail(t, p))
	}
	failures := h.list(t)
	if len(failures) != 2 || failures[0].Path != "/posts/1" || failures[1].Path != "/status" {
		t.Fatalf("with room for 2 reports the history lists %+v", failures)
	}
	if _, got := h.report(t, oldest); got.status != 404 {
		t.Errorf("the report that gave way answers %d, want 404", got.status)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "history", "*.json")); len(files) != 2 {
		t.Errorf("history files: %v, want 2", files)
	}

	// A report older than the age limit is forgotten when the history is
	// next read.
	path := filepath.Join(dir, "history", strings.TrimPrefix(failures[1].Report, "/_explainerr/reports/")+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	rec["report"].(map[string]any)["time"] = time.Now().Add(-30 * 24 * time.Hour).Format(time.RFC3339)
	data, _ = json.Marshal(rec)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	restarted := newHistoryRig(t, dir, explainerr.WithHistoryRetention(10, 7*24*time.Hour))
	if failures := restarted.list(t); len(failures) != 1 || failures[0].Path != "/posts/1" {
		t.Errorf("after the age limit the history lists %+v, want /posts/1 only", failures)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the expired report's file is still there: %v", err)
	}
}

func TestClearingTheHistory(t *testing.T) {
	dir := t.TempDir()
	h := newHistoryRig(t, dir)
	link := h.fail(t, "/error")
	h.report(t, link)
	host := strings.TrimPrefix(h.base, "http://")

	refused := map[string]map[string]string{
		"POST without Origin (a form from an old browser or another tool)": {},
		"POST from another port of localhost":                              {"Origin": "http://localhost:5173"},
		"DELETE marked same-site (another port)":                           {"Sec-Fetch-Site": "same-site"},
	}
	for name, hdr := range refused {
		method := "POST"
		if strings.HasPrefix(name, "DELETE") {
			method = "DELETE"
		}
		if got := h.do(t, method, "/_explainerr/", hdr); got.status != http.StatusForbidden {
			t.Errorf("%s: %d %q, want 403", name, got.status, got.body)
		}
	}
	if n := len(h.list(t)); n != 1 {
		t.Fatalf("a refused clear emptied the history (%d entries)", n)
	}

	// The page's button: a same-origin form POST, answered with a redirect.
	noRedirect := *client
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	req, _ := http.NewRequest("POST", h.base+"/_explainerr/", strings.NewReader("clear=1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://"+host)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/_explainerr/" {
		t.Fatalf("clear button: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if n := len(h.list(t)); n != 0 {
		t.Fatalf("after clearing the history lists %d failures", n)
	}
	if _, got := h.report(t, link); got.status != 404 {
		t.Errorf("a cleared report answers %d", got.status)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "history", "*.json")); len(files) != 0 {
		t.Errorf("files left after clearing: %v", files)
	}

	// DELETE from a script on this machine.
	h.report(t, h.fail(t, "/status"))
	if got := h.do(t, "DELETE", "/_explainerr/", nil); got.status != http.StatusNoContent {
		t.Fatalf("DELETE: %d %q", got.status, got.body)
	}
	if n := len(h.list(t)); n != 0 {
		t.Errorf("after DELETE the history lists %d failures", n)
	}
	if restarted := newHistoryRig(t, dir); len(restarted.list(t)) != 0 {
		t.Errorf("a cleared history came back after a restart")
	}
}

func TestHistoryIsForTheDeveloperOnly(t *testing.T) {
	dir := t.TempDir()
	dev := newHistoryRig(t, dir)
	link := dev.fail(t, "/error")
	dev.report(t, link)

	// The same history behind a connection from another machine.
	remoteLogs, logOpt := withLog(t)
	remoteEx := newExplainer(t, logOpt, explainerr.WithStateDir(dir))
	remote := &historyRig{ex: remoteEx, base: serveAs(t, remoteEx.Middleware(historyApp()), publicLocal, remotePeer), dir: dir, logs: remoteLogs}

	host := strings.TrimPrefix(dev.base, "http://")
	cases := []struct {
		name   string
		rig    *historyRig
		header map[string]string
	}{
		{"remote peer", remote, nil},
		{"forged X-Forwarded-For from this machine", dev, map[string]string{"X-Forwarded-For": "127.0.0.1"}},
		{"forged X-Real-IP", dev, map[string]string{"X-Real-IP": "::1"}},
		{"foreign Host (DNS rebinding)", dev, map[string]string{"Host": "attacker.example"}},
		{"cross-site fetch", dev, map[string]string{"Sec-Fetch-Site": "cross-site"}},
		{"foreign Origin", dev, map[string]string{"Origin": "https://attacker.example"}},
	}
	for _, c := range cases {
		for _, path := range []string{"/_explainerr/", "/_explainerr", link, link + "/ask"} {
			for _, accept := range []string{"text/html", "application/json"} {
				hdr := map[string]string{"Accept": accept}
				for k, v := range c.header {
					hdr[k] = v
				}
				got := c.rig.do(t, "GET", path, hdr)
				if got.status != 404 || got.body != "the app's own not-found page\n" {
					t.Errorf("%s: GET %s (%s) = %d %.200q, want the app's own 404", c.name, path, accept, got.status, got.body)
				}
				if got.header.Get("X-Explainerr-Report") != "" {
					t.Errorf("%s: GET %s got a report link", c.name, path)
				}
			}
		}
		// Nor may they clear it.
		hdr := map[string]string{"Origin": "http://" + host}
		for k, v := range c.header {
			hdr[k] = v
		}
		if got := c.rig.do(t, "DELETE", "/_explainerr/", hdr); got.status != 404 {
			t.Errorf("%s: DELETE = %d %q, want the app's own 404", c.name, got.status, got.body)
		}
		// A failure of theirs carries no link.
		hdr = map[string]string{"Accept": "application/json"}
		for k, v := range c.header {
			hdr[k] = v
		}
		got := c.rig.do(t, "GET", "/error", hdr)
		if got.header.Get("X-Explainerr-Report") != "" || strings.Contains(got.body, "sql: no rows") {
			t.Errorf("%s: a failing request got %.200q, link %q", c.name, got.body, got.header.Get("X-Explainerr-Report"))
		}
	}
	if !strings.Contains(remoteLogs.String(), "the failure history is for the developer only") {
		t.Errorf("the refusal is not logged:\n%s", remoteLogs)
	}
	// The refused clients' failures are in the developer's history, not
	// explained, once reported in the background.
	dev.ex.AwaitRefused()
	failures := dev.list(t)
	if len(failures) != 1 || failures[0].Path != "/error" || failures[0].Count != 6 || failures[0].Explainer != "" {
		t.Fatalf("the developer's history after refused requests: %+v", failures)
	}
	rep, got := dev.report(t, failures[0].Report)
	if got.status != 200 || !strings.Contains(strings.Join(rep.Notices, "\n"), "Not explained: no report for this client") {
		t.Errorf("a refused client's stored report does not say why it was not explained: %v", rep.Notices)
	}
}

func TestHostileContentInTheHistoryIsInert(t *testing.T) {
	h := newHistoryRig(t, "")
	link := h.fail(t, `/hostile/"><svg onload=alert(1)>`)
	h.report(t, link)
	page := h.do(t, "GET", "/_explainerr/", map[string]string{"Accept": "text/html"})
	for _, bad := range []string{"<script>alert", "<img src=x", "<svg onload", `"><svg`} {
		if strings.Contains(page.body, bad) {
			t.Errorf("the history page holds %q unescaped", bad)
		}
	}
	if !strings.Contains(page.body, "&lt;script&gt;alert(&#34;history&#34;)") {
		t.Errorf("the hostile message is not shown escaped:\n%s", page.body)
	}
	failures := h.list(t)
	if len(failures) != 1 || !strings.Contains(failures[0].Message, `<script>alert("history")</script>`) {
		t.Errorf("JSON keeps the message as text: %+v", failures)
	}
}

func TestHistoryListsCrashReports(t *testing.T) {
	dir := t.TempDir()
	crashes := filepath.Join(dir, "crashes")
	if err := os.MkdirAll(crashes, 0o755); err != nil {
		t.Fatal(err)
	}
	crash := report.Report{
		Error:       report.Error{Kind: report.KindCrash, Type: "fatal error", Message: "concurrent map writes"},
		Frames:      []report.Frame{},
		Explanation: report.Explanation{Provider: "offline", Text: "Two goroutines write the map."},
		Fingerprint: "crashfp",
		Time:        time.Now().Add(-time.Minute),
	}
	data, _ := json.Marshal(crash)
	if err := os.WriteFile(filepath.Join(crashes, "20261201T000742Z-1.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	// Half a file (being written) and a stranger are skipped.
	os.WriteFile(filepath.Join(crashes, "20261201T000743Z-2.json"), data[:len(data)/2], 0o644)
	os.WriteFile(filepath.Join(crashes, "notes.json"), []byte(`{}`), 0o644)

	h := newHistoryRig(t, dir)
	h.report(t, h.fail(t, "/error"))
	failures := h.list(t)
	if len(failures) != 2 || failures[1].Kind != "crash" || failures[1].Report != "/_explainerr/reports/crash-20261201T000742Z-1" ||
		failures[1].Message != "concurrent map writes" || failures[1].Method != "" || failures[1].Count != 1 {
		t.Fatalf("history with a crash report: %+v", failures)
	}
	rep, got := h.report(t, failures[1].Report)
	if got.status != 200 || rep.Explanation.Text != "Two goroutines write the map." {
		t.Errorf("crash report: %d %.300q", got.status, got.body)
	}
	// Clearing hides it and leaves the file to its owner.
	if got := h.do(t, "DELETE", "/_explainerr/", nil); got.status != http.StatusNoContent {
		t.Fatal(got.status)
	}
	if n := len(h.list(t)); n != 0 {
		t.Errorf("after clearing, %d entries", n)
	}
	if _, err := os.Stat(filepath.Join(crashes, "20261201T000742Z-1.json")); err != nil {
		t.Errorf("clearing deleted the crash report: %v", err)
	}
	// Paths are never taken from the id.
	for _, id := range []string{"crash-..%2F..%2Fetc%2Fpasswd", "..", "crash-20261201T000742Z-1.json"} {
		if got := h.do(t, "GET", "/_explainerr/reports/"+id, nil); got.status != 404 {
			t.Errorf("report %q: %d", id, got.status)
		}
	}
}
