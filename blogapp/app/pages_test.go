package app_test

import (
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/app"
)

// get requests path from a loopback client and returns the recorder.
func get(t *testing.T, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = "127.0.0.1:50124"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestHomeListsEveryFixture(t *testing.T) {
	f := loadFixtures(t)
	rec := get(t, newBlog(t, f.Fixtures), "/")
	if rec.Code != http.StatusOK {
		t.Fatalf("home: status %d\n%s", rec.Code, rec.Body)
	}
	page := html.UnescapeString(rec.Body.String())
	for _, fx := range f.Fixtures {
		if !strings.Contains(page, fx.ID) {
			t.Errorf("home does not list fixture %s", fx.ID)
		}
		switch fx.Method {
		case http.MethodGet:
			if !strings.Contains(page, `href="`+fx.Path+`"`) {
				t.Errorf("home has no link to %s", fx.Path)
			}
		case http.MethodPost:
			if !strings.Contains(page, `<form method="post" action="`+fx.Path+`">`) {
				t.Errorf("home has no form posting to %s", fx.Path)
			}
		}
	}
	// The POST fixtures' fields are hidden inputs of their forms.
	if !strings.Contains(page, `name="email" value="reader@example.com"`) {
		t.Error("the subscribe fixture's form does not carry its email field")
	}
}

func TestOrdinaryPagesWork(t *testing.T) {
	blog := newBlog(t, nil)
	for _, tc := range []struct {
		path, want string
	}{
		{"/", "Latest posts"},
		{"/posts/why-sqlite", "Why SQLite is enough"},
		{"/posts/why-sqlite", "We use SQLite for our internal tools too."},
		{"/posts/testing-http-handlers", "httptest.NewRecorder"},
		{"/authors/grace-hopper", "Grace Hopper"},
		{"/authors/grace-hopper", ">GH<"},
		{"/archive", "Page 1 of 2"},
		{"/archive?page=2", "Hello, world"},
		{"/search", "Type a word"},
	} {
		rec := get(t, blog, tc.path)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: status %d\n%s", tc.path, rec.Code, rec.Body)
			continue
		}
		if body := html.UnescapeString(rec.Body.String()); !strings.Contains(body, tc.want) {
			t.Errorf("%s: page does not contain %q", tc.path, tc.want)
		}
	}
}

func TestNextPostAndNotFound(t *testing.T) {
	blog := newBlog(t, nil)
	rec := get(t, blog, "/posts/html-templates-in-go/next")
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/posts/context-cancellation" {
		t.Errorf("next of html-templates-in-go: %d to %q, want 302 to /posts/context-cancellation", rec.Code, rec.Header().Get("Location"))
	}
	for _, path := range []string{"/posts/no-such-post", "/no/such/page", "/tags/no-such-tag"} {
		if rec := get(t, blog, path); rec.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, rec.Code)
		}
	}
	// Drafts are not published.
	if rec := get(t, blog, "/posts/generics-notes"); rec.Code != http.StatusNotFound {
		t.Errorf("draft: status %d, want 404", rec.Code)
	}
}

func TestWithoutExplainerFailuresArePlain500s(t *testing.T) {
	db, err := app.OpenDB(filepath.Join(t.TempDir(), "blog.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	blog := app.New(db)
	// An error returned by a handler becomes a plain 500 that tells the
	// client nothing about the error; the error goes to the log.
	var logged strings.Builder
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	rec := get(t, blog, "/feed.xml")
	if rec.Code != http.StatusInternalServerError || strings.TrimSpace(rec.Body.String()) != "Internal Server Error" {
		t.Errorf("feed: %d %q, want a plain 500", rec.Code, rec.Body)
	}
	if !strings.Contains(logged.String(), "sql: no rows in result set") {
		t.Errorf("the error did not reach the log: %q", logged.String())
	}
}

func TestInMemoryDatabaseIsSeeded(t *testing.T) {
	db, err := app.OpenDB("")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rec := get(t, app.New(db), "/archive?page=2")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	if !strings.Contains(string(b), "Hello, world") {
		t.Error("the in-memory database has no seeded posts")
	}
}

func TestReopeningAFileDoesNotSeedTwice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "blog.db")
	for i := 0; i < 2; i++ {
		db, err := app.OpenDB(path)
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM posts`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		db.Close()
		if n != 9 {
			t.Fatalf("open %d: %d posts, want 9", i, n)
		}
	}
}
