package failureclass

import (
	"github.com/explainerr/explainerr/explainerr/internal/dberror"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A database's error code says what failed more surely than its wording,
// which differs between drivers, versions and languages: the live error
// value's code (report.Error.Database), or the code a driver printed in
// the message ("(SQLSTATE 23503)"). The wording rules still give the
// names the message holds; the value's fields add those it lacks.

// classByDatabaseClass maps a database error's class to the analyzer's.
var classByDatabaseClass = map[string]Class{
	dberror.NotNull:              NotNull,
	dberror.Unique:               Unique,
	dberror.ForeignKey:           ForeignKey,
	dberror.ForeignKeyParent:     ForeignKey,
	dberror.Check:                Check,
	dberror.ValueTooLong:         ValueTooLong,
	dberror.UndefinedColumn:      NoSuchColumn,
	dberror.UndefinedTable:       NoSuchTable,
	dberror.AuthFailed:           DBSignIn,
	dberror.InvalidAuthorization: DBSignIn,
	dberror.UndefinedDatabase:    DBSignIn,
}

// classifyByCode recognises a database error no wording rule matched by
// its code: the live value's, else one a driver printed in a message.
func classifyByCode(e report.Error) (Failure, bool) {
	d := e.Database
	msg := e.Message
	if d == nil || classByDatabaseClass[d.Class] == "" {
		for _, m := range Messages(e) {
			if t, ok := dberror.FromText(m); ok && classByDatabaseClass[t.Class] != "" {
				d, msg = &t, m
				break
			}
		}
	}
	if d == nil {
		return Failure{}, false
	}
	class := classByDatabaseClass[d.Class]
	if class == "" {
		return Failure{}, false
	}
	caps := map[string]string{"engine": d.Engine, "code": d.Code}
	if d.Class == dberror.ForeignKeyParent && d.Table != "" {
		caps["parent"] = d.Table
	}
	addDatabaseCaptures(caps, d)
	if class == NoSuchColumn && caps["column"] == "" || class == NoSuchTable && caps["table"] == "" {
		return Failure{}, false // the explanation needs the name
	}
	return Failure{Class: class, Message: msg, Captures: caps}, true
}

// addDatabaseCaptures adds to caps the names a database error value gives
// that the message's wording did not: its constraint, table and column.
func addDatabaseCaptures(caps map[string]string, d *report.Database) {
	if d == nil {
		return
	}
	set := func(k, v string) {
		if v != "" && caps[k] == "" {
			caps[k] = v
		}
	}
	set("engine", d.Engine)
	set("code", d.Code)
	set("constraint", d.Constraint)
	if caps["parent"] == "" || caps["parent"] != d.Table {
		set("table", d.Table)
	}
	set("column", d.Column)
	set("detail", d.Detail)
}
