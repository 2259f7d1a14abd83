package offline

import "testing"

// TestTableInTheSchemaASettingDefaultsTo: PostgreSQL finds no table in
// the schema a setting of the app defaults to ("shop.orders", with the
// flag's default "shop"): the default is cited and changing it (or
// migrating into that schema) advised, not a look at the DSN.
func TestTableInTheSchemaASettingDefaultsTo(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.22\n",
		"main.go": `package main

import (
	"database/sql"
	"flag"
	"net/http"
)

var db *sql.DB

var schema string

func init() {
	flag.StringVar(&schema, "schema", "shop", "the schema of the tables") //!flag
}

func orders(w http.ResponseWriter, r *http.Request) {
	var n int
	if err := db.QueryRow("SELECT count(*) FROM " + schema + ".orders").Scan(&n); err != nil { //!query
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	_, flagLine := app.line("flag")
	text := Analyze(statusReport(`ERROR: relation "shop.orders" does not exist (SQLSTATE 42P01)`+"\n", app.frame(t, "query", "main.orders")))
	mustHave(t, text, "looked for in the schema `shop`", "`main.go:"+itoa(flagLine)+"`", "change its default at `main.go:"+itoa(flagLine)+"`")
	mustLack(t, text, "check its DSN")
}
