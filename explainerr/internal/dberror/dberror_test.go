package dberror

import (
	"errors"
	"fmt"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The error types below have the fields of the drivers' own: pgx's
// pgconn.PgError, lib/pq's Error, the MySQL driver's MySQLError and
// mattn/go-sqlite3's Error.
type pgError struct {
	Severity       string
	Code           string
	Message        string
	Detail         string
	TableName      string
	ColumnName     string
	ConstraintName string
}

func (e *pgError) Error() string { return "ERROR: " + e.Message + " (SQLSTATE " + e.Code + ")" }

type pqErrorCode string

type pqError struct {
	Code       pqErrorCode
	Message    string
	Detail     string
	Table      string
	Column     string
	Constraint string
}

func (e *pqError) Error() string { return "pq: " + e.Message }

type mysqlError struct {
	Number   uint16
	SQLState [5]byte
	Message  string
}

func (e *mysqlError) Error() string { return fmt.Sprintf("Error %d: %s", e.Number, e.Message) }

type sqliteErrNo int
type sqliteErrNoExtended int

type sqliteError struct {
	Code         sqliteErrNo
	ExtendedCode sqliteErrNoExtended
	SystemErrno  uintptr
	err          string
}

func (e sqliteError) Error() string { return e.err }

// blocking has an Error method that never returns: FromValue must not
// call it.
type blocking struct{ Code string }

func (blocking) Error() string { select {} }

func TestFromValue(t *testing.T) {
	cases := []struct {
		name string
		err  any
		want report.Database
	}{
		{"pgx", &pgError{Code: "23503", Message: `insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey"`, Detail: `Key (user_id)=(42) is not present in table "users".`, TableName: "orders", ConstraintName: "orders_user_id_fkey"},
			report.Database{Engine: PostgreSQL, Code: "23503", Class: ForeignKey, Table: "orders", Constraint: "orders_user_id_fkey", Detail: `Key (user_id)=(42) is not present in table "users".`}},
		{"lib/pq", &pqError{Code: "23502", Message: `null value in column "email" violates not-null constraint`, Table: "users", Column: "email"},
			report.Database{Engine: PostgreSQL, Code: "23502", Class: NotNull, Table: "users", Column: "email"}},
		{"mysql", &mysqlError{Number: 1452, SQLState: [5]byte{'2', '3', '0', '0', '0'}, Message: "Cannot add or update a child row"},
			report.Database{Engine: MySQL, Code: "1452", Class: ForeignKey}},
		{"sqlite", sqliteError{Code: 19, ExtendedCode: 1299, err: "NOT NULL constraint failed: users.email"},
			report.Database{Engine: SQLite, Code: "1299", Class: NotNull}},
		{"a code no table has", &pgError{Code: "XX000"}, report.Database{Engine: PostgreSQL, Code: "XX000"}},
		{"no method is called", blocking{Code: "23505"}, report.Database{Engine: PostgreSQL, Code: "23505", Class: Unique}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := FromValue(c.err)
			if !ok || got != c.want {
				t.Errorf("got %+v, %v\nwant %+v", got, ok, c.want)
			}
		})
	}
	var nilPG *pgError
	for _, v := range []any{nil, nilPG, errors.New("plain"), 42, &pgError{}, struct{ Code int }{7}} {
		if d, ok := FromValue(v); ok {
			t.Errorf("%#v read as %+v", v, d)
		}
	}
}

func TestFromText(t *testing.T) {
	for _, c := range []struct {
		msg  string
		want report.Database
		ok   bool
	}{
		{`ERROR: insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey" (SQLSTATE 23503)`, report.Database{Engine: PostgreSQL, Code: "23503", Class: ForeignKey}, true},
		{"Error 1048 (23000): Column 'email' cannot be null", report.Database{Engine: MySQL, Code: "1048", Class: NotNull}, true},
		{"Error 3819: Check constraint 'price_positive' is violated.", report.Database{Engine: MySQL, Code: "3819", Class: Check}, true},
		{`pq: null value in column "email" violates not-null constraint`, report.Database{}, false},
		{"Error 12: no such thing", report.Database{}, false},
	} {
		got, ok := FromText(c.msg)
		if ok != c.ok || got != c.want {
			t.Errorf("%q: got %+v, %v; want %+v, %v", c.msg, got, ok, c.want, c.ok)
		}
	}
}

// TestCodeTableIsWellFormed reads the whole table: every line has an
// engine the package knows, a code and a class.
func TestCodeTableIsWellFormed(t *testing.T) {
	table := codeTable()
	if len(table) < 40 {
		t.Fatalf("%d codes", len(table))
	}
	for k, class := range table {
		switch k[0] {
		case PostgreSQL, MySQL, SQLite:
		default:
			t.Errorf("unknown engine %q", k[0])
		}
		if k[1] == "" || class == "" {
			t.Errorf("empty code or class: %q %q", k, class)
		}
	}
}
