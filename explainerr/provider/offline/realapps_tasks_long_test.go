//go:build long

package offline_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// tasksTargets are the failing requests served by the tasks app: a REST
// task server with handlers in main, a store in internal/taskstore, its own
// middleware (request id, access log, recoverer) and a dial service split
// into sqlite and http packages with a central Error helper.
var tasksTargets = []string{
	"GET /task/3/",                          // 0: GetTask returns nil, nil; the handler reads task.Due
	"DELETE /task/7/",                       // 1: logs the error, answers "internal error"
	"POST /dials?name=deploy",               // 2: no such table, reported through Error(w, r, err)
	"GET /newdial?name=",                    // 3: dial.Name[:1] of an empty name
	"GET /task/1/ | User-Agent: probe",      // 4: the access logger parses the User-Agent
	"GET /flash | Cookie: flash=Dial saved", // 5: a cookie parsed as level|message
	"GET /whoami/",                          // 6: ctx.Value("request-id") under the wrong key
	"GET /dials/42",                         // 7: findDialByID returns nil, nil two calls up
	"GET /safe/task/3/",                     // 8: the same nil task under the app's recoverer
	"GET /due/?text=none",                   // 9: a nil *Task whose Due field is a time.Time
	"GET /priority/7/",                      // 10: an index taken from the route
	"GET /admin/",                           // 11: ctx.Value("acl.admin"), a key nothing stores
	"GET /view/9/",                          // 12: a nil task stored by a middleware that discarded the error
	"GET /title/3/",                         // 13: a nil task, its error discarded, passed to a helper
}

var (
	tasksOnce    sync.Once
	tasksReports []*report.Report
)

// tasksApp returns the reports of tasksTargets, built and run once.
func tasksApp(t *testing.T) []*report.Report {
	t.Helper()
	tasksOnce.Do(func() { tasksReports = realAppReports(t, "tasks", tasksTargets...) })
	if tasksReports == nil {
		t.Fatal("the tasks app gave no reports")
	}
	return tasksReports
}

func TestExplainLoggedErrorBehindGenericBody(t *testing.T) {
	rep := tasksApp(t)[1]
	text := rep.Explanation.Text
	mustContain(t, "delete", text, "`deleting task 7: task 7 not found`", "from the request's log", "A missing record answered as a server error")
	mustNotContain(t, "delete", text, "cannot say more than")
}

func TestExplainLoggedSQLErrorThroughErrorHelper(t *testing.T) {
	rep := tasksApp(t)[2]
	text := rep.Explanation.Text
	if strings.Contains(text, "cannot say more than") {
		t.Errorf("the logged error was ignored:\n%s", text)
	}
	mustContain(t, "create", text, "SQL error: no such table `dial`", "from the request's log",
		"`[http] error: POST /dials: insert dial: no such table: dial`")
}

func TestExplainStatusFromErrorHelperBlamesCaller(t *testing.T) {
	rep := tasksApp(t)[2]
	text := rep.Explanation.Text
	mustContain(t, "create", text,
		"the app reported the failure at `http.go:43` in `(*DialHandler).HandleDialCreate`:\n`Error(w, r, err)`",
		"inside the app's error helper `Error` at `http.go:24`")
	mustNotContain(t, "create", text, "Read `Error`", "wrote the error status at `http.go:24`")
}

func TestExplainNilCandidatesSkipValueTypes(t *testing.T) {
	text := tasksApp(t)[9].Explanation.Text
	mustContain(t, "due", text, "`task`")
	mustNotContain(t, "due", text, "`task.Due`")
}

func TestExplainSliceBoundsShapePicksExpression(t *testing.T) {
	text := tasksApp(t)[3].Explanation.Text
	mustContain(t, "newdial", text, "Slice bounds out of range: `dial.Name[:1]`", "`dial.Name` has length 0")
	mustNotContain(t, "newdial", text, "one of", "`dial.Name[1:]`", "does not say which")
}

func TestExplainIndexAdviceFollowsInputSource(t *testing.T) {
	rs := tasksApp(t)
	for _, i := range []int{4, 5} {
		text := rs[i].Explanation.Text
		mustContain(t, tasksTargets[i], text, "handle the malformed value", "request header or cookie")
		mustNotContain(t, tasksTargets[i], text, "StatusNotFound", "404", "Not Found")
	}
}

func TestExplainIndexFromRouteSuggestsNotFound(t *testing.T) {
	text := tasksApp(t)[10].Explanation.Text
	mustContain(t, "priority", text, "http.StatusNotFound", "The index comes from the request")
}

func TestExplainMissingContextValue(t *testing.T) {
	text := tasksApp(t)[6].Explanation.Text
	mustContain(t, "whoami", text, "A value missing from the request context",
		"is not the key the setter used", "`ctx := context.WithValue(req.Context(), RequestIDKey, \"req-1\")`",
		"under `RequestIDKey`", "reqID, ok := req.Context().Value(\"request-id\").(string)")
	mustNotContain(t, "whoami", text, "the type stored there must be")
}

// TestExplainContextValueNobodyStores: a key that no setter uses, named
// unlike the keys the app does store, is not said to be one of them.
func TestExplainContextValueNobodyStores(t *testing.T) {
	text := tasksApp(t)[11].Explanation.Text
	mustContain(t, "admin", text, "A value missing from the request context",
		"No code of the app stores a value under `\"acl.admin\"`", "use other keys (`RequestIDKey` at",
		"Store the value under `\"acl.admin\"` in a middleware", "isAdmin, ok := req.Context().Value(\"acl.admin\").(bool)")
	mustNotContain(t, "admin", text, "the setter's key", "is not the key the setter used")
}

// TestExplainNilFromContextFollowedToSetter: a nil pointer read from the
// context is followed to the middleware that stored it and the discarded
// error there; a package variable set to a value and never assigned again
// is not a suspect.
func TestExplainNilFromContextFollowedToSetter(t *testing.T) {
	text := tasksApp(t)[12].Explanation.Text
	mustContain(t, "view", text, "Nil pointer dereference: `task` is nil",
		"is a `*taskstore.Task` that is `nil`",
		"It is stored by `(*taskServer).taskCtx` (`taskctx.go:29`)",
		"`task, _ = ts.store.GetTask(id)`", "which discards the error",
		"check the error of `ts.store.GetTask(id)`")
	mustNotContain(t, "view", text, "`viewCounts`", "one of")
}

// TestExplainNilParameterWhoseErrorWasDiscarded: a nil passed on by a
// caller that discarded the error is fixed in the caller, not by changing
// the store other callers rely on; a value made with new above the line
// is no suspect.
func TestExplainNilParameterWhoseErrorWasDiscarded(t *testing.T) {
	text := tasksApp(t)[13].Explanation.Text
	mustContain(t, "title", text, "Nil pointer dereference: `task` is nil", "which discards the error",
		"In `(*taskServer).taskTitleHandler`, check the error of `ts.store.GetTask(id)` and a `nil` `task`")
	mustNotContain(t, "title", text, "error check passes", "stops at its error check", "`b`", "one of")
}

func TestExplainNilParameterFollowedToStore(t *testing.T) {
	text := tasksApp(t)[7].Explanation.Text
	mustContain(t, "dials", text, "Nil pointer dereference: `dial` is nil",
		"its caller `(*DialService).FindDialByID` passes `dial` at `dial.go:37`",
		"`dial` comes from `dial.go:34`: `dial, err := findDialByID(ctx, tx, id)`",
		"`findDialByID` returns `nil` with a `nil` error at `findDialByID` (`dial.go:51`): `return nil, nil`",
		"Make `findDialByID` return an error")
}

func TestExplainRecoveredPanicSite(t *testing.T) {
	rep := tasksApp(t)[8]
	// The compiler may inline PanicRecovery into main, naming its closure
	// main.main.PanicRecovery.func2.1; its file tells its own package.
	if !strings.Contains(rep.Error.Recoverer, "internal/middleware.PanicRecovery") {
		t.Fatalf("the app's recoverer was not named: %+v", rep.Error)
	}
	text := rep.Explanation.Text
	if !strings.HasPrefix(text, "### A panic at `handlers.go:27`") {
		t.Errorf("no headline naming the panic site:\n%s", text)
	}
	mustContain(t, "safe", text, "its value is unknown", "the recoverer took it",
		"a nil pointer dereference, if `task` is `nil`", "`return nil, nil`")
	mustNotContain(t, "safe", text, "does not recognise this error", "`task.Due`")
}
