package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// database/sql's ErrTxDone: a statement ran on a transaction already
// committed or rolled back. The place to fix is a function that ends the
// transaction too early: a Commit or Rollback among its top-level
// statements, not deferred, with a use of the transaction after it, or a
// Commit inside the function it hands to a helper that commits itself.

// txEnd is a transaction ended too early: where it ends and where it is
// used afterwards.
type txEnd struct {
	fn       string
	end, use sourceLine
	method   string
	// inHelper: the end is inside the function handed to a helper that
	// ends the transaction itself, called at use.
	inHelper bool
}

// txUsedAfterEnd returns the functions that end a transaction too early
// (appsource.Module.TxEndedEarlyFuncs): those the failing request
// reached, else the module's (outside tests).
func (s *appSource) txUsedAfterEnd(frames []report.Frame) []txEnd {
	if s.mod == nil {
		return nil
	}
	var out []txEnd
	for _, e := range s.mod.TxEndedEarlyFuncs(s.mod.Reach(frames)) {
		f, fn := s.viewOf(e.Func.File), funcName(e.Func.Decl)
		out = append(out, txEnd{fn: fn, end: s.lineAt(f, e.End, fn), use: s.lineAt(f, e.After, fn), method: e.Method, inHelper: e.InHelper})
	}
	return out
}

// txDone explains ErrTxDone from the one function of the module that
// ends a transaction before using it again. It reports whether it did.
func (a *analysis) txDone(msg string) bool {
	if a.txEscaped(msg) {
		return true
	}
	if !strings.Contains(msg, knownSentinels["sql.ErrTxDone"]) {
		return false
	}
	src := a.app()
	if src == nil {
		return false
	}
	ends := src.txUsedAfterEnd(a.r.AppFrames())
	if len(ends) != 1 {
		return false
	}
	e := ends[0]
	if e.inHelper {
		a.headline("A transaction ended twice: " + code(e.method) + " inside a function its helper ends itself")
		a.why("The error says " + code(shorten(msg, 160)) + ": the transaction was already committed or rolled back when it was ended again (" + code("sql.ErrTxDone") + ").")
		a.why("The function " + code(e.fn) + " hands to a transaction helper at " + code(a.fileLoc(e.use.Path, e.use.Line)) + " calls " + code(e.method) + " itself (" + a.cite(e.end) + "), and the helper ends the transaction when the function returns: its own end meets a transaction already ended.")
		a.fix("In " + code(e.fn) + ", remove the " + code(e.method) + " at " + code(a.fileLoc(e.end.Path, e.end.Line)) + ": return nil from the function to commit, or an error to roll back, and let the helper end the transaction.")
		return true
	}
	a.headline("A transaction used after " + e.method)
	a.why("The error says " + code(shorten(msg, 160)) + ": a statement ran on a transaction that was already committed or rolled back (" + code("sql.ErrTxDone") + ").")
	a.why(code(e.fn) + " calls " + code(e.method) + " at " + a.cite(e.end) + " and uses the transaction again afterwards, at " + a.cite(e.use) + ": every statement after the " + code(e.method) + " fails this way.")
	a.fix("In " + code(e.fn) + ", end the transaction only after its last statement: move the " + code(e.method) + " at " + code(a.fileLoc(e.end.Path, e.end.Line)) + " below " + code(a.fileLoc(e.use.Path, e.use.Line)) + ".")
	return true
}
