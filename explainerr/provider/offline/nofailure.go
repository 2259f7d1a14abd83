package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/stack"
)

// A crash dump pasted without its "panic: ..." line, or a goroutine dump
// with no failure in it, has no error to explain: the message the parser
// gives it says what is missing, and is no error of the program's.

// unpastedFailure explains such a dump. It reports whether the message is
// one.
func (a *analysis) unpastedFailure(msg string) bool {
	switch {
	case strings.HasPrefix(msg, stack.UnpastedPanic):
		a.headline("A panic whose message is not in the paste")
		detail := strings.TrimPrefix(strings.TrimPrefix(msg, stack.UnpastedPanic), ": ")
		a.why("The dump has no \"panic: ...\" line, so what panicked is unknown: " + detail + ".")
		a.fix("Find the panic's message in the whole output: it is the \"panic: ...\" line (and any \"[recovered]\" lines) right above the goroutine's stack. Paste it with the stack to have the failure explained.")
	case strings.HasPrefix(msg, stack.NoFailureDump):
		a.headline("A goroutine dump with no failure in it")
		a.why("The dump has no panic or fatal error: it lists goroutines as they were when it was taken. The goroutine shown was chosen because it runs more than the runtime's code, not because it failed.")
		a.fix("If the program hung, look at the goroutines blocked longest (the minutes in their headers) and at what each waits for.")
		a.fix("If it crashed, the \"panic:\" or \"fatal error:\" line and the failing goroutine are missing from the paste: paste the output from that line on.")
	default:
		return false
	}
	return true
}
