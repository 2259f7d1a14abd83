package offline

import "github.com/explainerr/explainerr/explainerr/internal/appsource"

// discardOnPath adds, for a statement that referred to a row that does not
// exist, the first function on the error's path (the frames' functions
// and the implementations they call through interfaces) that drops an
// error while keeping the call's value: that value, zero when the call
// failed, may be what the statement was given. It reports whether it
// found one.
func (a *analysis) discardOnPath() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	for _, fr := range a.stackFrames() { // the logged stack's too: a helper may have written the status
		for _, ref := range src.mod.PathFuncs(fr.File, fr.Line) {
			for _, d := range src.mod.Discards(ref) {
				if d.Call == "" {
					continue
				}
				at := a.cite(originLine(ref, d.Line))
				v := d.LHS[0]
				a.why(code(appsource.FuncName(ref.Decl)) + " drops the error of " + code(d.Call) + " at " + at + ": when that call fails (nothing found, say), " + code(v) + " keeps its zero value, and a statement given it (an id of 0) refers to a row that does not exist.")
				a.fix("Check the error of " + code(d.Call) + " at " + code(a.fileLoc(ref.File.Path, d.Line)) + " instead of discarding it with " + code("_") + ": when nothing is found, answer 404 (or 400) before writing.")
				return true
			}
		}
	}
	return false
}
