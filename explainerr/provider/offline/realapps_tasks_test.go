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
	mustContain(t, "delete", text, "`deleting task 7: task with id=7 not found`", "from the request's log", "A missing record answered as a server error")
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

func TestDumpTasksExplanations(t *testing.T) {
	for i, r := range tasksApp(t) {
		t.Logf("=== %s\nkind=%s type=%s msg=%q recoverer=%q\n%s", tasksTargets[i], r.Error.Kind, r.Error.Type, r.Error.Message, r.Error.Recoverer, r.Explanation.Text)
	}
}
