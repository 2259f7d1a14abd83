package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestStartupCopyIsNotTheRequestsWrite: a migration that rebuilds a table
// (INSERT INTO users … SELECT … FROM users_old, run at start) names the
// violated table as the request's write would; the statement cited is
// the one the request ran (here an ORM's), never the migration's.
func TestStartupCopyIsNotTheRequestsWrite(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/roster\n",
		"db.go": `package main

import "database/sql"

func migrate(db *sql.DB) error {
	_, err := db.Exec(` + "`" + `INSERT INTO users (id, name, email)
		SELECT id, name, email FROM users_old` + "`" + `)
	return err
}

func main() {
	db, _ := sql.Open("sqlite3", "roster.db")
	_ = migrate(db)
}
`,
		"users.go": `package main

import (
	"net/http"

	"gorm.io/gorm"
)

var orm *gorm.DB

// User is a member of the roster.
type User struct {
	ID          int
	Name, Email string
}

func saveUser(name, email string) error {
	return orm.Create(&User{Name: name, Email: email}).Error
}

func addUser(w http.ResponseWriter, r *http.Request) {
	if err := saveUser(r.FormValue("name"), r.FormValue("email")); err != nil { //! call
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := statusReport("UNIQUE constraint failed: users.email", app.frame(t, "call", "example.com/roster.addUser"))
	r.Error.Kind = report.KindError
	// The migration's chunk first, as a similarity search may rank it.
	r.Context = append([]report.Chunk{chunk("db.go", "migrate", 5, "func migrate(db *sql.DB) error {\n\t_, err := db.Exec(`INSERT INTO users (id, name, email)\n\t\tSELECT id, name, email FROM users_old`)\n\treturn err\n}")}, appsource.Static(r)...)
	text := Analyze(r)
	mustLack(t, text, "db.go:6")
}
