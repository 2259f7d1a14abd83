package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The task app below is written to a temporary module: handlers that
// decode JSON into a map, render a template looked up by name, average
// over a query's rows, compare a CSRF cookie and count visits from
// goroutines. Its failing lines are marked with //!label.

var taskFiles = map[string]string{
	"go.mod": "module example.com/tasks\n\ngo 1.22\n",
	"main.go": `package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
)

var templates = template.Must(template.ParseGlob("templates/*.html"))

var completedTemplate = templates.Lookup("complete.html")

// setPriority changes a task's priority: {"id": 3, "priority": 2}
func setPriority(w http.ResponseWriter, r *http.Request) {
	var body map[string]interface{}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	id := body["id"].(int) //!priority
	fmt.Fprintln(w, id)
}

// tagTask reads the tags of a task from a JSON body.
func tagTask(w http.ResponseWriter, r *http.Request, data []byte) {
	var body any
	json.Unmarshal(data, &body)
	fields := body.(map[string]any)
	tags := fields["tags"].([]string) //!tags
	fmt.Fprintln(w, tags)
}

// showCompleted renders the completed tasks.
func showCompleted(w http.ResponseWriter, r *http.Request) {
	completedTemplate.Execute(w, nil) //!completed
}

// showEdit renders the edit page.
func showEdit(w http.ResponseWriter, r *http.Request) {
	tmpl := templates.Lookup("edit.htm")
	tmpl.Execute(w, nil) //!edit
}

// averagePriority shows the mean priority of the completed tasks.
func averagePriority(w http.ResponseWriter, r *http.Request) {
	tasks, err := loadTasks(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	total := 0
	for _, t := range tasks {
		total += t.Priority
	}
	fmt.Fprintf(w, "average: %d\n", total/len(tasks)) //!average
}

// Task is one row of the tasks table.
type Task struct{ Priority int }

func loadTasks(ctx context.Context) ([]Task, error) { return nil, nil }

// addTask checks the form's CSRF token against the cookie.
func addTask(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	formToken := r.Form.Get("CSRFToken")
	cookie, _ := r.Cookie("csrftoken")
	if formToken == cookie.Value { //!csrf
		w.Write([]byte("added"))
	}
}

// addNote checks the form's CSRF token, far below the signature.
func addNote(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	title := r.Form.Get("title")
	content := r.Form.Get("content")
	category := r.Form.Get("category")
	formToken := r.Form.Get("CSRFToken")
	fmt.Println(title, content, category)
	session, _ := r.Cookie("csrftoken")
	if formToken == session.Value { //!note
		fmt.Println("added")
	}
}

// createTask adds a task from a JSON body.
func createTask(w http.ResponseWriter, r *http.Request) error {
	var t Task
	if err := json.NewDecoder(r.Body).Decode(&t); err != nil {
		return fmt.Errorf("decoding task: %w", err) //!create
	}
	return nil
}

// readPriority reads a priority a caller decoded.
func readPriority(w http.ResponseWriter, fields map[string]interface{}) {
	p := fields["priority"].(int) //!param
	fmt.Fprintln(w, p)
}

// Store keeps the tasks.
type Store struct{ path string }

var store *Store

// showStore shows where the tasks are kept.
func showStore(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintln(w, store.path) //!store
}

var visits map[string]int

// countVisit counts a visit of path.
func countVisit(path string) {
	visits[path]++ //!visit
}

// trackVisit counts the visit in the background.
func trackVisit(w http.ResponseWriter, r *http.Request) {
	go countVisit(r.URL.Path) //!track
	w.Write([]byte("ok"))
}

type task struct{ Owner int64 }

// assignOwner sets a task's owner from a JSON body: {"owner": 7}
func assignOwner(w http.ResponseWriter, r *http.Request, t *task) {
	var patch map[string]interface{}
	if err := json.NewDecoder(r.Body).Decode(&patch); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	t.Owner = patch["owner"].(int64) //!owner
}

// ownerOf stores the owner an interface value holds.
func ownerOf(t *task, v any) {
	t.Owner = v.(int64) //!ownerof
}

type counters struct {
	hits map[string]int
}

var stats = &counters{}

var audit counters

// countHit counts a request's path.
func countHit(w http.ResponseWriter, r *http.Request) {
	stats.hits[r.URL.Path]++ //!hit
}

// auditHit records a path in the audit counters.
func auditHit(path string) {
	audit.hits[path]++ //!audit
}

// exportTask writes a task in the format the query asks for.
func exportTask(w http.ResponseWriter, r *http.Request) error {
	format := r.URL.Query().Get("format")
	if format != "json" && format != "csv" {
		return fmt.Errorf("unsupported export format %q", format) //!export
	}
	return nil
}

// reqCtx keeps values for a request, as a framework's context does.
type reqCtx struct{ vals map[string]any }

func (c *reqCtx) Set(k string, v any) { c.vals[k] = v }
func (c *reqCtx) Get(k string) any    { return c.vals[k] }

// authenticate keeps the user's id for the request.
func authenticate(c *reqCtx, id uint) {
	c.Set("user", id)
}

// favorite reads the user's id back.
func favorite(c *reqCtx) int {
	userID := c.Get("user").(int) //!favorite
	return userID
}

// searchTasks searches by a "field:value" query.
func searchTasks(w http.ResponseWriter, r *http.Request) {
	parts := strings.SplitN(r.URL.Query().Get("q"), ":", 2)
	field, value := parts[0], parts[1] //!search
	fmt.Fprintln(w, field, value)
}
`,
	"templates/completed.html": `{{define "completed.html"}}done{{end}}`,
	"templates/home.html":      `home`,
}

// panicIn builds a panic report from the task app's line marked label in
// function fn, for a request method url.
func panicIn(t *testing.T, app *snipApp, label, fn, msg, method, url string) *report.Report {
	r := panicReport("runtime.Error", msg, app.frame(t, label, fn))
	r.Request = report.Request{Method: method, URL: url}
	return r
}

func TestJSONNumberAssertionAdvisesFloat64(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "priority", "setPriority", "interface conversion: interface {} is float64, not int", "POST", "/priority")
	text := Analyze(r)
	mustHave(t, text, "`body` is filled by the JSON decode at `setPriority` (`main.go:18`)",
		"into a variable of type `map[string]interface{}`", "stores every JSON number as a `float64`",
		"n, ok := body[\"id\"].(float64)", "id := int(n)", "ID int `json:\"id\"`", "(*json.Decoder).UseNumber")
	mustLack(t, text, "id, ok := body[\"id\"].(int)", "store an `int`", "Use the two-result form")
	assertGroundedIn(t, r, text, taskFiles, "n", "ok", "ID")
}

// TestAssertionIntoFieldAdviceCompiles: the snippets that fix an
// assertion stored in a field assign the field; they declare no field
// with ":=".
func TestAssertionIntoFieldAdviceCompiles(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	text := Analyze(panicIn(t, app, "owner", "assignOwner", "interface conversion: interface {} is float64, not int64", "PATCH", "/tasks/1"))
	mustHave(t, text, "n, ok := patch[\"owner\"].(float64)", "t.Owner = int64(n)", "not an `int64`")
	mustLack(t, text, "t.Owner := ")
	text = Analyze(panicIn(t, app, "ownerof", "ownerOf", "interface conversion: interface {} is string, not int64", "PATCH", "/tasks/1"))
	mustHave(t, text, "Use the two-result form")
	mustLack(t, text, "t.Owner, ok", "t.Owner := ")
}

// TestFixedIndexIntoSplitInputIsBadRequest: a fixed index into the parts
// of a query value is the client's malformed input (400), not a record
// the index names (404).
func TestFixedIndexIntoSplitInputIsBadRequest(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	text := Analyze(panicIn(t, app, "search", "searchTasks", "runtime error: index out of range [1] with length 1", "GET", "/search?q=hi"))
	mustHave(t, text, "if len(parts) <= 1 {", "http.StatusBadRequest", "built from the request's input")
	mustLack(t, text, "StatusNotFound", "The index comes from the request")
}

// TestNilMapFieldOfPackageVariable: a map field that the declaration of
// a package variable leaves out is made there, and, written by every
// request, guarded by a lock.
func TestNilMapFieldOfPackageVariable(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "hit", "countHit", "assignment to entry in nil map", "GET", "/tasks")
	text := Analyze(r)
	mustHave(t, text, "`stats` is a package-level variable declared at", "it is set to `&counters{}`, which leaves `hits` out",
		"var stats = &counters{hits: make(map[string]int)}", "stats.mu.Lock()", "concurrent map writes")
	assertGroundedIn(t, r, text, taskFiles, "mu", "Lock", "Unlock")
	text = Analyze(panicIn(t, app, "audit", "auditHit", "assignment to entry in nil map", "GET", "/tasks"))
	mustHave(t, text, "it is declared without a value", "var audit = counters{hits: make(map[string]int)}")
}

// TestAssertionOfAStoredValueAdvisesTheStoredType: a value the app keeps
// for the request under a key has the type its setter stores; the fix is
// that type, with the setter cited.
func TestAssertionOfAStoredValueAdvisesTheStoredType(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "favorite", "favorite", "interface conversion: interface {} is uint, not int", "POST", "/favorite")
	text := Analyze(r)
	mustHave(t, text, "The app stores that value at `main.go:", "`c.Set(\"user\", id)`", "userID := int(c.Get(\"user\").(uint))")
	assertGroundedIn(t, r, text, taskFiles)
}

func TestJSONSliceAssertionAdvisesAnySlice(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "tags", "tagTask", "interface conversion: interface {} is []interface {}, not []string", "POST", "/tags")
	text := Analyze(r)
	mustHave(t, text, "`body` is filled by the JSON decode at `tagTask` (`main.go:29`): `json.Unmarshal(data, &body)`",
		"Assert `[]interface {}`, the type the decoder stores", "Tags []string `json:\"tags\"`")
	mustLack(t, text, "tags, ok := fields[\"tags\"].([]string)", "store a `[]string`", "every request that reaches this line fails")
	assertGroundedIn(t, r, text, taskFiles, "Tags")
}

func TestJSONNumberAssertionWithoutDecodeIsHedged(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "param", "readPriority", "interface conversion: interface {} is float64, not int", "POST", "/priority")
	text := Analyze(r)
	mustHave(t, text, "If this value comes from such a decode", "If the value comes from JSON: Assert `float64`", "n, ok := fields[\"priority\"].(float64)",
		"// the value is missing or not a number")
	mustLack(t, text, "is filled by the JSON decode", "StatusBadRequest", "store an `int`")
}

func TestNilLookedUpTemplateIsNeverNotFound(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	for _, c := range []struct{ label, fn, want string }{
		{"completed", "showCompleted", "Correct the name at that line: `\"complete.html\"` → `\"completed.html\"`"},
		{"edit", "showEdit", "`tmpl` is set at `main.go:42`: `tmpl := templates.Lookup(\"edit.htm\")`"},
	} {
		r := panicIn(t, app, c.label, c.fn, "runtime error: invalid memory address or nil pointer dereference", "GET", "/"+c.label)
		r.Frames = append([]report.Frame{libFrame(report.FrameStdlib, "html/template.(*Template).Execute", "/usr/local/go/src/html/template/template.go", 121)}, r.Frames...)
		text := Analyze(r)
		mustHave(t, text, c.want, "`(*template.Template).Lookup` returns `nil` when the set has no template called",
			"have the names `\"completed.html\"`, `\"home.html\"`", "(*template.Template).ExecuteTemplate")
		mustLack(t, text, "StatusNotFound", "404", "Not Found")
		assertGroundedIn(t, r, text, taskFiles)
	}
}

func TestNilPackageVariableIsNeverNotFound(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "store", "showStore", "runtime error: invalid memory address or nil pointer dereference", "GET", "/store")
	text := Analyze(r)
	mustHave(t, text, "`store` is set by the app itself, at `main.go:", "`var store *Store`", "http.StatusInternalServerError")
	mustLack(t, text, "StatusNotFound", "404", "StatusBadRequest")
}

func TestDivisorFromRowsIsNotBadRequest(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "average", "averagePriority", "runtime error: integer divide by zero", "GET", "/avg")
	text := Analyze(r)
	mustHave(t, text, "`tasks` comes from `main.go:48`: `tasks, err := loadTasks(r.Context())`",
		"not bad input from the client", "if len(tasks) == 0 {", "use a zero or empty result")
	mustLack(t, text, "StatusBadRequest", "400", "query parameter, form, config")
	assertGroundedIn(t, r, text, taskFiles)
}

func TestMissingCookieIsTheClients(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	for header, want := range map[string]string{
		"":                            "The request had no `Cookie` header, so it sent no cookie at all.",
		"[REDACTED]":                  "The report hides the request's `Cookie` header",
		"sessionid=[REDACTED]; theme": "The request's cookies are `sessionid`, `theme`; `\"csrftoken\"` is not among them.",
	} {
		r := panicIn(t, app, "csrf", "addTask", "runtime error: invalid memory address or nil pointer dereference", "POST", "/add")
		r.Request.Headers = map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
		if header != "" {
			r.Request.Headers["Cookie"] = strings.Replace(header, "; theme", "; theme=dark", 1)
		}
		text := Analyze(r)
		mustHave(t, text, want, "returns `http.ErrNoCookie`", "the client did not send it",
			"cookie, err := r.Cookie(\"csrftoken\")", "http.StatusBadRequest")
		mustLack(t, text, "StatusInternalServerError", "handle it: nothing was found")
		assertGroundedIn(t, r, text, taskFiles)
	}
}

func TestMissingCookieFarFromSignature(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := panicIn(t, app, "note", "addNote", "runtime error: invalid memory address or nil pointer dereference", "POST", "/note")
	text := Analyze(r)
	mustHave(t, text, "session, err := r.Cookie(\"csrftoken\")", "http.StatusBadRequest")
	assertGroundedIn(t, r, text, taskFiles)
}

func TestNilMapFromGoroutinesNeedsLock(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	file, line := app.line("track")
	r := &report.Report{
		Error:     report.Error{Kind: report.KindCrash, Type: "runtime.Error", Message: "assignment to entry in nil map"},
		Frames:    []report.Frame{app.frame(t, "visit", "countVisit")},
		CreatedBy: &report.Frame{Function: "main.trackVisit", File: file, Line: line, Kind: report.FrameApp},
	}
	text := Analyze(r)
	mustHave(t, text, "`visits` is a package-level variable declared at `main.go:", "Make it where it is declared, at `main.go:",
		"var visits = make(map[string]int)", "runs in a goroutine started at `trackVisit`", "visitsMu sync.Mutex", "visitsMu.Lock()", "`sync.Map`")
	mustLack(t, text, "visits := make", "where the value holding it is built")
	assertGroundedIn(t, r, text, taskFiles, "visitsMu", "Lock", "Unlock")
}

// TestRejectedInputReturnedAsErrorIsBadRequest: an error the handler makes
// in its own check of the request's input, and returns, is the client's
// 400, not the server's 500.
func TestRejectedInputReturnedAsErrorIsBadRequest(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := statusReport("Internal Server Error\n", app.frame(t, "export", "exportTask"))
	r.Error.Kind = report.KindError
	r.Error.Message = `unsupported export format "pdf"`
	r.Request = report.Request{Method: "GET", URL: "/export?format=pdf"}
	text := Analyze(r)
	mustHave(t, text, "The request's input rejected with a 500", "`format != \"json\" && format != \"csv\"` held for this request",
		"`format` comes from the request", "http.Error(w, fmt.Sprintf(\"unsupported export format %q\", format), http.StatusBadRequest)", "return nil")
	mustLack(t, text, "does not recognise")
	assertGroundedIn(t, r, text, taskFiles)
}

// TestHandedOverErrorIsFoundByItsMessage: an error an error handler passed
// on (handler.Fail) is placed where the app makes it, found by its format;
// a message no format of the app matches is placed nowhere.
func TestHandedOverErrorIsFoundByItsMessage(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := statusReport("Internal Server Error\n", app.frame(t, "visit", "countVisit"))
	r.Error.Kind = report.KindError
	r.Error.HandedOver = true
	r.Error.Message = `unsupported export format "pdf"`
	r.Request = report.Request{Method: "GET", URL: "/export?format=pdf", Route: "/export"}
	text := Analyze(r)
	mustHave(t, text, "The error was returned by the handler of `GET /export`", "Its message matches the error made at `exportTask` (`main.go:",
		"Read `exportTask` around `main.go:")
	// Reported from another place (a status written with the error's
	// text), the message still names where it was made.
	r.Error.HandedOver, r.Error.Kind = false, report.KindStatus
	mustHave(t, Analyze(r), "Its message matches the error made at `exportTask` (`main.go:")
	r.Error.HandedOver, r.Error.Kind = true, report.KindError
	r.Error.Message = "something else entirely went wrong"
	text = Analyze(r)
	mustHave(t, text, "Find where the route's handler returns this error")
	mustLack(t, text, "Its message matches")
}

func TestTruncatedJSONBodyIsBadRequest(t *testing.T) {
	app := writeMarkedApp(t, taskFiles)
	r := statusReport("Internal Server Error\n", app.frame(t, "create", "createTask"))
	r.Error.Kind = report.KindError
	r.Error.Message = "decoding task: unexpected EOF"
	r.Request = report.Request{Method: "POST", URL: "/api/v2/tasks", Body: `{"title": "x", "content`, BodyType: "application/json"}
	if class, _ := Recognize(r); class != ClassUnexpectedEOF {
		t.Errorf("recognised %s", class)
	}
	text := Analyze(r)
	mustHave(t, text, "Truncated request body", "`if err := json.NewDecoder(r.Body).Decode(&t); err != nil {`", "The client sent an incomplete body",
		"http.StatusBadRequest", "return an error the caller maps to 400")
	mustLack(t, text, "does not recognise")
	assertGroundedIn(t, r, text, taskFiles)

	r.Error.Message = "reading archive: unexpected EOF"
	r.Frames[0] = app.frame(t, "visit", "countVisit")
	text = Analyze(r)
	mustHave(t, text, "Unexpected EOF", "the message alone does not say which")
	mustLack(t, text, "Truncated request body", "does not recognise")
}
