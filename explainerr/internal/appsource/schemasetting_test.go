package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTableInTheSchemaASettingDefaultsTo: a table PostgreSQL does not find
// in the schema it is named with brings the function whose flag gives
// that schema by default, as a setting.
func TestTableInTheSchemaASettingDefaultsTo(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/shop\n",
		"cmd/shop/main.go": `package main

import "flag"

func run() {
	var schema string
	flag.StringVar(&schema, "schema", "shop", "the tables' schema")
	serve(schema)
}

func serve(string) {}
`,
		"web/orders.go": `package web

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func orders(w http.ResponseWriter, r *http.Request) {
	_, err := db.Exec("SELECT 1 FROM shop.orders")
	http.Error(w, err.Error(), http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, `ERROR: relation "shop.orders" does not exist (SQLSTATE 42P01)`, report.Frame{Function: "example.com/shop/web.orders", File: "web/orders.go", Line: 12})
	for _, c := range Static(r) {
		if c.File == "cmd/shop/main.go" && c.Reason == report.ReasonSetting {
			return
		}
	}
	t.Errorf("the function giving the schema's default is not in the context: %v", reasonsInOrder(Static(r)))
}
