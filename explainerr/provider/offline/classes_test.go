package offline

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// classCase is one synthetic failure and what its explanation must say.
type classCase struct {
	name    string
	report  func(t *testing.T) *report.Report
	class   Class
	culprit string
	// contains are fragments the explanation must include.
	contains []string
	// absent are fragments it must not include.
	absent []string
}

// panicReport builds a panic report with app frames (innermost first)
// followed by the server's frames.
func panicReport(typ, msg string, frames ...report.Frame) *report.Report {
	return &report.Report{
		Error:   report.Error{Kind: report.KindPanic, Type: typ, Message: msg},
		Frames:  append(frames, serveFrames()...),
		Request: report.Request{Method: "GET", URL: "/posts/42", Route: "/posts/{id}"},
	}
}

// sqliteErrorReport builds a report for an SQLite error a handler returned.
func sqliteErrorReport(msg string, frames ...report.Frame) *report.Report {
	r := panicReport("sqlite3.Error", msg, frames...)
	r.Error.Kind = report.KindError
	return r
}

// statusReport builds a report for a 5xx the app wrote itself.
func statusReport(body string, frames ...report.Frame) *report.Report {
	r := panicReport("http.Status", body, frames...)
	r.Error.Kind = report.KindStatus
	r.Status = 500
	return r
}

const handlerSrc = `
package main

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(chi.URLParam(r, "id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	p, _ := s.store.GetPost(r.Context(), id)
	fmt.Fprintf(w, "<h1>%s</h1>", p.Title) //!
}
`

func classCases() []classCase {
	return []classCase{
		{
			name: "nil pointer from a discarded error",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
					appFrame(t, "example.com/blog.(*Server).handlePost", "handlers.go", handlerSrc))
			},
			class: ClassNilPointer, culprit: "p",
			contains: []string{"`p` is nil", "discards the error", "if err != nil {"},
			absent:   []string{"`fmt` is nil"},
		},
		{
			name: "nil pointer in a selector chain",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
					appFrame(t, "example.com/blog.authorName", "posts.go", `
package main

// authorName returns the display name of the post's author.
func authorName(p *Post) string {
	name := p.Author.Name //!
	return strings.TrimSpace(name)
}
`))
			},
			// Either value on the line may be the nil one: both are named,
			// neither is blamed.
			class: ClassNilPointer, culprit: "",
			contains: []string{"one of `p.Author`, `p` is nil", "the trace does not say which"},
			absent:   []string{"dereference: `p.Author` is nil", "dereference: `p` is nil"},
		},
		{
			name: "nil pointer raised inside database/sql",
			report: func(t *testing.T) *report.Report {
				r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
					libFrame(report.FrameStdlib, "database/sql.(*DB).conn", "/usr/local/go/src/database/sql/sql.go", 1316),
					libFrame(report.FrameStdlib, "database/sql.(*DB).QueryRowContext", "/usr/local/go/src/database/sql/sql.go", 1900),
					libFrame(report.FrameStdlib, "database/sql.(*DB).QueryRow", "/usr/local/go/src/database/sql/sql.go", 1912),
					appFrame(t, "example.com/blog/store.(*Store).GetPost", "store.go", `
package store

func (s *Store) GetPost(ctx context.Context, id int) (*Post, error) {
	var p Post
	row := s.db.QueryRow("SELECT id, title FROM posts WHERE id = ?", id) //!
	if err := row.Scan(&p.ID, &p.Title); err != nil {
		return nil, err
	}
	return &p, nil
}
`))
				r.Context = []report.Chunk{chunk("store/store.go", "NewStore", 10, `
func NewStore(path string) (*Store, error) {
	return &Store{}, nil
}
`)}
				return r
			},
			class: ClassNilPointer, culprit: "s.db",
			contains: []string{"`sql.(*DB).QueryRow`", "`s.db`", "`store/store.go:11`: `return &Store{}, nil`"},
		},
		{
			name: "nil func value",
			report: func(t *testing.T) *report.Report {
				r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
					appFrame(t, "example.com/blog.(*Server).savePost", "server.go", `
package main

type Server struct {
	store  *Store
	onSave func(p *Post) error
}

func (s *Server) savePost(p *Post) error {
	if err := s.onSave(p); err != nil { //!
		return err
	}
	return nil
}
`))
				r.Context = []report.Chunk{chunk("main.go", "NewServer", 30, `
func NewServer(store *Store) *Server {
	return &Server{store: store}
}
`)}
				return r
			},
			class: ClassNilFunc, culprit: "s.onSave",
			contains: []string{"Call of a nil function", "if s.onSave != nil {", "`main.go:31`"},
		},
		{
			name: "assignment to a nil map field, constructor in context",
			report: func(t *testing.T) *report.Report {
				r := panicReport("runtime.plainError", "assignment to entry in nil map",
					appFrame(t, "example.com/blog.(*Store).Put", "store.go", `
package main

func (s *Store) Put(p *Post) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache[p.ID] = p //!
}
`))
				r.Context = []report.Chunk{
					chunk("store.go", "Store", 10, `
type Store struct {
	mu    sync.Mutex
	db    *sql.DB
	cache map[int]*Post
}
`),
					chunk("store.go", "NewStore", 20, `
func NewStore(db *sql.DB) *Store {
	return &Store{
		db: db,
	}
}
`),
				}
				return r
			},
			class: ClassNilMap, culprit: "s.cache",
			contains: []string{"`s.cache[p.ID]`", "`NewStore` (`store.go:21`) without setting `cache`", "cache: make(map[int]*Post),", "`store.go:13`: `cache map[int]*Post`"},
		},
		{
			name: "assignment to a nil local map",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.plainError", "assignment to entry in nil map",
					appFrame(t, "example.com/blog.countTags", "tags.go", `
package main

func countTags(posts []*Post) map[string]int {
	var counts map[string]int
	for _, p := range posts {
		for _, tag := range p.Tags {
			counts[tag]++ //!
		}
	}
	return counts
}
`))
			},
			class: ClassNilMap, culprit: "counts",
			contains: []string{"counts := make(map[string]int)"},
		},
		{
			name: "index out of range on an empty slice",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.boundsError", "runtime error: index out of range [0] with length 0",
					appFrame(t, "example.com/blog.(*Server).handleLatest", "handlers.go", `
package main

func (s *Server) handleLatest(w http.ResponseWriter, r *http.Request) {
	posts, err := s.store.Recent(r.Context(), 5)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	latest := posts[0] //!
	s.render(w, "post.html", latest)
}
`))
			},
			class: ClassIndexRange, culprit: "posts[0]",
			contains: []string{"length 0: it is empty", "if len(posts) <= 0 {", "posts, err := s.store.Recent(r.Context(), 5)"},
		},
		{
			name: "index out of range after strings.Split",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.boundsError", "runtime error: index out of range [3] with length 3",
					appFrame(t, "example.com/blog.slugFromPath", "slug.go", slugFromPathSrc))
			},
			class: ClassIndexRange, culprit: "parts[3]",
			contains: []string{"valid indexes are 0 to 2", "Splitting gives fewer parts", "if len(parts) <= 3 {", "// handle it"},
		},
		{
			name: "slice bounds out of range",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.boundsError", "runtime error: slice bounds out of range [:200] with length 42",
					appFrame(t, "example.com/blog.(*Post).Summary", "post.go", `
package main

// Summary returns the beginning of the post's body.
func (p *Post) Summary() string {
	return p.Body[:200] + "…" //!
}
`))
			},
			class: ClassSliceBounds, culprit: "p.Body[:200]",
			contains: []string{"has length 42", "p.Body[:min(200, len(p.Body))]"},
		},
		{
			name: "index out of range without the index (Go before 1.13)",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.Error", "runtime error: index out of range",
					appFrame(t, "example.com/blog.slugFromPath", "slug.go", slugFromPathSrc))
			},
			class: ClassIndexRange, culprit: "parts[3]",
			contains: []string{"`parts[3]` used an index outside `parts`", "neither the index nor the length (Go releases before 1.13", "Splitting gives fewer parts", "if len(parts) <= 3 {"},
			absent:   []string{"index [", "does not recognise"},
		},
		{
			name: "index out of range without the index, two candidates",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.Error", "runtime error: index out of range",
					appFrame(t, "example.com/blog.pair", "pair.go", `
package main

func pair(keys, values []string, i int) string {
	return keys[i] + "=" + values[i] //!
}
`))
			},
			class:    ClassIndexRange,
			contains: []string{"One of `keys[i]`, `values[i]` used an index outside", "the trace does not say which"},
		},
		{
			name: "slice bounds out of range without the bounds (Go before 1.13)",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.Error", "runtime error: slice bounds out of range",
					appFrame(t, "example.com/blog.(*Post).Summary", "post.go", `
package main

// Summary returns the beginning of the post's body.
func (p *Post) Summary() string {
	return p.Body[:200] + "…" //!
}
`))
			},
			class: ClassSliceBounds, culprit: "p.Body[:200]",
			contains: []string{"`p.Body[:200]` asked for bounds outside `p.Body`, or a start after the end", "neither the bounds nor the length", "before slicing"},
			absent:   []string{"[]", "does not recognise"},
		},
		{
			name: "failed type assertion",
			report: func(t *testing.T) *report.Report {
				r := panicReport("*runtime.TypeAssertionError", "interface conversion: interface {} is string, not int",
					appFrame(t, "example.com/blog.(*Server).handleDashboard", "auth.go", `
package main

func (s *Server) handleDashboard(w http.ResponseWriter, r *http.Request) {
	uid := r.Context().Value(userKey).(int) //!
	posts, err := s.store.ByAuthor(r.Context(), uid)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
}
`))
				r.Context = []report.Chunk{chunk("auth.go", "withUser", 40, `
func withUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), userKey, r.Header.Get("X-User"))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}
`)}
				return r
			},
			class: ClassTypeAssertion, culprit: "r.Context().Value(userKey).(int)",
			contains: []string{"holds a `string`, not an `int`", "`auth.go:42`", "Use the two-result form"},
		},
		{
			name: "integer divide by zero",
			report: func(t *testing.T) *report.Report {
				r := panicReport("runtime.errorString", "runtime error: integer divide by zero",
					appFrame(t, "example.com/blog.(*Server).handleIndex", "handlers.go", `
package main

func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	perPage, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
	total := s.store.Count()
	pages := total / perPage //!
	s.render(w, "index.html", pages)
}
`))
				r.Request.Query = map[string][]string{"per_page": {"0"}}
				return r
			},
			class: ClassDivideByZero, culprit: "perPage",
			contains: []string{"`total / perPage`", "if perPage == 0 {", "http.StatusBadRequest"},
		},
		{
			name: "send on closed channel",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.plainError", "send on closed channel",
					appFrame(t, "example.com/blog.fetchAll.func1", "fetch.go", `
package main

func fetchAll(ids []int, results chan *Post) {
	for _, id := range ids {
		go func() {
			results <- load(id) //!
		}()
	}
	close(results)
}
`))
			},
			class: ClassSendClosed, culprit: "results",
			contains: []string{"closed at `fetch.go:9`", "`sync.WaitGroup`", "a function literal inside `fetchAll`"},
		},
		{
			name: "close of closed channel",
			report: func(t *testing.T) *report.Report {
				return panicReport("runtime.plainError", "close of closed channel",
					appFrame(t, "example.com/blog.(*Worker).Stop", "worker.go", `
package main

func (w *Worker) Stop() {
	close(w.done) //!
}

func (w *Worker) fail() {
	close(w.done)
}
`))
			},
			class: ClassCloseClosed, culprit: "w.done",
			contains: []string{"also closed at `worker.go:8`", "`sync.Once`"},
		},
		{
			name: "negative WaitGroup counter",
			report: func(t *testing.T) *report.Report {
				return panicReport("string", "sync: negative WaitGroup counter",
					libFrame(report.FrameStdlib, "sync.(*WaitGroup).Add", "/usr/local/go/src/sync/waitgroup.go", 64),
					libFrame(report.FrameStdlib, "sync.(*WaitGroup).Done", "/usr/local/go/src/sync/waitgroup.go", 101),
					appFrame(t, "example.com/blog.reindex.func1", "index.go", `
package main

func reindex(posts []*Post) {
	var wg sync.WaitGroup
	for _, p := range posts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			index(p)
			wg.Done() //!
		}()
	}
	wg.Wait()
}
`))
			},
			class: ClassNegativeWG, culprit: "wg",
			contains: []string{"counter of `wg` below zero", "defer wg.Done()", "`index.go:8`"},
		},
	}
}

func TestRuntimeClasses(t *testing.T) { runCases(t, classCases()) }

// runCases checks every case: the class and the culprit are recognised,
// the explanation says where (file:line, function, the line itself), names
// only grounded identifiers, ends with the offline footer and has a
// reasonable length.
func runCases(t *testing.T, cases []classCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.report(t)
			class, culprit := Recognize(r)
			if class != tc.class {
				t.Errorf("class = %q, want %q", class, tc.class)
			}
			if culprit != tc.culprit {
				t.Errorf("culprit = %q, want %q", culprit, tc.culprit)
			}
			var streamed strings.Builder
			res, err := New().Explain(context.Background(), provider.Request{Report: redact.Seal(r, nil)}, func(s string) { streamed.WriteString(s) })
			if err != nil {
				t.Fatal(err)
			}
			text := res.Text
			if streamed.String() != text {
				t.Errorf("streamed pieces do not add up to the text")
			}
			if again := Analyze(r); again != text {
				t.Errorf("explanation is not deterministic:\n%s\n---\n%s", text, again)
			}
			if f := r.InnermostApp(); f != nil {
				for _, want := range []string{
					"`" + baseName(f.File) + ":" + itoa(f.Line) + "`",
					"`" + shortFunction(f.Function) + "`",
					strings.TrimSpace(f.Source.LineText()),
				} {
					if !strings.Contains(text, want) {
						t.Errorf("explanation lacks %q", want)
					}
				}
			}
			if tc.culprit != "" && !strings.Contains(text, tc.culprit) {
				t.Errorf("explanation does not name the culprit %q", tc.culprit)
			}
			for _, want := range tc.contains {
				if !strings.Contains(text, want) {
					t.Errorf("explanation lacks %q", want)
				}
			}
			for _, bad := range tc.absent {
				if strings.Contains(text, bad) {
					t.Errorf("explanation contains %q", bad)
				}
			}
			if unknown := slices.Collect(grounding.New(r).Unknown(text)); len(unknown) > 0 {
				t.Errorf("explanation names ungrounded identifiers %v", unknown)
			}
			if !strings.HasSuffix(strings.TrimSpace(text), Footer) {
				t.Errorf("explanation does not end with the offline footer")
			}
			if n := len(strings.Fields(text)); n < 40 || n > 320 {
				t.Errorf("explanation has %d words, want 40 to 320", n)
			}
			if t.Failed() || testing.Verbose() {
				t.Logf("explanation:\n%s", text)
			}
		})
	}
}

// TestUnexpectedSignalWithoutCgo checks that a fatal signal with no cgo
// call on the stack is not blamed on C code.
func TestUnexpectedSignalWithoutCgo(t *testing.T) {
	r := &report.Report{
		Error: report.Error{Kind: report.KindCrash, Type: "fatal error", Message: "fatal error: unexpected signal during runtime execution\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x45e1c2]"},
		Frames: []report.Frame{
			{Function: "runtime.memmove", File: "/usr/local/go/src/runtime/memmove_amd64.s", Line: 180, Kind: report.FrameRuntime},
			{Function: "example.com/app/store.(*Store).copyRows", File: "/src/app/store/rows.go", Line: 40, Kind: report.FrameApp},
		},
	}
	text := Analyze(r)
	if strings.Contains(text, "cgo") || strings.Contains(text, "C code") {
		t.Errorf("a crash without a cgo call is blamed on C code:\n%s", text)
	}
}

// slugFromPathSrc is a handler helper that indexes the parts of a split
// path without checking how many there are.
const slugFromPathSrc = `
package main

func slugFromPath(path string) string {
	parts := strings.Split(path, "/")
	return parts[3] //!
}
`
