package offline

import (
	"strings"
	"testing"
)

// dbClosedFiles is an app whose delete function closes the shared
// database when it returns.
var dbClosedFiles = map[string]string{
	"go.mod": "module example.com/shop\n\ngo 1.22\n",
	"main.go": `package main

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func main() {
	db, _ = sql.Open("sqlite3", "shop.db")
	defer db.Close()
	http.ListenAndServe(":8080", nil)
}

func deleteItem(id int) error {
	defer db.Close() //!close
	_, err := db.Exec("DELETE FROM items WHERE id = ?", id)
	return err
}

func listItems(w http.ResponseWriter, r *http.Request) {
	rows, err := db.Query("SELECT name FROM items") //!query
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
}
`,
}

// TestClosedDatabaseNamesTheCloseOutsideMain: "sql: database is closed"
// is explained as a handle closed before the call, citing the module's
// close outside main (not main's own), and the fix moves it there.
func TestClosedDatabaseNamesTheCloseOutsideMain(t *testing.T) {
	app := writeMarkedApp(t, dbClosedFiles)
	r := statusReport("sql: database is closed\n", app.frame(t, "query", "main.listItems"))
	text := Analyze(r)
	for _, want := range []string{"### The database handle was closed before this call", "`deleteItem` (`main.go:17`): `defer db.Close()`", "remove the close at `main.go:17`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "main.go:12") {
		t.Errorf("main's own close is blamed:\n%s", text)
	}
	assertGroundedIn(t, r, text, dbClosedFiles, "Close")
	if c, _ := Recognize(r); c != ClassDBClosed {
		t.Errorf("class %q", c)
	}
}
