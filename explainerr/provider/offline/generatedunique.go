package offline

import (
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A unique violation on a value the app makes itself (an id or a code
// drawn from a generator) is no duplicate the client sent: the generator
// gave a value already taken. A 409 would answer the client for the
// app's fault.

// generatedValue is where a function the request reached sets the
// violated column's field from a call of its own
// (appsource.GeneratedValue).
type generatedValue struct {
	at   sourceLine
	call string
	// copied is, for a row's own id set from another value's id
	// (Id: checkin.Id), that value as written; call is then "".
	copied string
}

// generatedColumnValue returns where a function the request reached sets
// the field that stands for column (tracking_id: TrackingID) from a call
// that does not read the request (appsource.Module.GeneratedColumnValue).
func (a *analysis) generatedColumnValue(column string) (generatedValue, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return generatedValue{}, false
	}
	g, ok := src.mod.GeneratedColumnValue(a.messageReach(), column)
	if !ok {
		return generatedValue{}, false
	}
	at := src.lineAt(src.viewOf(g.Ref.File), g.At, appsource.FuncName(g.Ref.Decl))
	return generatedValue{at: at, call: g.Call, copied: g.Copied}, true
}

// explainGeneratedDuplicate says that the violated column's value was
// made by the app's own call, g (generatedColumnValue). It reports that
// it did.
func (a *analysis) explainGeneratedDuplicate(g generatedValue) bool {
	if g.copied != "" {
		a.g.Add(g.copied)
		a.why("The value is set by the app, not sent by the client: " + a.cite(g.at) + " gives the new row the id of another value, " + code(g.copied) + ", which every row made there shares: the first one took it.")
		a.fix("Leave the id out of the new row at " + code(a.fileLoc(g.at.Path, g.at.Line)) + ", so that the database gives it one; answering 409 would blame the client for it.")
		return true
	}
	a.g.Add(g.call)
	a.why("The value is made by the app, not sent by the client: " + a.cite(g.at) + " sets it from " + code(g.call) + ", which gave a value a row already has.")
	if l, ok := a.fixedSeed(g.call); ok {
		a.why(code(g.call) + " draws from a random source seeded with a constant, at " + a.cite(l) + ": it gives the same values at every start, so the rows an earlier run made already have them.")
		a.fix("Seed that source from something that changes (the time, or crypto/rand) at " + code(a.fileLoc(l.Path, l.Line)) + ", or make the values with crypto/rand; answering 409 would blame the client for it.")
		return true
	}
	a.fix("Make " + code(g.call) + " give values that are not taken (a random source seeded once per process, or a UUID), or retry with a new value when the insert meets the constraint; answering 409 would blame the client for it.")
	return true
}
