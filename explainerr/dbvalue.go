package explainerr

import (
	"github.com/explainerr/explainerr/explainerr/internal/dberror"
	"github.com/explainerr/explainerr/explainerr/report"
)

// databaseError returns what a database driver's error value in err's
// Unwrap tree says (its engine, code and the objects it names), read by
// reflection from the value's fields, the outermost such value first; nil
// when the tree holds none. The walk's Unwrap calls share the failure's
// deadline (calls).
func databaseError(err error, calls *valueCalls) *report.Database {
	var out *report.Database
	walkErrors(err, calls, func(e error, _ int) bool {
		if d, ok := dberror.FromValue(e); ok {
			out = &d
			return false
		}
		return true
	})
	return out
}
