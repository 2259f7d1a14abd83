package prompt

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// goroutinesBudget bounds the section of other goroutines, in characters.
const goroutinesBudget = 2000

// writeGoroutines adds the other stacks of app code that take part in the
// failure, when there are any: the goroutines a hang left waiting in app
// code, the accesses of a data race, and the app code that recovered a
// panic and panicked again.
func writeGoroutines(b *strings.Builder, gs []report.Goroutine) {
	if len(gs) == 0 {
		return
	}
	b.WriteString("## Other stacks in the app's code\n\n```\n")
	b.WriteString(stack.GoroutinesText(gs, goroutinesBudget))
	b.WriteString("```\n\n")
}

// traceBudget is the budget left for the frames of a trace of budget
// characters (0 for the default) once reserved characters are taken.
func traceBudget(budget, reserved int) int {
	if budget <= 0 {
		budget = DefaultTraceBudget
	}
	return max(budget-reserved, 1)
}
