package explainerr_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/explainerr/explainerr/explainerr/report"
)

type userKey struct{}

// withUser is the kind of middleware real apps have: it replaces the
// request with a copy that carries a value in its context.
func withUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey{}, "ada")))
	})
}

// bodyApp is a chi app whose handlers read their bodies on the copy the
// middleware above made, then fail.
func bodyApp(t *testing.T) http.Handler {
	r := chi.NewRouter()
	r.Use(newExplainer(t).Middleware, middleware.RequestSize(1<<20), withUser)
	r.Post("/form", func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			t.Error(err)
		}
		http.Error(w, "could not save "+r.PostFormValue("title"), http.StatusInternalServerError)
	})
	r.Post("/json", func(w http.ResponseWriter, r *http.Request) {
		var in map[string]any
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			t.Error(err)
		}
		panic("cannot create user")
	})
	r.Post("/upload", func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Error(err)
		}
		http.Error(w, "upload failed", http.StatusInternalServerError)
	})
	r.Post("/unread", func(w http.ResponseWriter, r *http.Request) {
		panic("failed before reading the body")
	})
	return r
}

// post sends body to h as a loopback script asking for the JSON report.
func post(t *testing.T, h http.Handler, target, contentType string, body io.Reader) report.Report {
	t.Helper()
	req := httptest.NewRequest("POST", target, body)
	req.RemoteAddr = "127.0.0.1:50000"
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("%s: status %d:\n%s", target, rec.Code, rec.Body.String())
	}
	return decodeReport(t, rec)
}

func TestRequestBodyAsTheHandlerSawIt(t *testing.T) {
	h := bodyApp(t)

	t.Run("urlencoded form", func(t *testing.T) {
		rep := post(t, h, "/form", "application/x-www-form-urlencoded", strings.NewReader("title=Hello+world&password=hunter2&tags=a&tags=b"))
		f := rep.Request.Form
		if got := f["title"]; len(got) != 1 || got[0] != "Hello world" || len(f["tags"]) != 2 {
			t.Errorf("form %v, want the fields the handler parsed on its copy", f)
		}
		if strings.Contains(strings.Join(f["password"], ""), "hunter2") || rep.Request.Body != "" {
			t.Errorf("form %v body %q: the password is shown, or the form is shown twice", f, rep.Request.Body)
		}
		if !strings.Contains(rep.Prompt.User, "title=Hello world") {
			t.Errorf("the prompt does not carry the form:\n%s", rep.Prompt.User)
		}
	})

	t.Run("JSON body", func(t *testing.T) {
		in := `{"name":"Ada","password":"hunter2","profile":{"api_token":"tok-123","age":36},"tags":["a","b"],"note":"x < y & z"}`
		rep := post(t, h, "/json", "application/json; charset=utf-8", strings.NewReader(in))
		q := rep.Request
		if q.BodyType != "application/json" || !strings.Contains(q.Body, `"name": "Ada"`) || !strings.Contains(q.Body, `"age": 36`) || !strings.Contains(q.Body, `"note": "x < y & z"`) {
			t.Errorf("body %q (%s), want the JSON the handler read, indented", q.Body, q.BodyType)
		}
		for _, secret := range []string{"hunter2", "tok-123"} {
			if strings.Contains(q.Body, secret) || strings.Contains(rep.Prompt.User, secret) {
				t.Errorf("the value of a sensitive key is shown: %s", secret)
			}
		}
		var back map[string]any
		if err := json.Unmarshal([]byte(q.Body), &back); err != nil || back["password"] != "[REDACTED]" {
			t.Errorf("the shown body is not the redacted JSON (%v): %q", err, q.Body)
		}
		if !strings.Contains(rep.Prompt.User, `"name": "Ada"`) {
			t.Errorf("the prompt does not carry the body:\n%s", rep.Prompt.User)
		}
	})

	t.Run("multipart form", func(t *testing.T) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("caption", "holiday")
		mw.WriteField("session_id", "s3cr3t")
		fw, _ := mw.CreateFormFile("photo", "beach.jpg")
		fw.Write([]byte("\xff\xd8 not shown"))
		mw.Close()
		rep := post(t, h, "/upload", mw.FormDataContentType(), &buf)
		f := rep.Request.Form
		if got := f["caption"]; len(got) != 1 || got[0] != "holiday" {
			t.Errorf("form %v, want the multipart fields", f)
		}
		if _, ok := f["photo"]; ok || strings.Contains(strings.Join(f["session_id"], ""), "s3cr3t") || rep.Request.Body != "" {
			t.Errorf("form %v body %q: a file or a secret is shown", f, rep.Request.Body)
		}
	})

	t.Run("chunked JSON body through a server", func(t *testing.T) {
		srv := httptest.NewServer(h)
		defer srv.Close()
		// A reader of unknown length: the body is sent chunked and the
		// server's request has ContentLength -1.
		body := io.MultiReader(strings.NewReader(`{"name":`), strings.NewReader(`"Chunked"}`))
		req, _ := http.NewRequest("POST", srv.URL+"/json", body)
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var rep report.Report
		if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil || req.ContentLength != 0 {
			t.Fatalf("decoding the report: %v (request length %d)", err, req.ContentLength)
		}
		if !strings.Contains(rep.Request.Body, `"name": "Chunked"`) {
			t.Errorf("body %q, want the chunked JSON the handler read", rep.Request.Body)
		}
	})

	t.Run("body never read", func(t *testing.T) {
		rep := post(t, h, "/unread", "application/json", strings.NewReader(`{"name":"unread"}`))
		if rep.Request.Body != "" || len(rep.Request.Form) != 0 {
			t.Errorf("a body the handler never read is shown: %q %v", rep.Request.Body, rep.Request.Form)
		}
	})

	t.Run("no body", func(t *testing.T) {
		h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != http.NoBody {
				t.Errorf("a GET request's body is %T, want http.NoBody as net/http made it", r.Body)
			}
			panic("failed without a body")
		}))
		if rep := decodeReport(t, get(h, "GET", "/nobody", "application/json")); rep.Request.Body != "" {
			t.Errorf("body %q", rep.Request.Body)
		}
	})

	t.Run("page", func(t *testing.T) {
		req := httptest.NewRequest("POST", "/json", strings.NewReader(`{"name":"<b>Ada</b>"}`))
		req.RemoteAddr = "127.0.0.1:50000"
		req.Header.Set("Accept", "text/html")
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		page := rec.Body.String()
		if !strings.Contains(page, `<pre class="reqbody">`) || !strings.Contains(page, "&lt;b&gt;Ada&lt;/b&gt;") || strings.Contains(page, "<b>Ada</b>") {
			t.Errorf("the page does not show the body, escaped:\n%.3000s", page)
		}
	})
}
