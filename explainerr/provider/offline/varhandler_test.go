package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The app below declares its handlers as package-level variables
// (var StatsV2 = handler.Func(func(...) error {...})), which the runtime
// names "views.init.funcN", and wraps others in a closure-making function
// the compiler inlines into main ("main.main.RequiresLogin.func13").

var varHandlerFiles = map[string]string{
	"go.mod": "module example.com/tasks\n\ngo 1.22\n",
	"handler/handler.go": `package handler

import "net/http"

// Func is a handler that returns its error.
type Func func(w http.ResponseWriter, r *http.Request) error

func (f Func) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := f(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	"db/db.go": `package db

import (
	"context"
	"database/sql"
	"time"
)

var conn *sql.DB

// CountTasks counts the tasks.
func CountTasks(ctx context.Context) (int, error) {
	var n int
	err := conn.QueryRowContext(ctx, "select count(*) from task").Scan(&n)
	return n, err
}

// EmailOf looks a user's email up.
func EmailOf(name string) (string, error) {
	var email string
	err := conn.QueryRow("select email from user where name = ?", name).Scan(&email) //!query
	return email, err
}

// Purge deletes the finished tasks.
func Purge() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := conn.ExecContext(ctx, "delete from task where done")
	return err
}
`,
	"views/apiv2.go": `package views

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"example.com/tasks/db"
	"example.com/tasks/handler"
)

// StatsV2 counts the tasks.
var StatsV2 = handler.Func(func(w http.ResponseWriter, r *http.Request) error { //!stats
	ctx, cancel := context.WithTimeout(r.Context(), 20*time.Millisecond) //!timeout
	defer cancel()
	n, err := db.CountTasks(ctx)
	if err != nil {
		return fmt.Errorf("counting tasks: %w", err)
	}
	fmt.Fprintln(w, n)
	return nil
})

// EmailV2 answers a user's email.
var EmailV2 = handler.Func(func(w http.ResponseWriter, r *http.Request) error { //!email
	name := r.URL.Query().Get("name")
	email, err := db.EmailOf(name) //!emailcall
	if err != nil {
		return fmt.Errorf("looking up %q: %w", name, err)
	}
	fmt.Fprintln(w, email)
	return nil
})
`,
	"views/session.go": `package views

import (
	"fmt"
	"net/http"
)

// RequiresLogin sends a visitor without a session to the login page.
func RequiresLogin(handler func(w http.ResponseWriter, r *http.Request)) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Cookie") == "" {
			http.Redirect(w, r, "/login/", http.StatusFound)
			return
		}
		handler(w, r) //!requires
	}
}

// ShowAllTasksFunc shows the newest task.
func ShowAllTasksFunc(w http.ResponseWriter, r *http.Request) {
	var titles []string
	fmt.Fprintln(w, titles[len(titles)-1]) //!show
}
`,
}

// varHandlerError is the report of an error a var-declared handler
// returned: its frame is the literal's first line, as the middleware
// gives it.
func varHandlerError(t *testing.T, app *snipApp, label, fn, msg, cause string) *report.Report {
	fr := app.frame(t, label, "")
	fr.Function = "example.com/tasks/views." + fn
	r := panicReport("*fmt.wrapError", msg, fr)
	r.Error.Kind = report.KindError
	r.Error.Chain = []string{cause}
	r.Status = 500
	return r
}

func TestDeadlineInTheFailingVarHandlerIsOnTheStack(t *testing.T) {
	app := writeMarkedApp(t, varHandlerFiles)
	r := varHandlerError(t, app, "stats", "init.func1", "counting tasks: context deadline exceeded", "context deadline exceeded")
	text := Analyze(r)
	_, line := app.line("timeout")
	mustHave(t, text, "Context deadline exceeded",
		"The failing code sets a deadline at `StatsV2` (`apiv2.go:"+itoa(line)+"`): `ctx, cancel := context.WithTimeout(r.Context(), 20*time.Millisecond)`, in a function on the failing stack")
	// Purge's deadline is in another package, neither on the stack nor
	// called from it.
	mustLack(t, text, "not on the failing stack", "time.Minute", "Purge")
	assertGroundedIn(t, r, text, varHandlerFiles)
}

func TestDeadlineElsewhereIsSetApart(t *testing.T) {
	app := writeMarkedApp(t, varHandlerFiles)
	r := varHandlerError(t, app, "email", "init.func2", "looking up: context deadline exceeded", "context deadline exceeded")
	text := Analyze(r)
	mustHave(t, text, "Elsewhere in the module, in code not on the failing stack, deadlines are set at `Purge`")
	mustLack(t, text, "The failing code sets a deadline")
}

func TestNoRowsPointsAtTheQueryInTheCalledFunction(t *testing.T) {
	app := writeMarkedApp(t, varHandlerFiles)
	r := varHandlerError(t, app, "email", "init.func2", `looking up "nobody": sql: no rows in result set`, "sql: no rows in result set")
	text := Analyze(r)
	_, q := app.line("query")
	_, call := app.line("emailcall")
	mustHave(t, text, "The query at `EmailOf` (`db.go:"+itoa(q)+"`): `err := conn.QueryRow(\"select email from user where name = ?\", name).Scan(&email)` matched no row",
		"the failing code called `EmailOf` at `apiv2.go:"+itoa(call)+"`: `email, err := db.EmailOf(name)`")
	mustLack(t, text, "Get(\"name\")` matched no row")
	assertGroundedIn(t, r, text, varHandlerFiles)
}

func TestVarHandlerIsNamedByItsDeclaration(t *testing.T) {
	app := writeMarkedApp(t, varHandlerFiles)
	r := varHandlerError(t, app, "stats", "init.func1", "counting tasks: context deadline exceeded", "context deadline exceeded")
	text := Analyze(r)
	mustHave(t, text, "in `init.func1` (a function literal in the declaration of `StatsV2`)")
	mustLack(t, text, "inside `init`")
}

func TestInlinedClosureKeepsItsPackage(t *testing.T) {
	app := writeMarkedApp(t, varHandlerFiles)
	show := app.frame(t, "show", "")
	show.Function = "example.com/tasks/views.ShowAllTasksFunc"
	caller := app.frame(t, "requires", "")
	caller.Function = "main.main.RequiresLogin.func13"
	r := panicReport("runtime.boundsError", "runtime error: index out of range [-1]", show, caller)
	text := Analyze(r)
	_, line := app.line("requires")
	mustHave(t, text, "Called from `views.RequiresLogin.func13` at `session.go:"+itoa(line)+"`: `handler(w, r)`")
	mustLack(t, text, "main.RequiresLogin")
	assertGroundedIn(t, r, text, varHandlerFiles)

	// Without the app's source the name is still not given to main.
	for i := range r.Frames {
		r.Frames[i].File = "/nowhere" + r.Frames[i].File
	}
	mustHave(t, Analyze(r), "Called from `RequiresLogin.func13`")
}

func TestInitFunctionNames(t *testing.T) {
	for short, want := range map[string]string{
		"init.func1":       "init.func1",
		"init.func1.2":     "init.func1.2",
		"glob..func3":      "glob..func3",
		"init.0.func1":     "init",
		"handlePost.func1": "handlePost",
	} {
		if got := enclosingFunc(short); got != want {
			t.Errorf("enclosingFunc(%q) = %q, want %q", short, got, want)
		}
	}
	if !initializerClosure("init.func2") || initializerClosure("init.0.func2") {
		t.Error("init.funcN is a variable's initializer; init.0.funcN is inside an init function")
	}
}
