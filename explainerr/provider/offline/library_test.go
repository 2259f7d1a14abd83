package offline

import (
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/report"
)

const renderSrc = `
package main

func (s *Server) render(w http.ResponseWriter, name string, data any) {
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, name, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
	buf.WriteTo(w)
}
`

const postHandlerSrc = `
package main

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	p, err := s.store.PostBySlug(r.Context(), chi.URLParam(r, "slug"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
	s.render(w, "post.html", p)
}
`

func libraryCases() []classCase {
	tmplStatus := func(t *testing.T, msg string) *report.Report {
		return statusReport(msg+"\n", appFrame(t, "example.com/blog.(*Server).render", "render.go", renderSrc))
	}
	return []classCase{
		{
			name: "template field that does not exist, struct in context",
			report: func(t *testing.T) *report.Report {
				r := tmplStatus(t, `template: post.html:5:14: executing "post.html" at <.Auther>: can't evaluate field Auther in type *main.Post`)
				r.Context = []report.Chunk{
					chunk("models.go", "Post", 8, "type Post struct {\n\tID     int\n\tTitle  string\n\tAuthor string\n}"),
					chunk("templates/post.html", "post.html", 1, "{{define \"post.html\"}}\n<article>\n<h1>{{.Title}}</h1>\n\n<p>by {{.Auther}}</p>\n</article>\n{{end}}"),
				}
				return r
			},
			class: ClassTemplateField, culprit: ".Auther",
			contains: []string{"`post.html:5`", "`Author`", "`<p>by {{.Auther}}</p>`", "The error most likely comes from `render.go:5`"},
		},
		{
			name: "template name that was never parsed",
			report: func(t *testing.T) *report.Report {
				r := panicReport("*errors.errorString", `html/template: "psot.html" is undefined`,
					appFrame(t, "example.com/blog.(*Server).handlePost", "handlers.go", `
package main

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	p := s.mustPost(r)
	if err := s.tmpl.ExecuteTemplate(w, "psot.html", p); err != nil {
		panic(err) //!
	}
}
`))
				r.Context = []report.Chunk{chunk("main.go", "main", 20, "\ttmpl := template.Must(template.ParseGlob(\"templates/*.html\"))\n\t// index.html, post.html and about.html live there.\n\t_ = tmpl.Lookup(\"post.html\")")}
				return r
			},
			class: ClassTemplateUndef, culprit: "psot.html",
			contains: []string{"`\"post.html\"`", "It is named at `handlers.go:5`"},
		},
		{
			name: "template function not registered",
			report: func(t *testing.T) *report.Report {
				r := panicReport("*errors.errorString", `template: layout.html:3: function "formatDate" not defined`,
					appFrame(t, "example.com/blog.loadTemplates", "templates.go", `
package main

func loadTemplates() *template.Template {
	funcs := template.FuncMap{"formatdate": formatDate}
	return template.Must(template.New("").Funcs(funcs).ParseFS(files, "templates/*.html")) //!
}
`))
				return r
			},
			class: ClassTemplateFunc, culprit: "formatDate",
			contains: []string{"`templates.go:4`: `funcs := template.FuncMap{\"formatdate\": formatDate}`", "registered `\"formatdate\"`"},
		},
		{
			name: "template unclosed action",
			report: func(t *testing.T) *report.Report {
				return panicReport("*errors.errorString", `template: post.html:7: unclosed action`,
					appFrame(t, "example.com/blog.loadTemplates", "templates.go", `
package main

func loadTemplates() *template.Template {
	return template.Must(template.ParseFS(files, "templates/*.html")) //!
}
`))
			},
			class: ClassTemplateParse, culprit: "post.html",
			contains: []string{"`unclosed action`", "`}}`"},
		},
		{
			name: "template map without the key under missingkey=error",
			report: func(t *testing.T) *report.Report {
				return tmplStatus(t, `template: page.html:2:9: executing "page.html" at <.Subtitle>: map has no entry for key "Subtitle"`)
			},
			class: ClassTemplateNoKey, culprit: "Subtitle",
			contains: []string{"missingkey=error", "`{{.Subtitle}}`"},
		},
		{
			name: "template nil pointer field",
			report: func(t *testing.T) *report.Report {
				return tmplStatus(t, `template: post.html:4:20: executing "post.html" at <.Author.Name>: nil pointer evaluating *main.Author.Name`)
			},
			class: ClassTemplateNil, culprit: ".Author",
			contains: []string{"`{{with .Author}}{{.Name}}{{end}}`"},
		},
		{
			name: "no rows, wrapped by the store and written as a 500",
			report: func(t *testing.T) *report.Report {
				r := statusReport("post \"hello\": sql: no rows in result set\n", appFrame(t, "example.com/blog.(*Server).handlePost", "handlers.go", postHandlerSrc))
				r.Request = report.Request{Method: "GET", URL: "/posts/hello", Route: "/posts/{slug}"}
				return r
			},
			class: ClassNoRows, culprit: `p, err := s.store.PostBySlug(r.Context(), chi.URLParam(r, "slug"))`,
			contains: []string{"inside `PostBySlug`", "if errors.Is(err, sql.ErrNoRows) {", "http.StatusNotFound", "`GET /posts/hello`"},
		},
		{
			name: "no rows from a returned error with its chain",
			report: func(t *testing.T) *report.Report {
				r := panicReport("*fmt.wrapError", "get post 7: sql: no rows in result set",
					appFrame(t, "example.com/blog.(*Store).Post", "store.go", `
package main

func (s *Store) Post(ctx context.Context, id int) (*Post, error) {
	var p Post
	err := s.db.QueryRowContext(ctx, "SELECT id, title FROM posts WHERE id = ?", id).Scan(&p.ID, &p.Title)
	if err != nil {
		panic(fmt.Errorf("get post %d: %w", id, err)) //!
	}
	return &p, nil
}
`))
				r.Error.Chain = []string{"sql: no rows in result set"}
				return r
			},
			class: ClassNoRows, culprit: `err := s.db.QueryRowContext(ctx, "SELECT id, title FROM posts WHERE id = ?", id).Scan(&p.ID, &p.Title)`,
			contains: []string{"matched no row", "`fmt.Errorf`"},
		},
		{
			name: "no such column, schema in context",
			report: func(t *testing.T) *report.Report {
				r := statusReport("no such column: auther\n", appFrame(t, "example.com/blog.(*Server).handleIndex", "handlers.go", "\npackage main\n\nfunc (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {\n\trows, err := s.db.Query(`SELECT id, title, auther FROM posts ORDER BY id`)\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n\tdefer rows.Close()\n}\n"))
				r.Context = []report.Chunk{chunk("schema.go", "schema", 3, "const schema = `CREATE TABLE posts (id INTEGER PRIMARY KEY, title TEXT, author TEXT)`")}
				return r
			},
			class: ClassNoSuchColumn, culprit: "auther",
			contains: []string{"`auther` → `author`", "The query is at `handlers.go:4`"},
		},
		{
			name: "no such table",
			report: func(t *testing.T) *report.Report {
				return statusReport("no such table: coments\n", appFrame(t, "example.com/blog.(*Server).handleIndex", "handlers.go", "\npackage main\n\nfunc (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {\n\tn, err := s.count(`SELECT count(*) FROM coments`, \"comments\")\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n\t_ = n\n}\n"))
			},
			class: ClassNoSuchTable, culprit: "coments",
			contains: []string{"`coments` → `comments`"},
		},
		{
			name: "NOT NULL constraint on a form field",
			report: func(t *testing.T) *report.Report {
				r := statusReport("NOT NULL constraint failed: posts.title\n", appFrame(t, "example.com/blog.(*Server).handleCreate", "handlers.go", `
package main

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	p := &Post{Body: r.PostFormValue("body")}
	if err := s.store.Insert(r.Context(), p); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
}
`))
				r.Request = report.Request{Method: "POST", URL: "/posts", Form: map[string][]string{"title": {""}, "body": {"hi"}}}
				return r
			},
			class: ClassNotNull, culprit: "posts.title",
			contains: []string{"form field `title` is empty", "400 Bad Request"},
		},
		{
			name: "UNIQUE constraint",
			report: func(t *testing.T) *report.Report {
				r := statusReport("UNIQUE constraint failed: users.email\n", appFrame(t, "example.com/blog.(*Server).handleSignup", "handlers.go", "\npackage main\n\nfunc (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) {\n\t_, err := s.db.Exec(`INSERT INTO users (email) VALUES (?)`, r.PostFormValue(\"email\"))\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n}\n"))
				r.Request = report.Request{Method: "POST", URL: "/signup", Form: map[string][]string{"email": {"ada@example.com"}}}
				return r
			},
			class: ClassUnique, culprit: "users.email",
			contains: []string{"`http.StatusConflict`", "The statement is at `handlers.go:4`"},
		},
		{
			name: "UNIQUE constraint of two columns",
			report: func(t *testing.T) *report.Report {
				r := statusReport("UNIQUE constraint failed: tag.name, tag.creator_id\n", appFrame(t, "example.com/blog.(*Server).handleTag", "handlers.go", "\npackage main\n\nfunc (s *Server) handleTag(w http.ResponseWriter, r *http.Request) {\n\t_, err := s.db.Exec(`INSERT INTO tag (name, creator_id) VALUES (?, ?)`, r.PostFormValue(\"name\"), 1)\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n}\n"))
				r.Request = report.Request{Method: "POST", URL: "/tags", Form: map[string][]string{"name": {"go"}}}
				return r
			},
			class: ClassUnique, culprit: "tag (name, creator_id)",
			contains: []string{"Constraint failed: `tag (name, creator_id)` must be unique", "each combination of these columns"},
		},
		{
			name: "PostgreSQL unique violation, logged behind a generic body",
			report: func(t *testing.T) *report.Report {
				r := statusReport("internal error\n", appFrame(t, "example.com/blog.(*Server).handleCreate", "handlers.go", "\npackage main\n\nfunc (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {\n\tif err := s.store.Create(r.Context(), a); err != nil {\n\t\tlog.Printf(\"creating article %q: %v\", a.Slug, err)\n\t\thttp.Error(w, \"internal error\", http.StatusInternalServerError) //!\n\t\treturn\n\t}\n}\n"))
				r.Logs = []report.LogLine{{Text: `2026/12/01 17:10:02 creating article "hi": pq: duplicate key value violates unique constraint "articles_slug_key"`}}
				return r
			},
			class: ClassUnique, culprit: "articles_slug_key",
			contains: []string{"Unique constraint violated: `articles_slug_key`", "`http.StatusConflict`", "from the request's log"},
		},
		{
			name: "PostgreSQL unique violation with its detail",
			report: func(t *testing.T) *report.Report {
				return statusReport("ERROR: duplicate key value violates unique constraint \"users_email_key\" (SQLSTATE 23505); DETAIL: Key (email)=(ada@example.com) already exists.\n", appFrame(t, "example.com/blog.(*Server).handleSignup", "handlers.go", "\npackage main\n\nfunc (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) {\n\t_, err := s.db.Exec(ctx, `INSERT INTO users (email) VALUES ($1)`, email)\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n}\n"))
			},
			class: ClassUnique, culprit: "email",
			contains: []string{"Constraint failed: `email` must be unique", "`http.StatusConflict`"},
		},
		{
			name: "MySQL duplicate entry",
			report: func(t *testing.T) *report.Report {
				return statusReport("Error 1062 (23000): Duplicate entry 'ada@example.com' for key 'users.email'\n", appFrame(t, "example.com/blog.(*Server).handleSignup", "handlers.go", "\npackage main\n\nfunc (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) {\n\t_, err := s.db.Exec(`INSERT INTO users (email) VALUES (?)`, email)\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n}\n"))
			},
			class: ClassUnique, culprit: "users.email",
			contains: []string{"Unique constraint violated: `users.email`", "`http.StatusConflict`"},
		},
		{
			name: "a file named from the request is missing",
			report: func(t *testing.T) *report.Report {
				return statusReport("reading export: open exports/7.json: no such file or directory\n", appFrame(t, "example.com/blog.(*Server).handleExport", "handlers.go", "\npackage main\n\nfunc (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {\n\tid := chi.URLParam(r, \"id\")\n\tb, err := os.ReadFile(filepath.Join(\"exports\", id+\".json\"))\n\tif err != nil {\n\t\thttp.Error(w, \"reading export: \"+err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n\tw.Write(b)\n}\n"))
			},
			class: ClassFileNotFound, culprit: "exports/7.json",
			contains: []string{"File not found: `exports/7.json`", "The path is relative", "The path is built from the request", "errors.Is(err, fs.ErrNotExist)", "http.StatusNotFound"},
		},
		{
			name: "a configuration file is not readable",
			report: func(t *testing.T) *report.Report {
				return statusReport("loading config: open /etc/blog/config.yaml: permission denied\n", appFrame(t, "example.com/blog.(*Server).handleSettings", "handlers.go", "\npackage main\n\nfunc (s *Server) handleSettings(w http.ResponseWriter, r *http.Request) {\n\tb, err := os.ReadFile(\"/etc/blog/config.yaml\")\n\tif err != nil {\n\t\thttp.Error(w, \"loading config: \"+err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n\tw.Write(b)\n}\n"))
			},
			class: ClassFilePermission, culprit: "/etc/blog/config.yaml",
			contains: []string{"Permission denied: `/etc/blog/config.yaml`", "the user the server runs as"},
			absent:   []string{"StatusNotFound", "relative"},
		},
		{
			name: "FOREIGN KEY constraint",
			report: func(t *testing.T) *report.Report {
				r := statusReport("FOREIGN KEY constraint failed\n", appFrame(t, "example.com/blog.(*Server).handleComment", "handlers.go", "\npackage main\n\nfunc (s *Server) handleComment(w http.ResponseWriter, r *http.Request) {\n\t_, err := s.db.Exec(`INSERT INTO comments (post_id, body) VALUES (?, ?)`, id, body)\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n}\n"))
				return r
			},
			class: ClassForeignKey, culprit: "",
			contains: []string{"parent table", "404 Not Found"},
		},
		{
			name: "strconv.Atoi of a route parameter",
			report: func(t *testing.T) *report.Report {
				r := statusReport("strconv.Atoi: parsing \"abc\": invalid syntax\n", appFrame(t, "example.com/blog.(*Server).handlePost", "handlers.go", `
package main

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(chi.URLParam(r, "id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
}
`))
				r.Request = report.Request{Method: "GET", URL: "/posts/abc", Route: "/posts/{id}"}
				return r
			},
			class: ClassStrconvSyntax, culprit: "abc",
			contains: []string{"the route parameter `id` of `/posts/{id}`", "http.StatusBadRequest", "`{id:[0-9]+}`", "It is parsed at `handlers.go:4`"},
		},
		{
			name: "strconv value out of range",
			report: func(t *testing.T) *report.Report {
				r := statusReport("strconv.ParseInt: parsing \"99999999999999999999\": value out of range\n", appFrame(t, "example.com/blog.(*Server).handleIndex", "handlers.go", `
package main

func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	page, err := strconv.ParseInt(r.URL.Query().Get("page"), 10, 64)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
}
`))
				r.Request = report.Request{Method: "GET", URL: "/?page=99999999999999999999", Query: map[string][]string{"page": {"99999999999999999999"}}}
				return r
			},
			class: ClassStrconvRange, culprit: "99999999999999999999",
			contains: []string{"does not fit", "the query parameter `page`"},
		},
		{
			name: "JSON syntax error in a request body",
			report: func(t *testing.T) *report.Report {
				r := statusReport("invalid character 'a' looking for beginning of value\n", appFrame(t, "example.com/blog.(*Server).handleAPI", "api.go", jsonHandlerSrc))
				r.Request.Headers = map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
				return r
			},
			class: ClassJSONSyntax, culprit: "",
			contains: []string{"not valid JSON", "`application/x-www-form-urlencoded`", "400 Bad Request"},
		},
		{
			name: "JSON type mismatch",
			report: func(t *testing.T) *report.Report {
				return statusReport("json: cannot unmarshal string into Go struct field Post.views of type int\n", appFrame(t, "example.com/blog.(*Server).handleAPI", "api.go", jsonHandlerSrc))
			},
			class: ClassJSONType, culprit: "Post.views",
			contains: []string{"`Post.views`", "`json:\",string\"`"},
		},
		{
			name: "JSON type mismatch in a request body, as echo's Bind says it",
			report: func(t *testing.T) *report.Report {
				r := statusReport("{\"errors\":{\"body\":\"code=400, message=Unmarshal type error: expected=[]string, got=string, field=article.tagList, offset=58\"}}\n", appFrame(t, "example.com/blog.(*Server).handleAPI", "api.go", jsonHandlerSrc))
				r.Request.Method = "POST"
				return r
			},
			class: ClassJSONType, culprit: "article.tagList",
			contains: []string{"JSON type mismatch: `string` into `[]string`", "the client sent the wrong type", "`http.StatusBadRequest`"},
		},
		{
			name: "JSON value a type's UnmarshalJSON rejects",
			report: func(t *testing.T) *report.Report {
				return statusReport("Time.UnmarshalJSON: input is not a JSON string\n", appFrame(t, "example.com/blog.(*Server).handleAPI", "api.go", jsonHandlerSrc))
			},
			class: ClassJSONValue, culprit: "Time",
			contains: []string{"a `Time` value was rejected", "`input is not a JSON string`", "RFC 3339", "400 Bad Request"},
			absent:   []string{"does not recognise"},
		},
		{
			name: "not found reported as a 500 despite an errors.Is check",
			report: func(t *testing.T) *report.Report {
				return statusReport("author \"nobody\": not found\n", appFrame(t, "example.com/blog.(*Server).handleAuthor", "authors.go", `
package main

func (s *Server) handleAuthor(w http.ResponseWriter, r *http.Request) {
	a, err := s.store.AuthorBySlug(r.Context(), chi.URLParam(r, "slug"))
	if errors.Is(err, ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
	s.render(w, "author.html", a)
}
`))
			},
			// The call that returned the error is outside the window.
			class: ClassNotFound, culprit: "",
			contains: []string{"`if errors.Is(err, ErrNotFound) {`", "`\"%w\"`"},
		},
		{
			name: "an error the analyzer does not know",
			report: func(t *testing.T) *report.Report {
				return statusReport("mailer: quota exceeded for today\n", appFrame(t, "example.com/blog.(*Server).handleSubscribe", "subscribe.go", `
package main

func (s *Server) handleSubscribe(w http.ResponseWriter, r *http.Request) {
	if err := s.mailer.Send(r.Context(), r.PostFormValue("email")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
}
`))
			},
			class: ClassUnknown, culprit: "",
			contains: []string{"does not recognise this error", "cannot say more than its message", "`mailer: quota exceeded for today`"},
		},
		{
			name: "a deliberate panic",
			report: func(t *testing.T) *report.Report {
				return panicReport("string", "unreachable: unknown post status 7", appFrame(t, "example.com/blog.statusLabel", "status.go", `
package main

func statusLabel(s int) string {
	switch s {
	case 0:
		return "draft"
	}
	panic(fmt.Sprintf("unreachable: unknown post status %d", s)) //!
}
`))
			},
			class: ClassDeliberatePanic, culprit: "",
			contains: []string{"on purpose"},
		},
	}
}

func TestLibraryClasses(t *testing.T) { runCases(t, libraryCases()) }

func TestNoAppFrame(t *testing.T) {
	r := &report.Report{
		Error: report.Error{Kind: report.KindPanic, Type: "runtime.errorString", Message: "runtime error: invalid memory address or nil pointer dereference"},
		Frames: []report.Frame{
			libFrame(report.FrameDependency, "github.com/lib/pq.(*conn).query", "/root/go/pkg/mod/github.com/lib/pq@v1.10.9/conn.go", 880),
			libFrame(report.FrameStdlib, "net/http.(*conn).serve", "/usr/local/go/src/net/http/server.go", 2102),
		},
	}
	text := Analyze(r)
	for _, want := range []string{"No frame of the app's own code", "`pq.(*conn).query`", "`conn.go:880`", Footer} {
		if !strings.Contains(text, want) {
			t.Errorf("explanation lacks %q:\n%s", want, text)
		}
	}
	if unknown := slices.Collect(grounding.New(r).Unknown(text)); len(unknown) > 0 {
		t.Errorf("ungrounded identifiers %v", unknown)
	}
}

// jsonHandlerSrc is a handler that answers a request body that does not
// decode with a 500.
const jsonHandlerSrc = `
package main

func (s *Server) handleAPI(w http.ResponseWriter, r *http.Request) {
	var p Post
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!
		return
	}
}
`
