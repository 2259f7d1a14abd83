package stack

import (
	"fmt"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// syntheticStack returns n frames with app frames at the given positions.
func syntheticStack(n int, apps ...int) []report.Frame {
	isApp := map[int]bool{}
	for _, a := range apps {
		isApp[a] = true
	}
	frames := make([]report.Frame, n)
	for i := range frames {
		if isApp[i] {
			frames[i] = report.Frame{Function: fmt.Sprintf("example.com/app/handlers.step%d", i), File: fmt.Sprintf("/src/app/handlers/step%d.go", i), Line: 10 + i, Kind: report.FrameApp}
		} else {
			frames[i] = report.Frame{Function: fmt.Sprintf("github.com/lib/orm.(*Query).level%d", i), File: fmt.Sprintf("/go/pkg/mod/github.com/lib/orm@v1.0.0/query%d.go", i), Line: 100 + i, Kind: report.FrameDependency}
		}
	}
	return frames
}

func TestFormatKeepsEveryAppFrame(t *testing.T) {
	frames := syntheticStack(200, 3, 80, 150)
	tr := Format("panic: boom", frames, promptBudget)
	if len(tr.Text) > promptBudget {
		t.Errorf("trace of %d characters exceeds the budget %d", len(tr.Text), promptBudget)
	}
	for _, i := range []int{3, 80, 150} {
		if !strings.Contains(tr.Text, fmt.Sprintf("handlers.step%d  [app]", i)) {
			t.Errorf("app frame %d missing:\n%s", i, tr.Text)
		}
	}
	if !strings.HasPrefix(tr.Text, "panic: boom\n") {
		t.Errorf("error line not first")
	}
	// Library frames nearest the failure come first.
	if !strings.Contains(tr.Text, "level0\n") || !strings.Contains(tr.Text, "level1\n") {
		t.Errorf("innermost library frames missing:\n%s", tr.Text)
	}
	if strings.Contains(tr.Text, "level199\n") {
		t.Errorf("outermost library frame kept before nearer ones")
	}
	if tr.Kept+tr.Omitted != 200 || tr.Omitted == 0 || tr.AppDropped != 0 {
		t.Errorf("kept %d omitted %d dropped %d", tr.Kept, tr.Omitted, tr.AppDropped)
	}
	// Every omitted run is one counted line, and the counts add up.
	total := 0
	for _, line := range strings.Split(tr.Text, "\n") {
		var n int
		if _, err := fmt.Sscanf(strings.TrimSpace(line), "... %d", &n); err == nil {
			total += n
		}
	}
	if total != tr.Omitted {
		t.Errorf("omitted lines count %d frames, want %d", total, tr.Omitted)
	}
}

func TestFormatNeverKeepsOnlyTheTail(t *testing.T) {
	// A tail-keeping truncation would lose the app frame at position 1.
	frames := syntheticStack(120, 1)
	tr := Format("panic: x", frames, 800)
	if !strings.Contains(tr.Text, "handlers.step1  [app]") {
		t.Fatalf("app frame lost:\n%s", tr.Text)
	}
}

func TestFormatAppFramesOverBudget(t *testing.T) {
	var apps []int
	for i := 0; i < 100; i++ {
		apps = append(apps, i)
	}
	frames := syntheticStack(100, apps...)
	tr := Format("panic: deep", frames, 1000)
	if tr.AppDropped == 0 || !strings.Contains(tr.Text, fmt.Sprintf("(%d outer app frames dropped", tr.AppDropped)) {
		t.Fatalf("drop not stated:\n%s", tr.Text)
	}
	if !strings.Contains(tr.Text, "handlers.step0  [app]") {
		t.Errorf("innermost app frame not kept")
	}
	if strings.Contains(tr.Text, "handlers.step99  [app]") {
		t.Errorf("outermost app frame kept while inner ones were dropped")
	}
	if len(tr.Text) > 1000 {
		t.Errorf("trace of %d characters", len(tr.Text))
	}
}

func TestFormatCollapsesRecursion(t *testing.T) {
	rec := report.Frame{Function: "example.com/app.walk", File: "/src/app/walk.go", Line: 12, Kind: report.FrameApp}
	frames := []report.Frame{rec}
	for i := 0; i < 89; i++ {
		frames = append(frames, rec)
	}
	frames = append(frames, report.Frame{Function: "main.main", File: "/src/app/main.go", Line: 5, Kind: report.FrameApp})
	tr := Format("runtime: goroutine stack exceeds 1000000000-byte limit", frames, promptBudget)
	if !strings.Contains(tr.Text, "(repeated 90 times)") || strings.Count(tr.Text, "example.com/app.walk") != 1 {
		t.Errorf("recursion not collapsed:\n%s", tr.Text)
	}
}

func TestFormatShowsFailingLine(t *testing.T) {
	f := report.Frame{Function: "example.com/app.add", File: "/src/app/cart.go", Line: 21, Kind: report.FrameApp,
		Source: &report.Source{StartLine: 20, Lines: []string{"func add() {", "\tm[k] = v", "}"}, Line: 21}}
	tr := Format("panic: assignment to entry in nil map", []report.Frame{f}, 0)
	if !strings.Contains(tr.Text, "> m[k] = v") {
		t.Errorf("failing line missing:\n%s", tr.Text)
	}
}

func TestClassifier(t *testing.T) {
	c := &Classifier{AppPrefixes: []string{"example.com/app"}, GOROOT: "/usr/local/go"}
	cases := []struct{ fn, file, want string }{
		{"example.com/app/store.(*DB).Get", "/src/app/store/db.go", report.FrameApp},
		{"example.com/apple.F", "/go/pkg/mod/example.com/apple/f.go", report.FrameDependency},
		{"net/http.HandlerFunc.ServeHTTP", "/usr/local/go/src/net/http/server.go", report.FrameStdlib},
		{"runtime.gopanic", "/usr/local/go/src/runtime/panic.go", report.FrameRuntime},
		{"runtime.goPanicIndex", "/usr/local/go/src/runtime/panic.go", report.FrameRuntime},
		{"runtime.mapassign_faststr", "/usr/local/go/src/runtime/map_faststr.go", report.FrameStdlib},
		{"github.com/go-chi/chi/v5.(*Mux).ServeHTTP", "/go/pkg/mod/github.com/go-chi/chi/v5@v5.5.0/mux.go", report.FrameDependency},
		{"github.com/explainerr/explainerr/explainerr.(*Explainer).Middleware.func1", "/src/explainerr/middleware.go", report.FrameRuntime},
	}
	for _, tc := range cases {
		if got := c.Kind(tc.fn, tc.file); got != tc.want {
			t.Errorf("Kind(%s) = %s, want %s", tc.fn, got, tc.want)
		}
	}
	inlined := "example.com/app.TestX.(*Explainer).Middleware.func1"
	if got := c.Kind(inlined, selfDir+"middleware.go"); got != report.FrameRuntime {
		t.Errorf("an inlined middleware closure is %s, want it hidden", got)
	}
	m := NewClassifier("main")
	if got := m.Kind("main.handler", "/src/x/main.go"); got != report.FrameApp {
		t.Errorf("main package: %s", got)
	}
}

func TestPackageOf(t *testing.T) {
	for fn, want := range map[string]string{
		"example.com/app/store.(*DB).Get.func1": "example.com/app/store",
		"main.main":                             "main",
		"net/http.(*conn).serve":                "net/http",
		"gopkg.in/yaml%2ev3.Unmarshal":          "gopkg.in/yaml.v3",
	} {
		if got := PackageOf(fn); got != want {
			t.Errorf("PackageOf(%s) = %s, want %s", fn, got, want)
		}
	}
}

// promptBudget is the trace budget the prompt gives by default
// (prompt.DefaultTraceBudget, which this package cannot import).
const promptBudget = 3000
