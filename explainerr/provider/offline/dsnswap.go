package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// dsnSettingsSwapped explains a connection failure by a connection
// string the module builds with two settings in each other's places; it
// reports whether it did.
func (a *analysis) dsnSettingsSwapped(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil || !appsource.IsDBConnectFailure(msg) {
		return false
	}
	swaps := src.mod.DSNSwaps()
	if len(swaps) == 0 {
		return false
	}
	sw := swaps[0]
	f, fn := src.viewOf(sw.Func.File), funcName(sw.Func.Decl)
	at := src.lineAt(f, sw.Call.Pos(), fn)
	a.g.Add(sw.Arg, sw.Want, sw.Key, fn, strings.TrimSpace(at.Text))
	a.headline("The connection string is built with two settings in each other's places")
	a.why("The database refused the connection (" + code(shorten(msg, 160)) + "). " + code(fn) + " builds its connection string at " + a.cite(at) + ", and gives the " + code(sw.Key) + " of it " + code(sw.Arg) + ", while " + code(sw.Want) + ", the argument named for it, goes elsewhere.")
	a.fix("In " + code(fn) + ", pass the arguments in the order of the format's places, so that " + code(sw.Want) + " goes where the " + code(sw.Key) + " does.")
	return true
}
