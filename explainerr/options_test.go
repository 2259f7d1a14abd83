package explainerr_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// chiPanic returns a chi router whose one route panics with a nil pointer
// dereference below chi's own frames.
func chiPanic() http.Handler {
	r := chi.NewRouter()
	r.Get("/things/{id}", func(w http.ResponseWriter, r *http.Request) {
		explodingLookup(map[string]*int{}, "missing")
	})
	return r
}

// reportWith serves a failing request through a chi router wrapped by an
// explainer made with opts, and returns the JSON report.
func reportWith(t *testing.T, opts ...explainerr.Option) report.Report {
	t.Helper()
	h := newExplainer(t, opts...).Middleware(chiPanic())
	return decodeReport(t, get(h, "GET", "/things/1", "application/json"))
}

// promptTrace returns the trace section of a prompt's user message.
func promptTrace(t *testing.T, p report.Prompt) string {
	t.Helper()
	trace := reporttest.Between(p.User, "marks the app's own code)\n\n```\n", "```\n")
	if trace == "" {
		t.Fatalf("the prompt has no trace section:\n%s", p.User)
	}
	return trace
}

func TestWithTraceBudgetBoundsThePromptsTrace(t *testing.T) {
	full := promptTrace(t, reportWith(t).Prompt)
	if !strings.Contains(full, "github.com/go-chi/chi/v5.(*Mux).routeHTTP") || strings.Contains(full, "omitted") {
		t.Fatalf("with the default budget, the trace lacks chi's frames or omits some:\n%s", full)
	}
	short := promptTrace(t, reportWith(t, explainerr.WithTraceBudget(200)).Prompt)
	if strings.Contains(short, "chi/v5") || !strings.Contains(short, "frames omitted") {
		t.Errorf("with a budget of 200, the library frames are not left out:\n%s", short)
	}
	if !strings.Contains(short, "explainerr_test.explodingLookup  [app]") {
		t.Errorf("with a budget of 200, the innermost app frame is lost:\n%s", short)
	}
	if len(short) >= len(full) {
		t.Errorf("the trace has %d characters within a budget of 200, %d within the default", len(short), len(full))
	}
}

func TestWithPromptBudgetCutsTheAppSource(t *testing.T) {
	full := reportWith(t)
	size := len(full.Prompt.System) + len(full.Prompt.User)
	if len(full.Context) == 0 || !strings.Contains(full.Prompt.User, "## App source") {
		t.Fatalf("with the default budget, the prompt has no app source:\n%s", full.Prompt.User)
	}

	// The trace quotes the line that called reportWith, which differs
	// between calls by some characters: the budget leaves room for them.
	budget := size + 200
	roomy := reportWith(t, explainerr.WithPromptBudget(budget))
	if appSource(roomy.Prompt) != appSource(full.Prompt) || len(roomy.Context) != len(full.Context) {
		t.Errorf("a budget of %d characters, above the prompt's %d, cut the app source:\n%s", budget, size, roomy.Prompt.User)
	}
	if got := len(roomy.Prompt.System) + len(roomy.Prompt.User); got > budget {
		t.Errorf("the prompt has %d characters, over its budget of %d", got, budget)
	}

	tight := reportWith(t, explainerr.WithPromptBudget(100))
	if len(tight.Context) != 0 || strings.Contains(tight.Prompt.User, "## App source") {
		t.Errorf("a budget of 100 characters kept %d chunks of app source:\n%s", len(tight.Context), tight.Prompt.User)
	}
	if got := promptTrace(t, tight.Prompt); !strings.Contains(got, "github.com/go-chi/chi/v5.(*Mux).routeHTTP") {
		t.Errorf("the prompt budget cut the trace, which has its own budget:\n%s", got)
	}
}

// appSource returns the app source section of a prompt's user message.
func appSource(p report.Prompt) string {
	_, src, _ := strings.Cut(p.User, "## App source")
	return src
}

func TestWithLanguageAsksTheModelForThatLanguage(t *testing.T) {
	fake := fakeopenai.New(fakeopenai.Reply("Die Map ist nil."))
	defer fake.Close()
	h := newModelExplainer(t, fake, explainerr.WithLanguage("German")).Middleware(chiPanic())
	rep := decodeReport(t, get(h, "GET", "/things/1", "application/json"))
	if rep.Explanation.Text != "Die Map ist nil." {
		t.Fatalf("explanation %+v, want the model's answer", rep.Explanation)
	}
	const line = "Answer in German, but keep identifiers, code, file names and trace lines exactly as they are, in English."
	if !strings.HasSuffix(rep.Prompt.System, "\n"+line) {
		t.Errorf("the report's system message does not end asking for German:\n%s", rep.Prompt.System)
	}
	checkSent(t, fake, rep.Prompt, false, 1)

	if english := reportWith(t); strings.Contains(english.Prompt.System, "Answer in") {
		t.Errorf("without WithLanguage, the system message asks for a language:\n%s", english.Prompt.System)
	}
}

// runtimeFrames returns the functions of rep's frames of the panic
// machinery.
func runtimeFrames(rep report.Report) []string {
	var out []string
	for _, f := range rep.Frames {
		if f.Kind == report.FrameRuntime {
			out = append(out, f.Function)
		}
	}
	return out
}

func TestWithRuntimeFramesShowsThePanicMachinery(t *testing.T) {
	if hidden := runtimeFrames(reportWith(t)); len(hidden) != 0 {
		t.Errorf("by default the report shows the runtime's frames %q", hidden)
	}
	shown := reportWith(t, explainerr.WithRuntimeFrames(true))
	if fs := runtimeFrames(shown); len(fs) == 0 || fs[0] != "runtime.gopanic" || shown.Frames[0].Function != "runtime.gopanic" {
		t.Errorf("with WithRuntimeFrames(true) the runtime's frames are %q, want runtime.gopanic innermost", fs)
	}
	if !strings.Contains(promptTrace(t, shown.Prompt), "runtime.gopanic") {
		t.Error("with WithRuntimeFrames(true) the prompt's trace lacks runtime.gopanic")
	}
	if f := shown.InnermostApp(); f == nil || !strings.HasSuffix(f.Function, ".explodingLookup") {
		t.Errorf("with the runtime's frames shown, the innermost app frame is %+v", f)
	}
}

// chiKinds returns the kinds of rep's frames in chi's package.
func chiKinds(rep report.Report) []string {
	var out []string
	for _, f := range rep.Frames {
		if strings.HasPrefix(f.Function, "github.com/go-chi/chi/v5.") {
			out = append(out, f.Kind)
		}
	}
	return out
}

func TestWithAppModulesCountsAModuleAsTheApps(t *testing.T) {
	if kinds := chiKinds(reportWith(t)); len(kinds) == 0 || strings.Join(kinds, " ") != strings.Repeat("dependency ", len(kinds)-1)+"dependency" {
		t.Fatalf("chi's frames are %q by default, want dependency frames", kinds)
	}
	rep := reportWith(t, explainerr.WithAppModules("github.com/go-chi/chi/v5"))
	kinds := chiKinds(rep)
	if len(kinds) == 0 || strings.Join(kinds, " ") != strings.Repeat("app ", len(kinds)-1)+"app" {
		t.Errorf("with WithAppModules(chi) chi's frames are %q, want app frames", kinds)
	}
	if !strings.Contains(promptTrace(t, rep.Prompt), "github.com/go-chi/chi/v5.(*Mux).routeHTTP  [app]") {
		t.Errorf("the prompt does not mark chi's frames as the app's:\n%s", rep.Prompt.User)
	}
}
