package offline

import (
	"bufio"
	"os"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A panic recovered on the goroutine that ran the handler and raised again
// on another (net/http's TimeoutHandler, echo's Timeout middleware, which
// runs it) keeps its value but not its stack: the trace starts at the
// library's panic(p), and no frame shows the code that failed. Analysed
// as usual, the trace's innermost app frame (a logging middleware) would
// be blamed for a nil pointer it never touched.

// rePanicAgain matches a line that raises a variable's value again.
var rePanicAgain = regexp.MustCompile(`^\s*panic\(\s*[A-Za-z_]\w*\s*\)\s*(?://.*)?$`)

// raisedAgainAt returns the frame that raised the report's panic again: the
// innermost frame of a panic appsource.RaisedOutsideApp, whose line is
// panic of a variable.
func raisedAgainAt(r *report.Report) (report.Frame, bool) {
	if !appsource.RaisedOutsideApp(r) {
		return report.Frame{}, false
	}
	f := r.Frames[0]
	text, ok := lineOfFile(f.File, f.Line)
	if !ok || !rePanicAgain.MatchString(text) {
		return report.Frame{}, false
	}
	return f, true
}

// lineOfFile reads line n of a file on this machine (a library's, in the
// module cache or GOROOT).
func lineOfFile(path string, n int) (string, bool) {
	file, err := os.Open(path)
	if err != nil || n < 1 {
		return "", false
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return sc.Text(), true
		}
	}
	return "", false
}

// explainRaisedAgain explains a panic raisedAgainAt finds: where it was
// raised again, the handler the module registers for the request's route
// (where the failure is, or in what it calls), the calls in that handler
// that drop an error while keeping a value, and how to see the failing
// line. It reports whether it wrote anything.
func (a *analysis) explainRaisedAgain() bool {
	f, ok := raisedAgainAt(a.r)
	if !ok {
		return false
	}
	msg := a.r.Error.Message
	raiser := code(qualifiedShort(f.Function))
	a.headline(code(shorten(msg, 80))+" raised again by "+raiser+": the failing code's stack is lost", "A panic raised again on another goroutine")
	a.d.Where = append(a.d.Where, draft.Item{"The panic was raised again at " + code(a.fileLoc(f.File, f.Line)) + " in " + raiser + ", which had recovered it on the goroutine that ran the handler: the trace starts there and holds no frame of the code that failed."})
	a.why("The runtime raised " + code(shorten(msg, 120)) + " in code the trace does not show: the handler of this request or what it calls.")
	handler, ref := a.routeHandlerRef()
	if handler != "" && strings.Contains(msg, "nil pointer dereference") {
		a.unsetReceiverField(handler, ref)
	}
	if handler != "" {
		for _, d := range a.droppedBeforeUse(ref) {
			a.g.Add(d.Text)
			a.why("In " + code(handler) + ", " + code(a.fileLoc(d.Path, d.Line)) + ": " + code(d.Text) + " drops the call's error and keeps its value, which is the zero value (" + code("nil") + " for a pointer) when the call fails.")
			a.fix("Check the error " + code(handler) + " drops at " + code(a.fileLoc(d.Path, d.Line)) + " and return it instead of using the value.")
		}
		a.fix("Read " + code(handler) + " and what it calls for the value behind " + code(shorten(msg, 80)) + ".")
	}
	a.fix("To see the failing line, send the request again without the timeout middleware (or with explainerr's middleware inside it): the trace then holds the handler's own frames.")
	return true
}

// routeHandlerRef names the handler the module registers for the request's
// route, in the location section, and returns its name and function; ""
// when there is none to name.
func (a *analysis) routeHandlerRef() (string, appsource.FuncRef) {
	ref, ok := a.routeHandler()
	if !ok {
		return "", appsource.FuncRef{}
	}
	a.d.Where = append(a.d.Where, draft.Item{"The module registers " + a.namedDecl(ref) + " for " + code(strings.TrimSpace(a.r.Request.Method+" "+a.r.Request.Route)) + ": the failure is in it or in what it calls."})
	return appsource.FuncName(ref.Decl), ref
}

// droppedBeforeUse returns the calls of ref's function that drop an error
// (appsource.Module.Discards, the dropped value known to be an error)
// whose kept value is used after them through a selector or an index.
func (a *analysis) droppedBeforeUse(ref appsource.FuncRef) []sourceLine {
	src := a.app()
	var out []sourceLine
	for _, d := range src.mod.Discards(ref) {
		if !src.discardsAnError(d.Call) {
			continue
		}
		for _, name := range d.LHS {
			if usedAfter(ref.File, d.Line, src.mod.Fset.Position(ref.Decl.End()).Line, name) {
				out = append(out, src.lineIn(ref.File, d.Line, appsource.FuncName(ref.Decl)))
				break
			}
		}
	}
	return out
}

// usedAfter reports whether a line of f after from, up to to, goes
// through name ("name.Field", "name[i]").
func usedAfter(f *appsource.File, from, to int, name string) bool {
	use := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*[.\[]`)
	lines := f.Lines()
	for i := from + 1; i <= to && i <= len(lines); i++ {
		if use.MatchString(lines[i-1]) {
			return true
		}
	}
	return false
}

// unsetReceiverField adds what the module shows of a field of the
// handler's receiver that is nil for every request (UnsetFields): the
// handler goes through it, the constructor leaves it out, nothing sets
// it; and the fix, in the constructor.
func (a *analysis) unsetReceiverField(handler string, ref appsource.FuncRef) {
	src := a.app()
	for _, u := range src.mod.UnsetFields(ref) {
		use := src.lineIn(ref.File, u.Use, handler)
		ctor := appsource.FuncName(u.Ctor.Func.Decl)
		built := src.lineIn(u.Ctor.Func.File, u.Ctor.Line, ctor)
		typ := appsource.TypeName(ref.Decl.Recv.List[0].Type)
		a.g.Add(u.Field, ctor, typ, use.Text, built.Text, baseName(use.Path), baseName(built.Path))
		a.why(code(handler) + " goes through " + code(u.Field) + " of its receiver at " + code(a.fileLoc(use.Path, use.Line)) + ": " + code(use.Text) + ". " + code(ctor) + " builds the " + code(typ) + " without it (" + code(a.fileLoc(built.Path, built.Line)) + ": " + code(built.Text) + "), and no statement of the module sets it: it is " + code("nil") + " for every request, the likely value behind this panic.")
		a.fix("Set " + code(u.Field) + " in the literal " + code(ctor) + " builds (" + code(a.fileLoc(built.Path, built.Line)) + ")" + a.paramFor(u) + ".")
		return
	}
}

// paramFor names the parameter of the constructor whose type is the
// field's, the value it was meant to take: ", from its parameter
// `store`"; "" when none is.
func (a *analysis) paramFor(u appsource.UnsetField) string {
	fd := u.Ctor.Func.Decl
	for _, p := range fd.Type.Params.List {
		if u.Type != "" && astutil.ExprString(p.Type) == u.Type && len(p.Names) == 1 {
			a.g.Add(p.Names[0].Name)
			return ", from its parameter " + code(p.Names[0].Name)
		}
	}
	return ""
}
