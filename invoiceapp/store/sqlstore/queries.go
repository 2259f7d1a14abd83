package sqlstore

import (
	"embed"
	"fmt"
)

// queryFS holds the longer queries, one per file.
//
//go:embed queries/*.sql
var queryFS embed.FS

// query returns the text of queries/name.sql; a missing file is a bug.
func query(name string) string {
	body, err := queryFS.ReadFile("queries/" + name + ".sql")
	if err != nil {
		panic(fmt.Sprintf("sqlstore: no query %s: %v", name, err))
	}
	return string(body)
}
