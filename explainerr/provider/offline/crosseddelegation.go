package offline

import "github.com/explainerr/explainerr/explainerr/internal/appsource"

// explainCrossedDelegation explains an error made by another method than
// the request asked for: a decorator on its path (appsource's
// CrossedDelegations) calls the wrapped value's Store where its own
// method is Update, and the error names Store. It reports whether it
// did.
func (a *analysis) explainCrossedDelegation() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	cs := src.mod.CrossedDelegations(a.r, a.reached())
	if len(cs) == 0 {
		return false
	}
	c := cs[0]
	fn := appsource.FuncName(c.Method.Decl)
	own := c.Method.Decl.Name.Name
	recv := c.Method.Decl.Recv.List[0].Names[0].Name
	called, meant := recv+"."+c.Field+"."+c.Called, recv+"."+c.Field+"."+own
	at := src.lineIn(c.Method.File, c.Line, fn)
	a.g.Add(fn, c.Field, c.Called, own, called, meant)
	a.culprit = fn
	a.headline("The wrapper " + code(fn) + " calls " + code(c.Called) + " where it should call " + code(own))
	a.why("The error names " + code(c.Called) + ", and on the request's path " + code(fn) + " wraps the value in its field " + code(c.Field) + ", of an interface that declares both, and calls " + code(called) + " at " + a.cite(at) + ", never " + code(meant) + ": the request that asked for " + code(own) + " ran " + code(c.Called) + "'s statement, and its error is that statement's.")
	a.fix("Call " + code(meant) + " in " + code(fn) + " at " + code(a.fileLoc(c.Method.File.Path, c.Line)) + ", with the arguments " + code(own) + " takes.")
	a.fixedAtOrigin = true
	return true
}
