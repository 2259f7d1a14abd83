package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The tests of this file check that each claim of an explanation is
// justified by the report: a value is named as the nil one only when no
// other value on the line can be, HTTP advice is given only for a
// request, and snippets fit the function they go in.

const nilPointerMsg = "runtime error: invalid memory address or nil pointer dereference"

// A func read from a map is called: the map lookup's nil func and the
// value read through are both candidates.
func TestClaimsNilFuncFromMap(t *testing.T) {
	runCases(t, []classCase{{
		name: "func value read from a map",
		report: func(t *testing.T) *report.Report {
			return panicReport("runtime.errorString", nilPointerMsg,
				appFrame(t, "example.com/shop/geo.RunHook", "geo.go", `
package geo

type Route struct {
	Name  string
	Hooks map[string]func() string
}

func RunHook(r *Route, name string) string {
	return r.Hooks[name]() //!
}
`))
		},
		class: ClassNilPointer, culprit: "",
		contains: []string{"one of `r.Hooks[name]`, `r` is nil", "`r.Hooks[name]` is a func value", "if r.Hooks[name] != nil {"},
		absent:   []string{"dereference: `r` is nil", "if r == nil {"},
	}, {
		name: "generic instantiation is no func value",
		report: func(t *testing.T) *report.Report {
			return panicReport("runtime.errorString", nilPointerMsg,
				appFrame(t, "example.com/shop/geo.Names", "geo.go", `
package geo

func First[T any](xs []T) T { return xs[0] }

func Names(r *Route) string {
	return First[string](r.Names) //!
}
`))
		},
		class: ClassNilPointer, culprit: "r",
		contains: []string{"`r` is nil"},
		absent:   []string{"is a func value", "Call of a nil function"},
	}})
}

// crashReport builds the report of a crash dump of a command-line
// program: no request, no HTTP server on the stack.
func crashReport(msg string, frames ...report.Frame) *report.Report {
	return &report.Report{
		Error:  report.Error{Kind: report.KindCrash, Message: msg},
		Frames: append(frames, libFrame(report.FrameStdlib, "runtime.main", "/usr/local/go/src/runtime/proc.go", 283)),
	}
}

// A crash of a program that serves no request gets no HTTP wording, and an
// explicit panic(...) is deliberate whatever the report's kind.
func TestClaimsNoHTTPWithoutRequest(t *testing.T) {
	httpWords := []string{"request", "404", "500", "HTTP", "client"}
	runCases(t, []classCase{{
		name: "not found panic in a CLI",
		report: func(t *testing.T) *report.Report {
			return crashReport(`sku "A-77" not found`, appFrame(t, "example.com/shop/errs.Lookup", "errs.go", `
package errs

type NotFoundError struct{ SKU string }

func Lookup(sku string) {
	panic(&NotFoundError{SKU: sku}) //!
}
`))
		},
		class: ClassDeliberatePanic, contains: []string{"Deliberate panic", "does not exist"}, absent: httpWords,
	}, {
		name: "panic of a Stringer in a CLI",
		report: func(t *testing.T) *report.Report {
			r := crashReport("code-42", appFrame(t, "example.com/shop/errs.Fail", "errs.go", `
package errs

type Code int

func Fail(c Code) {
	panic(c) //!
}
`))
			r.Error.Type = "errs.Code"
			return r
		},
		class: ClassDeliberatePanic, contains: []string{"Deliberate panic", "return an error to the caller"}, absent: httpWords,
	}, {
		name: "concurrent map writes in a CLI",
		report: func(t *testing.T) *report.Report {
			return crashReport("concurrent map writes", appFrame(t, "example.com/shop/worker.Count.func1", "worker.go", `
package worker

func Count(keys []string) map[string]int {
	counts := map[string]int{}
	for _, key := range keys {
		go func() {
			counts[key]++ //!
		}()
	}
	return counts
}
`))
		},
		class: ClassConcurrentMap, culprit: "counts", contains: []string{"same lock"}, absent: httpWords,
	}})
}

// A template error the app prefixed with its own words is still a
// template error, and a page already rendered into a buffer is not told
// to render into a buffer.
func TestClaimsPrefixedTemplateError(t *testing.T) {
	runCases(t, []classCase{{
		name: "prefixed template field error",
		report: func(t *testing.T) *report.Report {
			return statusReport(`rendering deleted tasks: template: deleted.html:24:50: executing "deleted.html" at <$value.Prio>: can't evaluate field Prio in type types.Task`,
				appFrame(t, "example.com/tasks/views.ShowTrashTaskFunc", "views.go", `
package views

func ShowTrashTaskFunc(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	if err := deletedTemplate.Execute(&buf, context); err != nil {
		http.Error(w, "rendering deleted tasks: "+err.Error(), http.StatusInternalServerError) //!
		return
	}
	buf.WriteTo(w)
}
`))
		},
		class: ClassTemplateField, culprit: "$value.Prio",
		contains: []string{"`Prio`", "`types.Task`"},
		absent:   []string{"does not recognise", "4xx", "Render into a buffer"},
	}})
}

const redirectSrc = `
package views

func AddTaskFunc(w http.ResponseWriter, r *http.Request) {
	if r.FormValue("CSRFToken") == token {
		http.Redirect(w, r, "/", http.StatusFound)
	} else {
		log.Println("CSRF mismatch")
		http.Redirect(w, r, "/", http.StatusInternalServerError) //!
	}
}
`

// A 5xx with no message is described as such, never as an empty code
// span, and the request's last log line is the lead.
func TestClaimsEmptyStatusMessage(t *testing.T) {
	runCases(t, []classCase{{
		name: "empty 500 from http.Redirect with a log line",
		report: func(t *testing.T) *report.Report {
			r := statusReport("", appFrame(t, "example.com/tasks/views.AddTaskFunc", "addViews.go", redirectSrc))
			r.Frames = append([]report.Frame{libFrame(report.FrameStdlib, "net/http.Redirect", "/usr/local/go/src/net/http/server.go", 2413)}, r.Frames...)
			r.Logs = []report.LogLine{{Text: "2026/12/01 09:47:19 CSRF mismatch"}}
			return r
		},
		class:    ClassUnknown,
		contains: []string{"status 500 with no message", "`CSRF mismatch`", "instead of redirecting", "3xx"},
		absent:   []string{"``", "cannot say more than its message"},
	}, {
		name: "empty 500 without logs",
		report: func(t *testing.T) *report.Report {
			return statusReport("", appFrame(t, "example.com/tasks/views.AddTaskFunc", "addViews.go", redirectSrc))
		},
		class:    ClassUnknown,
		contains: []string{"status 500 with no message", "logged nothing"},
		absent:   []string{"``", "cannot say more than its message"},
	}})
}

// A snippet that writes the response ends with the return that compiles
// in the enclosing function: "return nil" in a func(w, r) error.
func TestClaimsSnippetReturnMatchesSignature(t *testing.T) {
	runCases(t, []classCase{{
		name: "explainerr.HandlerFunc returning error",
		report: func(t *testing.T) *report.Report {
			return panicReport("runtime.errorString", nilPointerMsg,
				appFrame(t, "example.com/blog.(*Server).showPost", "handlers.go", `
package main

func (s *Server) showPost(w http.ResponseWriter, r *http.Request) error {
	p, _ := s.store.GetPost(r.Context(), chi.URLParam(r, "id"))
	fmt.Fprintf(w, "<h1>%s</h1>", p.Title) //!
	return nil
}
`))
		},
		class: ClassNilPointer, culprit: "p",
		contains: []string{"\treturn nil\n"},
		absent:   []string{"\treturn\n"},
	}, {
		name: "handler literal returning error, declaration above the window",
		report: func(t *testing.T) *report.Report {
			return statusReport("get-category API: sql: no rows in result set",
				appFrame(t, "example.com/tasks/views.GetCategoryByIDAPI", "api.go", `
package views

func GetCategoryByIDAPI(w http.ResponseWriter, r *http.Request) error {
	username := r.Header.Get("User")
	id, err := strconv.Atoi(r.URL.Path[len("/api/category/"):])
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return nil
	}
	cat, err := db.GetCategoryByID(username, id)
	if err != nil {
		return fmt.Errorf("get-category API: %w", err) //!
	}
	return json.NewEncoder(w).Encode(cat)
}
`))
		},
		class: ClassNoRows, culprit: "cat, err := db.GetCategoryByID(username, id)",
		contains: []string{"\treturn nil\n"},
		absent:   []string{"\treturn\n"},
	}, {
		name: "plain handler keeps the bare return",
		report: func(t *testing.T) *report.Report {
			return panicReport("runtime.errorString", nilPointerMsg,
				appFrame(t, "example.com/blog.(*Server).handlePost", "handlers.go", handlerSrc))
		},
		class: ClassNilPointer, culprit: "p",
		contains: []string{"\treturn\n"},
		absent:   []string{"return nil"},
	}})
}

// A lookup that returned nil without an error is not answered with a 404
// in a request that does not read one resource: nil may be the normal
// case (a signup's duplicate check).
func TestClaimsNilLookupNoBlanket404(t *testing.T) {
	runCases(t, []classCase{{
		name: "signup duplicate check",
		report: func(t *testing.T) *report.Report {
			r := panicReport("runtime.errorString", nilPointerMsg,
				appFrame(t, "example.com/tasks/views.SignUpFunc", "otherViews.go", `
package views

func SignUpFunc(w http.ResponseWriter, r *http.Request) {
	username, email := r.Form.Get("username"), r.Form.Get("email")
	existing, err := db.GetUserByName(username)
	if err != nil {
		http.Error(w, "Unable to sign user up", http.StatusInternalServerError)
		return
	}
	if existing.Email == email { //!
		http.Error(w, "Already signed up", http.StatusConflict)
		return
	}
}
`))
			r.Request = report.Request{Method: "POST", URL: "/signup/", Route: "/signup/"}
			return r
		},
		class: ClassNilPointer, culprit: "existing",
		contains: []string{"Handle a `nil` `existing`", "if existing == nil {"},
		absent:   []string{"404", "StatusNotFound"},
	}})
}

// r.Header["Token"][0] indexes only the header's values: the map lookup
// has no range, and a request without the header is said to lack it.
func TestClaimsAbsentHeaderIndex(t *testing.T) {
	runCases(t, []classCase{{
		name: "missing Token header",
		report: func(t *testing.T) *report.Report {
			r := panicReport("runtime.boundsError", "runtime error: index out of range [0] with length 0",
				appFrame(t, "example.com/tasks/views.GetTasksFuncAPI", "api.go", `
package views

func GetTasksFuncAPI(w http.ResponseWriter, r *http.Request) {
	var message string
	token := r.Header["Token"][0] //!
	IsTokenValid, username := ValidateToken(token)
	fmt.Fprintln(w, message, IsTokenValid, username)
}
`))
			r.Request = report.Request{Method: "GET", URL: "/api/get-task/", Route: "/api/get-task/",
				Headers: map[string]string{"Accept": "*/*", "User-Agent": "curl/7.88.1"}}
			return r
		},
		class: ClassIndexRange, culprit: `r.Header["Token"][0]`,
		contains: []string{"The request has no `Token` header", `r.Header.Get("Token")`},
		absent:   []string{"one of", "the trace does not say which"},
	}, {
		// The report kept only some headers: absence is not shown.
		name: "headers cut short",
		report: func(t *testing.T) *report.Report {
			r := panicReport("runtime.boundsError", "runtime error: index out of range [0] with length 0",
				appFrame(t, "example.com/tasks/views.GetTasksFuncAPI", "api.go", `
package views

func GetTasksFuncAPI(w http.ResponseWriter, r *http.Request) {
	token := r.Header["Token"][0] //!
	fmt.Fprintln(w, token)
}
`))
			r.Request = report.Request{Method: "GET", URL: "/api/get-task/",
				Headers: map[string]string{"Accept": "*/*", "…": "40 more headers not shown"}}
			return r
		},
		class: ClassIndexRange, culprit: `r.Header["Token"][0]`,
		absent: []string{"The request has no `Token` header"},
	}})
}

// Buffering is advised only where the template visibly writes the
// response: not for a buffer made with new(bytes.Buffer) and passed
// without &, nor for a writer the window cannot tell.
func TestClaimsTemplateBufferAdvice(t *testing.T) {
	const msg = `template: page.html:3:10: executing "page.html" at <.Title>: can't evaluate field Title in type main.Page`
	src := func(body string) string {
		return "\npackage main\n\nfunc show(w http.ResponseWriter, r *http.Request) {\n" + body + "}\n"
	}
	runCases(t, []classCase{{
		name: "writes the response",
		report: func(t *testing.T) *report.Report {
			return statusReport(msg, appFrame(t, "example.com/site.show", "site.go", src(
				"\tif err := pageTemplate.Execute(w, page); err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t}\n")))
		},
		class: ClassTemplateField, culprit: ".Title",
		contains: []string{"Render into a buffer"},
	}, {
		name: "a buffer made with new",
		report: func(t *testing.T) *report.Report {
			return statusReport(msg, appFrame(t, "example.com/site.show", "site.go", src(
				"\tbuf := new(bytes.Buffer)\n\tif err := pageTemplate.Execute(buf, page); err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t\treturn\n\t}\n\tbuf.WriteTo(w)\n")))
		},
		class: ClassTemplateField, culprit: ".Title",
		absent: []string{"Render into a buffer"},
	}, {
		name: "a writer the window cannot tell",
		report: func(t *testing.T) *report.Report {
			return statusReport(msg, appFrame(t, "example.com/site.show", "site.go", src(
				"\tif err := pageTemplate.Execute(out, page); err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError) //!\n\t}\n")))
		},
		class: ClassTemplateField, culprit: ".Title",
		absent: []string{"Render into a buffer"},
	}})
}
