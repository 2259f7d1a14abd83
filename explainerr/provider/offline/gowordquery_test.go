package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTableWordOfGoIsNoQuery: a missing table called like a Go variable
// of the request's code (user) is in a builder's string literal
// (Table("user")), not in the line that passes the variable beside a
// literal naming another word (Where("user_id = ?", user.ID)).
func TestTableWordOfGoIsNoQuery(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n",
		"counter.go": `package main

import "gorm.io/gorm"

func bumpCounter(tx *gorm.DB, id int) error {
	return tx.Table("user").Where("id = ?", id).Update("max_usn", gorm.Expr("max_usn + 1")).Error
}
`,
		"shelves.go": `package main

import (
	"net/http"

	"gorm.io/gorm"
)

type User struct{ ID int }

type Shelf struct {
	ID     int
	UserID int
	Label  string
}

func createShelf(db *gorm.DB, user User, label string) error {
	var n int
	if err := db.Model(Shelf{}).
		Where("user_id = ? AND label = ?", user.ID, label).
		Count(&n).Error; err != nil {
		return err
	}
	return bumpCounter(db, user.ID) //! call
}

func handleCreate(w http.ResponseWriter, r *http.Request) {
	if err := createShelf(nil, User{}, r.FormValue("label")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
	})
	r := statusReport(`pq: relation "user" does not exist`, app.frame(t, "fail", "example.com/shelf.handleCreate"), app.frame(t, "call", "example.com/shelf.createShelf"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "`bumpCounter` (`counter.go:6`)")
	mustLack(t, text, "The query is at `createShelf`", "shelves.go:21")
}
