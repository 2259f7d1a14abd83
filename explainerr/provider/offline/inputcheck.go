package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A handler that checks the request's input and returns an error when the
// check fails turns the client's mistake into a 500: the error is the
// app's own, made on the failing line (fmt.Errorf without %w, or
// errors.New), in a branch whose condition tests values read from the
// request. That is a 400 the handler should answer itself.

// reMadeError matches a line that returns a new error of the app's own.
var reMadeError = `^\s*return\s+(?:nil,\s*)?(?:fmt\.Errorf|errors\.New)\(`

// rejectedInput explains an error the app returned from its own check of
// the request's input. It reports whether the failing line is one.
func (a *analysis) rejectedInput() bool {
	e := a.r.Error
	text := a.s.Text
	if e.Kind != report.KindError || a.s.Frame == nil || !compiled(reMadeError).MatchString(text) || strings.Contains(text, "%w") || len(e.Chain) > 0 {
		return false
	}
	branch, ok := a.enclosingBranch()
	if !ok {
		return false
	}
	cond, isIf := strings.CutPrefix(strings.TrimPrefix(strings.TrimSpace(branch.Text), "} else "), "if ")
	if !isIf {
		return false
	}
	cond = strings.TrimSpace(strings.TrimSuffix(cond, "{"))
	var input, from string
	for _, w := range wordPattern.FindAllString(cond, -1) {
		if quoted, rhs, ok := a.valueSource(w); ok && compiled(reRequestKey).MatchString(rhs) {
			input, from = w, quoted
			break
		}
	}
	if input == "" {
		return false
	}
	msg := strings.TrimSpace(a.f.Message)
	a.f.Class = ClassRejectedInput
	a.headline("The request's input rejected with a 500: "+code(shorten(msg, 80)), "The request's input rejected with a 500")
	a.why("The app made this error itself, on the failing line, in the branch " + quoteLine(a.siteLine(branch)) + ": " + code(cond) + " held " + a.forThis() + ".")
	a.why(code(input) + " comes from the request, " + from + ": the check rejected the client's input. Returned from the handler, the error is answered with 500 Internal Server Error, which says the server failed.")
	if m := compiled(`(fmt\.Errorf|errors\.New)\((.*)\)\s*$`).FindStringSubmatch(text); m != nil {
		body := m[2]
		if m[1] == "fmt.Errorf" {
			body = "fmt.Sprintf(" + body + ")"
		}
		a.fix(block("Answer the invalid input with 400 Bad Request in the check, saying what is expected:", a.answerAndReturn("if "+cond+" {", "\thttp.Error(w, "+body+", http.StatusBadRequest)")...),
			"Answer the invalid input with 400 Bad Request in the check, instead of returning an error.")
	} else {
		a.fix("Answer the invalid input with 400 Bad Request in the check, instead of returning an error.")
	}
	return true
}
