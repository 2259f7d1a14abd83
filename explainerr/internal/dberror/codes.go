package dberror

import (
	_ "embed"
	"strings"
	"sync"
)

// Classes of database errors, as codes.tsv names them.
const (
	NotNull          = "not-null"
	Unique           = "unique"
	ForeignKey       = "foreign-key"
	ForeignKeyParent = "foreign-key-parent"
	Check            = "check"
	ValueTooLong     = "value-too-long"
	UndefinedColumn  = "undefined-column"
	UndefinedTable   = "undefined-table"
	Syntax           = "syntax"
	// The sign-in classes: a password or user refused, no right to
	// connect, a database that is not there.
	AuthFailed           = "auth-failed"
	InvalidAuthorization = "invalid-authorization"
	UndefinedDatabase    = "undefined-database"
)

// Engines.
const (
	PostgreSQL = "PostgreSQL"
	MySQL      = "MySQL"
	SQLite     = "SQLite"
)

//go:embed codes.tsv
var codesTSV string

// codeTable maps an engine and a code to a class; read on first use.
var codeTable = sync.OnceValue(func() map[[2]string]string {
	out := map[[2]string]string{}
	for _, line := range strings.Split(codesTSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			panic("dberror: codes.tsv: malformed line " + line)
		}
		out[[2]string{f[0], f[1]}] = f[2]
	}
	return out
})

// ClassOf returns the class of an engine's error code, "" when the table
// does not have it. A SQLSTATE without an engine is read as PostgreSQL's.
func ClassOf(engine, code string) string {
	if engine == "" && len(code) == 5 {
		engine = PostgreSQL
	}
	return codeTable()[[2]string{engine, code}]
}
