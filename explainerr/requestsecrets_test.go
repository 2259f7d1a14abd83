package explainerr_test

import (
	"io"
	"io/fs"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
)

// The secrets a developer's own requests carry in the next test.
const (
	sentPassword = "wrongPassw0rd!"
	sentAPIKey   = "xk_live_998877665544"
	sentCookie   = "ck-Qm29xLr7Tw"
	sentQueryPw  = "QpW0rdInQuery"
	sentJSONPw   = "p4ssw0rdXYZ"
)

// loginUser fails the way the handlers of real apps do after logging what
// they were sent: the password itself, the headers and form with %v, a
// struct with %+v.
func loginUser(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	log.Println("login attempt:", r.PostFormValue("username"), r.PostFormValue("password"))
	log.Printf("debug headers=%v form=%v", r.Header, r.Form)
	c, _ := r.Cookie("sid")
	log.Printf("debug %+v", struct{ User, Sid, Note string }{"alice", c.Value, "plain"})
	var attempts map[string]int
	attempts[r.PostFormValue("username")]++ // assignment to entry in nil map
}

// TestRequestSecretsAreHiddenEverywhere: a value the request section masks
// by its name (a password field, an API key header, a cookie, a query
// password, a password in a JSON body sent as a form) is hidden in the
// lines the request logged, in every format of the report, in its prompt
// and in the history written to disk; the request's plain fields are kept.
func TestRequestSecretsAreHiddenEverywhere(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	state := t.TempDir()
	ex := newExplainer(t, explainerr.WithStateDir(state))
	h := ex.Middleware(http.HandlerFunc(loginUser))

	bodies := []string{
		"username=alice&password=" + sentPassword,
		`{"username": "alice", "password": "` + sentJSONPw + `"}`,
	}
	var pages []string
	for _, body := range bodies {
		pages = append(pages, failureInEveryFormat(t, h, func() *http.Request {
			req := httptest.NewRequest("POST", "/login?pw="+sentQueryPw+"&password="+sentQueryPw, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Api-Key", sentAPIKey)
			req.AddCookie(&http.Cookie{Name: "sid", Value: sentCookie})
			return req
		})...)
	}
	// The test looks where the secrets would be: the logged lines are in
	// the report, with the plain values next to the hidden ones.
	for _, want := range []string{"login attempt: alice", "debug headers=", "User:alice", "Note:plain"} {
		if !strings.Contains(pages[1], want) {
			t.Fatalf("the JSON report lacks the logged %q: the test proves nothing\n%s", want, pages[1])
		}
	}
	pages = append(pages, stateFiles(t, state)...)
	expectHidden(t, pages, sentPassword, sentAPIKey, sentCookie, sentQueryPw, sentJSONPw)
}

// excerpt returns the lines of s around the first occurrence of sub.
func excerpt(s, sub string) string {
	i := strings.Index(s, sub)
	start, end := max(0, i-300), min(len(s), i+300)
	return s[start:end]
}

// stateFiles returns every file written below state (the failure
// history), each as its path and content.
func stateFiles(t *testing.T, state string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(state, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files = append(files, path+":\n"+string(data))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// expectHidden fails for each secret that one of pages shows.
func expectHidden(t *testing.T, pages []string, secrets ...string) {
	t.Helper()
	for _, secret := range secrets {
		for _, p := range pages {
			if strings.Contains(p, secret) {
				t.Errorf("secret %q shown:\n%s", secret, excerpt(p, secret))
				break
			}
		}
	}
}

// failureInEveryFormat sends the failing request newReq makes to h from a
// loopback client once per report format (HTML, JSON, Markdown) and
// returns the three responses.
func failureInEveryFormat(t *testing.T, h http.Handler, newReq func() *http.Request) []string {
	t.Helper()
	var pages []string
	for _, accept := range []string{"text/html", "application/json", "text/markdown"} {
		req := newReq()
		req.RemoteAddr = "127.0.0.1:50000"
		req.Header.Set("Accept", accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusInternalServerError {
			t.Fatalf("status %d, want 500", rec.Code)
		}
		page, _ := io.ReadAll(rec.Body)
		pages = append(pages, string(page))
	}
	return pages
}
