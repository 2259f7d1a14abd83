package offline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// The snippet app below is written to a temporary module, so that the
// analyzer reads its source from disk as it reads a real app's: a chi-less
// "Let's Go" style app with a store behind an interface, an error helper
// that logs debug.Stack(), a template and a mailer goroutine. A failing
// line is marked with //!label.

var snipFiles = map[string]string{
	"go.mod": "module example.com/snip\n\ngo 1.22\n",
	"cmd/web/application.go": `package main

import (
	"database/sql"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"

	"example.com/snip/internal/store"
)

type snippetStoreInterface interface {
	Get(id int) (*store.Snippet, error)
	Latest() ([]*store.Snippet, error)
}

type application struct {
	logger       *slog.Logger
	snippetStore snippetStoreInterface
	signupViews  map[string]int
	mailer       *mailer
	analyticsDSN string
}

func newApplication(db *sql.DB) *application {
	app := &application{
		logger:       slog.Default(),
		snippetStore: &store.SnippetStore{DB: db},
		analyticsDSN: os.Getenv("ANALYTICS_DB_DSN"),
	}
	return app
}

func (app *application) serverError(w http.ResponseWriter, r *http.Request, err error) {
	app.logger.Error(err.Error(), "trace", string(debug.Stack())) //!helper
	http.Error(w, "Internal Server Error", http.StatusInternalServerError)
}
`,
	"cmd/web/handlers.go": `package main

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

func (app *application) home(w http.ResponseWriter, r *http.Request) {
	snippets, err := app.snippetStore.Latest()
	if err != nil {
		app.serverError(w, r, err) //!home
		return
	}
	_ = snippets
}

func (app *application) snippetView(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	snippet, err := app.snippetStore.Get(id)
	if err != nil {
		app.serverError(w, r, err)
		return
	}
	w.Header().Set("X-Id", strconv.Itoa(id))
	w.Header().Set("X-Seen", "1")

	app.logger.Info("viewing snippet", "id", id, "title", snippet.Title) //!view
}

func (app *application) userSignup(w http.ResponseWriter, r *http.Request) {
	app.signupViews[r.Header.Get("Referer")]++ //!signup
}

func (app *application) about(w http.ResponseWriter, r *http.Request) {
	go app.mailer.Send("admin@example.com", "someone read the about page") //!about
	w.Write([]byte("about"))
}

func (app *application) stats(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 500*time.Millisecond)
	defer cancel()
	n, err := app.snippetStore.Latest()
	_ = ctx
	_ = n
	return err //!stats
}
`,
	"cmd/web/middleware.go": `package main

import "net/http"

func secureHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Frame-Options", "deny")
		next.ServeHTTP(w, r) //!secure
	})
}
`,
	"cmd/web/latest.go": `package main

import "net/http"

func (app *application) latest(w http.ResponseWriter, r *http.Request) {
	snippets, err := app.snippetStore.Latest()
	if err != nil {
		app.serverError(w, r, err)
		return
	}
	w.Write([]byte(snippets[0].Title)) //!latest
}
`,
	"cmd/web/mailer.go": `package main

import "log"

type mailer struct {
	from string
}

// Send mails a short notice.
func (m *mailer) Send(to, body string) {
	log.Println(m.from, to, body) //!send
}
`,
	"cmd/web/config.go": `package main

// defaultDSN is the database used when no DSN is given.
const defaultDSN = "postgres://web:s3cr3tpass@127.0.0.1:5432/snippetbox?sslmode=disable"
`,
	"internal/store/snippets.go": `package store

import (
	"database/sql"
	"errors"
	"time"
)

type Snippet struct {
	ID      int
	Title   string
	Content string
	Created time.Time
}

type SnippetStore struct {
	DB *sql.DB
}

func (s *SnippetStore) Get(id int) (*Snippet, error) {
	var sn Snippet
	err := s.DB.QueryRow("SELECT id, title, content, created FROM snippets WHERE id = $1", id).Scan(&sn.ID, &sn.Title, &sn.Content, &sn.Created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &sn, err
}

func (s *SnippetStore) Latest() ([]*Snippet, error) {
	stmt := ` + "`" + `SELECT id, title, content, created FROM snippets
		ORDER BY idd DESC LIMIT 10` + "`" + `
	rows, err := s.DB.Query(stmt)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return nil, rows.Err()
}
`,
	"internal/store/mock.go": `package store

// MockSnippetStore stands in for SnippetStore in tests; it has no Latest.
type MockSnippetStore struct{}

func (m *MockSnippetStore) Get(id int) (*Snippet, error) {
	return &Snippet{ID: id}, nil
}
`,
	"ui/html/pages/view.tmpl": `{{define "main"}}
    <h2>{{.Title}}</h2>
    <span>by {{.Author.Name}}</span>
{{end}}
`,
}

// snipApp is the snippet app written to disk, and its marked lines.
type snipApp struct {
	root  string
	marks map[string]struct {
		file string
		line int
	}
}

// writeSnipApp writes the snippet app to a temporary module.
func writeSnipApp(t *testing.T) *snipApp {
	t.Helper()
	return writeMarkedApp(t, snipFiles)
}

// writeMarkedApp writes files to a temporary module, noting the lines
// marked //!label and removing the marks.
func writeMarkedApp(t *testing.T, files map[string]string) *snipApp {
	t.Helper()
	app := &snipApp{root: t.TempDir(), marks: map[string]struct {
		file string
		line int
	}{}}
	for name, text := range files {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			if j := strings.Index(l, "//!"); j >= 0 {
				app.marks[strings.TrimSpace(l[j+3:])] = struct {
					file string
					line int
				}{name, i + 1}
				lines[i] = strings.TrimRight(l[:j], " \t")
			}
		}
		path := filepath.Join(app.root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return app
}

// frame returns the app frame of function fn at the line marked label,
// with the five-line window the middleware gives.
func (s *snipApp) frame(t *testing.T, label, fn string) report.Frame {
	t.Helper()
	m, ok := s.marks[label]
	if !ok {
		t.Fatalf("no line marked %s", label)
	}
	path := filepath.Join(s.root, filepath.FromSlash(m.file))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	start, end := max(1, m.line-5), min(len(lines), m.line+5)
	return report.Frame{Function: "main." + fn, File: path, Line: m.line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: start, Lines: lines[start-1 : end], Line: m.line}}
}

// line returns the absolute file and line marked label.
func (s *snipApp) line(label string) (string, int) {
	m := s.marks[label]
	return filepath.Join(s.root, filepath.FromSlash(m.file)), m.line
}

// loggedTrace is the text of a debug.Stack() trace through the app's
// serverError helper called from the handler at the line marked from, as
// slog's text handler escapes it.
func (s *snipApp) loggedTrace(from, handler string) string {
	hf, hl := s.line("helper")
	ff, fl := s.line(from)
	return `goroutine 7 [running]:\nruntime/debug.Stack()\n\t/usr/local/go/src/runtime/debug/stack.go:26 +0x5e\n` +
		`main.(*application).serverError(0xc000, {0x1, 0x2}, 0x3?, {0x4, 0x5})\n\t` + hf + `:` + itoa(hl) + ` +0x6e\n` +
		`main.(*application).` + handler + `(0xc000, {0x1, 0x2}, 0x3)\n\t` + ff + `:` + itoa(fl) + ` +0x7b\n` +
		`net/http.HandlerFunc.ServeHTTP(0x50?, {0x1?, 0x2?}, 0x3?)\n\t/usr/local/go/src/net/http/server.go:2286 +0x29`
}

// logs makes the request's captured log lines.
func logs(lines ...string) []report.LogLine {
	var out []report.LogLine
	for _, l := range lines {
		out = append(out, report.LogLine{Time: time.Unix(0, 0), Text: l})
	}
	return out
}

// scsFrame is the response buffer of a session manager that writes the
// handler's status after the handler returned.
func scsFrame() report.Frame {
	return libFrame(report.FrameDependency, "github.com/alexedwards/scs/v2.(*SessionManager).LoadAndSave.func1",
		"/root/go/pkg/mod/github.com/alexedwards/scs/v2@v2.5.1/session.go", 170)
}

// bufferedStatus is a 500 the session manager wrote, behind the app's
// secureHeaders middleware, with the request's log lines.
func (s *snipApp) bufferedStatus(t *testing.T, lines ...string) *report.Report {
	r := statusReport("Internal Server Error\n", scsFrame(), s.frame(t, "secure", "secureHeaders.func1"))
	r.Error.WrittenBy = "github.com/alexedwards/scs/v2.(*SessionManager).LoadAndSave.func1 (session.go:170)"
	r.Logs = logs(lines...)
	return r
}

func TestRecoveredPanicUsesLoggedValue(t *testing.T) {
	app := writeSnipApp(t)
	r := panicReport("(recovered: value unknown)", "Internal Server Error", app.frame(t, "signup", "(*application).userSignup"))
	r.Error.Recoverer = "main.(*application).recoverPanic-fm.(*application).recoverPanic.func1.1"
	r.Logs = logs(`level=INFO msg="received request" uri=/user/signup`,
		`level=ERROR msg="assignment to entry in nil map" method=GET uri=/user/signup trace="`+app.loggedTrace("signup", "userSignup")+`"`)
	text := Analyze(r)
	if class, culprit := Recognize(r); class != ClassNilMap || culprit != "app.signupViews" {
		t.Errorf("recognised %s %q, want the nil map app.signupViews", class, culprit)
	}
	mustHave(t, text, "the request's log has it: `assignment to entry in nil map`", "`application` is built without creating `signupViews`",
		"signupViews: make(map[string]int),", "app.mu.Lock()")
	mustLack(t, text, "value is unknown", "have it log the value", "Or create it lazily")
	assertGroundedIn(t, r, text, snipFiles, "mu", "Lock", "Unlock")
}

func TestRecoveredCandidatesTellMapsFromSlices(t *testing.T) {
	app := writeSnipApp(t)
	r := panicReport("(recovered: value unknown)", "Internal Server Error", app.frame(t, "signup", "(*application).userSignup"))
	r.Error.Recoverer = "main.(*application).recoverPanic-fm.(*application).recoverPanic.func1.1"
	text := Analyze(r)
	mustHave(t, text, "its value is unknown", "a write to a nil map in `app.signupViews[r.Header.Get(\"Referer\")]`")
	mustLack(t, text, "an index out of range in `app.signupViews")
}

func TestNilNilFollowedThroughInterface(t *testing.T) {
	app := writeSnipApp(t)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "view", "(*application).snippetView"))
	text := Analyze(r)
	if _, culprit := Recognize(r); culprit != "snippet" {
		t.Errorf("culprit %q, want snippet", culprit)
	}
	mustHave(t, text, "Nil pointer dereference: `snippet` is nil",
		"`snippet, err := app.snippetStore.Get(id)`",
		"`app.snippetStore` is the interface `snippetStoreInterface`; the only type of the module with all its methods has `(*SnippetStore).Get`",
		"`(*SnippetStore).Get` returns `nil` with a `nil` error at `(*SnippetStore).Get` (`snippets.go:24`): `return nil, nil`",
		"the caller's error check passes", "instead of `nil, nil` at `snippets.go:24`")
	mustLack(t, text, "MockSnippetStore", "one of `app.logger`")
	assertGrounded(t, r, text)
}

func TestLibraryWrittenStatusPointsAtLoggedHandler(t *testing.T) {
	app := writeSnipApp(t)
	r := app.bufferedStatus(t, `level=ERROR msg="store: latest snippets: pq: column \"idd\" does not exist" method=GET uri=/ trace="`+app.loggedTrace("home", "home")+`"`)
	text := Analyze(r)
	if class, _ := Recognize(r); class != ClassNoSuchColumn {
		t.Errorf("class %s, want %s", class, ClassNoSuchColumn)
	}
	mustHave(t, text, "### SQL error: no such column `idd`",
		"library code, `github.com/alexedwards/scs/v2.(*SessionManager).LoadAndSave.func1 (session.go:170)`, wrote the error status after the app handed the request on to it at `middleware.go:8`",
		"called from `(*application).home` at `handlers.go:13`: `app.serverError(w, r, err)`",
		"PostgreSQL rejected the query", "`(*SnippetStore).Latest` (`snippets.go:31`): `ORDER BY idd DESC LIMIT 10`",
		"Correct the column name in the query: `idd` → `id`.")
	mustLack(t, text, "the app wrote the error status", "Read `secureHeaders", "answer it with a 4xx", "### Error")
	assertGrounded(t, r, text)
}

func TestSchemaErrorsOfEachDatabase(t *testing.T) {
	for _, c := range []struct {
		msg, engine string
		class       Class
		name        string
	}{
		{`pq: column "idd" does not exist`, "PostgreSQL", ClassNoSuchColumn, "idd"},
		{`ERROR: column s.idd does not exist (SQLSTATE 42703)`, "PostgreSQL", ClassNoSuchColumn, "s.idd"},
		{`pq: relation "snipets" does not exist`, "PostgreSQL", ClassNoSuchTable, "snipets"},
		{`Error 1054 (42S22): Unknown column 'idd' in 'order clause'`, "MySQL", ClassNoSuchColumn, "idd"},
		{`Error 1146 (42S02): Table 'app.snipets' doesn't exist`, "MySQL", ClassNoSuchTable, "app.snipets"},
		{`no such column: idd`, "SQLite", ClassNoSuchColumn, "idd"},
	} {
		r := statusReport("internal error", appFrame(t, "main.(*Server).handlePost", "handlers.go", handlerSrc))
		r.Logs = logs(`2026/12/01 10:00:00 ERROR listing failed err="` + strings.ReplaceAll(c.msg, `"`, `\"`) + `"`)
		text := Analyze(r)
		if class, culprit := Recognize(r); class != c.class || culprit != c.name {
			t.Errorf("%s: recognised %s %q", c.msg, class, culprit)
		}
		mustHave(t, text, c.engine, code(c.name))
		mustLack(t, text, "does not recognise", "answer it with a 4xx")
	}
}

func TestTemplateFieldNamesTheTypesRealFields(t *testing.T) {
	app := writeSnipApp(t)
	r := app.bufferedStatus(t, `level=ERROR msg="template: view.tmpl:3:16: executing \"main\" at <.Author.Name>: can't evaluate field Author in type *store.Snippet" trace="`+app.loggedTrace("home", "home")+`"`)
	text := Analyze(r)
	mustHave(t, text, "no field `Author` in `*store.Snippet`", "At `view.tmpl:3`", "That template line reads `<span>by {{.Author.Name}}</span>`",
		"`*store.Snippet` has the exported fields `ID`, `Title`, `Content`, `Created`; it is declared at `snippets.go:9`")
	assertGrounded(t, r, text)
}

func TestConnectionRefusedPointsAtConfiguration(t *testing.T) {
	app := writeSnipApp(t)
	r := app.bufferedStatus(t, `level=ERROR msg="dial tcp 127.0.0.1:5439: connect: connection refused" method=GET uri=/analytics`)
	text := Analyze(r)
	if class, culprit := Recognize(r); class != ClassConnRefused || culprit != "127.0.0.1:5439" {
		t.Errorf("recognised %s %q", class, culprit)
	}
	mustHave(t, text, "### Connection refused: nothing listens at `127.0.0.1:5439`", "server-side failure",
		"`newApplication` (`application.go:30`): `analyticsDSN: os.Getenv(\"ANALYTICS_DB_DSN\"),`")
	mustLack(t, text, "answer it with a 4xx", "does not recognise")
	assertGrounded(t, r, text)

	r = app.bufferedStatus(t, `level=ERROR msg="dial tcp 127.0.0.1:5432: connect: connection refused" method=GET uri=/`)
	// The analysis cites the app's source as it is; the secret in it is
	// hidden as the explanation enters the sealed report.
	text = redact.Seal(r, nil).WithExplanation(report.Explanation{Text: Analyze(r)}).Explanation().Text
	mustHave(t, text, "The app's source names port `5432` at `config.go:4`: `const defaultDSN = \"postgres://web:[REDACTED]@127.0.0.1:5432/snippetbox?sslmode=disable\"`")
	mustLack(t, text, "s3cr3tpass")
}

func TestCanceledStatementPointsAtDeadline(t *testing.T) {
	app := writeSnipApp(t)
	r := statusReport("Internal Server Error\n", app.frame(t, "stats", "(*application).stats"))
	r.Error.Kind = report.KindError
	r.Error.Message = "pq: canceling statement due to user request"
	text := Analyze(r)
	if class, _ := Recognize(r); class != ClassStmtCanceled {
		t.Errorf("class %s, want %s", class, ClassStmtCanceled)
	}
	mustHave(t, text, "SQL statement canceled: its context ended",
		"The failing code sets a deadline at `(*application).stats` (`handlers.go:46`): `ctx, cancel := context.WithTimeout(r.Context(), 500*time.Millisecond)`")
	mustLack(t, text, "answer it with a 4xx")

	for msg, want := range map[string]string{"context deadline exceeded": "Context deadline exceeded", "context canceled": "Context canceled"} {
		r.Error.Message = "counting snippets: " + msg
		mustHave(t, Analyze(r), want, "`ctx, cancel := context.WithTimeout(r.Context(), 500*time.Millisecond)`")
	}
}

func TestUnknownLoggedErrorHeadlinesItsMessage(t *testing.T) {
	app := writeSnipApp(t)
	r := app.bufferedStatus(t, `level=ERROR msg="billing: quota of the plan used up" method=GET uri=/ trace="`+app.loggedTrace("home", "home")+`"`)
	text := Analyze(r)
	mustHave(t, text, "### Error: `billing: quota of the plan used up`", "Read `(*application).home` around `handlers.go:13`")
	mustLack(t, text, "### Error: `level=", "Read `secureHeaders")
}

func TestGoroutineCrashFollowsReceiverToConstructor(t *testing.T) {
	app := writeSnipApp(t)
	file, line := app.line("about")
	r := &report.Report{
		Error:     report.Error{Kind: report.KindCrash, Type: "runtime.Error", Message: "runtime error: invalid memory address or nil pointer dereference"},
		Frames:    []report.Frame{app.frame(t, "send", "(*mailer).Send")},
		CreatedBy: &report.Frame{Function: "main.(*application).about", File: file, Line: line, Kind: report.FrameApp},
	}
	text := Analyze(r)
	mustHave(t, text, "`m` is nil", "This code runs in a goroutine started at `(*application).about` (`handlers.go:41`)", "so `m` is `app.mailer` there",
		"`application` is built without setting `mailer` at `newApplication` (`application.go:27`)", "nothing in the module assigns `mailer`",
		"Set `mailer` where the `application` is built", "no middleware recovers a panic in a goroutine")
	mustLack(t, text, "answer with an error instead of panicking", "http.Error")
	assertGrounded(t, r, text)
}

// mustHave and mustLack check an explanation.
func mustHave(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("explanation lacks %q:\n%s", w, text)
		}
	}
}

func mustLack(t *testing.T, text string, bad ...string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(text, b) {
			t.Errorf("explanation says %q:\n%s", b, text)
		}
	}
}

// assertGrounded checks that the explanation names only identifiers of
// the report (its log lines included) or of the app's files on disk.
func assertGrounded(t *testing.T, r *report.Report, text string) {
	t.Helper()
	assertGroundedIn(t, r, text, snipFiles)
}

// assertGroundedIn checks that text names only what r, the app's files
// and the names a fix's snippet introduces hold.
func assertGroundedIn(t *testing.T, r *report.Report, text string, files map[string]string, introduced ...string) {
	t.Helper()
	g := grounding.New(r)
	g.Add(introduced...)
	for _, l := range r.Logs {
		g.Add(l.Text)
	}
	g.Add(r.Error.WrittenBy, r.Error.Recoverer)
	if r.CreatedBy != nil {
		g.Add(r.CreatedBy.Function, r.CreatedBy.File)
	}
	for name, f := range files {
		g.Add(name, f)
	}
	if unknown := slices.Collect(g.Unknown(text)); len(unknown) > 0 {
		t.Errorf("names %v, which neither the report nor the app's source holds:\n%s", unknown, text)
	}
}

func TestNilNilThroughInterfaceNamesEveryImplementation(t *testing.T) {
	app := writeSnipApp(t)
	cached := `package store

// CachedStore keeps snippets in memory.
type CachedStore struct {
	byID map[int]*Snippet
}

func (c *CachedStore) Get(id int) (*Snippet, error) {
	return c.byID[id], nil
}

func (c *CachedStore) Latest() ([]*Snippet, error) {
	return nil, nil
}
`
	snipFiles["internal/store/cached.go"] = cached
	defer delete(snipFiles, "internal/store/cached.go")
	if err := os.WriteFile(filepath.Join(app.root, "internal", "store", "cached.go"), []byte(cached), 0o644); err != nil {
		t.Fatal(err)
	}
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "view", "(*application).snippetView"))
	text := Analyze(r)
	mustHave(t, text, "the module's types with all its methods have `(*CachedStore).Get`, `(*SnippetStore).Get`",
		"`(*SnippetStore).Get` returns `nil` with a `nil` error")
	mustLack(t, text, "the only type of the module")
	assertGrounded(t, r, text)
}

func TestEmptyResultIsNeverAnErrorReturn(t *testing.T) {
	app := writeSnipApp(t)
	r := panicReport("runtime.boundsError", "runtime error: index out of range [0] with length 0", app.frame(t, "latest", "(*application).latest"))
	text := Analyze(r)
	mustHave(t, text, "`snippets[0]`", "`snippets, err := app.snippetStore.Latest()`")
	mustLack(t, text, "returns an empty result when nothing matches", "return nil, err", "return nil, rows.Err()")
	assertGrounded(t, r, text)
}

// loggedFailure returns the report of a 500 that a framework wrote (its
// frame only on the stack) for a request whose log names the app's line
// marked label with the error's message msg: the shape of a handler that
// returned its error to the framework.
func (s *snipApp) loggedFailure(t *testing.T, module, label, kind, msg, method, url string) *report.Report {
	t.Helper()
	if _, ok := s.marks[label]; !ok {
		t.Fatalf("no line marked %s", label)
	}
	path, line := s.line(label)
	return &report.Report{
		Error:   report.Error{Kind: kind, Type: "*errors.errorString", Message: msg},
		Status:  500,
		Frames:  []report.Frame{{Function: "github.com/some/framework.(*Ctx).Next", File: "/go/pkg/mod/github.com/some/framework/ctx.go", Line: 90, Kind: report.FrameDependency}},
		Request: report.Request{Method: method, URL: url},
		Logs:    []report.LogLine{{Text: fmt.Sprintf("%s:%d %s", path, line, msg)}},
		Build:   report.Build{Module: module, Dir: s.root},
	}
}
