package offline

import (
	"regexp"
	"strconv"
)

// gorm makes the condition of a Delete or an Update from the primary key
// of the value it is given. A value whose key is zero (never loaded, or
// loaded by a lookup that found nothing and went on) leaves the
// statement with no condition at all, and gorm refuses it ("WHERE
// conditions required", gorm.ErrMissingWhereClause) rather than change
// every row of the table.

// ormWriteCallRe finds a gorm Delete or Update and the value it is given.
var ormWriteCallRe = regexp.MustCompile(`\.(Delete|Updates?|UpdateColumns?|Save)\(\s*&?([\w.]+)`)

// loggedNotFoundRe finds, in a log line, the Go location a lookup that
// found nothing was logged at.
var loggedNotFoundRe = regexp.MustCompile(`([\w./-]+\.go):(\d+)\b.*\brecord not found\b`)

// missingWhere explains gorm's refusal of a Delete or an Update without a
// condition.
func (a *analysis) missingWhere() {
	for i := len(a.r.Logs) - 1; i >= 0; i-- {
		if t := a.r.Logs[i].Text; loggedNotFoundRe.MatchString(t) {
			// The lookup that found nothing reads no error: that
			// explanation is the more precise one.
			if a.explainUncheckedLookup(t) {
				return
			}
			break
		}
	}
	a.headline("gorm refused a statement without a condition: the value it was given has no primary key")
	a.why("gorm makes the condition of a " + code("Delete") + " or an " + code("Update") + " from the primary key of the value it is given; this value's key is zero, so the statement had no condition, and gorm refused it (" + code("gorm.ErrMissingWhereClause") + ") rather than change every row of the table.")
	a.g.Add("Delete", "Update", "gorm.ErrMissingWhereClause")
	value := ""
	if w, ok := a.s.LineMatching(ormWriteCallRe); ok {
		l := a.siteLine(w)
		if m := ormWriteCallRe.FindStringSubmatch(l.Text); m != nil {
			value = m[2]
			a.culprit = value
			a.why("The statement is at " + quoteLine(l) + ": " + code(value) + " has no primary key there.")
		}
	}
	if l, ok := a.loggedNotFound(); ok {
		a.why("Earlier, the request logged that a lookup found nothing, at " + a.cite(l) + ": the value most likely was to come from that lookup, and its error did not stop the request before the statement.")
		a.fix("Stop at that lookup's error (at " + code(a.fileLoc(l.Path, l.Line)) + ", or where its caller gets it): return it, or a nil value the caller tests, instead of going on with an empty one, so the request is answered as a missing record and nothing is deleted or updated.")
		return
	}
	if value != "" {
		a.fix("Give the statement a " + code(value) + " whose primary key is set (load it first, and stop when the lookup fails), or a condition of its own (gorm's Where).")
		return
	}
	a.fix("Give the statement a value whose primary key is set (load it first, and stop when the lookup fails), or a condition of its own (gorm's Where).")
}

// loggedNotFound returns the module's line that the request's log says a
// lookup found nothing at ("…/store/article.go:45 record not found"), the
// last before the failure.
func (a *analysis) loggedNotFound() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	for i := len(a.r.Logs) - 1; i >= 0; i-- {
		m := loggedNotFoundRe.FindStringSubmatch(a.r.Logs[i].Text)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		if l, ok := src.loggedAt(m[1], n); ok {
			if _, fd := src.funcAt(l.Path, n); fd != nil {
				l.Func = funcName(fd)
				return l, true
			}
		}
	}
	return sourceLine{}, false
}
