package offline

import "testing"

// larderFiles: a gorm app whose store looks for a duplicate shelf of the
// same owner and title before it writes one, and answers 409 for its own
// error; the model's tag makes a unique index over the title alone. A
// second store's check compares the title alone.
func larderFiles(check string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/larder\n",
		"model.go": `package main

type Shelf struct {
	ID    uint
	Owner uint
	Title string ` + "`" + `gorm:"unique_index"` + "`" + `
}
`,
		"store.go": `package main

import (
	"errors"

	"github.com/jinzhu/gorm"
)

var ErrTaken = errors.New("shelf taken")

var DB *gorm.DB

func addShelf(owner uint, title string) error {
	var n int
	if err := DB.Model(&Shelf{}).Where("` + check + `", owner, title).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return ErrTaken
	}
	return DB.Create(&Shelf{Owner: owner, Title: title}).Error
}
`,
		"handlers.go": `package main

import "net/http"

func add(w http.ResponseWriter, r *http.Request) {
	err := addShelf(1, r.FormValue("title"))
	switch err {
	case nil:
		w.WriteHeader(http.StatusCreated)
	case ErrTaken:
		http.Error(w, "taken", http.StatusConflict)
	default:
		http.Error(w, err.Error(), http.StatusInternalServerError) //! add
	}
}
`,
	}
}

// TestIndexWiderThanTheAppsCheck: a unique index a model's tag makes over
// one column, where the app's own duplicate check compares that column
// and another, is explained as the index wider than the check, not with
// advice to look the row up (the code does); a check over the index's
// column alone keeps that advice.
func TestIndexWiderThanTheAppsCheck(t *testing.T) {
	msg := `pq: duplicate key value violates unique constraint "uix_shelves_title"`
	app := writeMarkedApp(t, larderFiles("owner = ? AND title = ?"))
	text := Analyze(statusReport(msg, app.frame(t, "add", "example.com/larder.add")))
	mustHave(t, text, "`addShelf` already looks for a duplicate before the write", "compares `owner` and `title`", "`Shelf.Title`", "over `title` alone", "a unique index over `owner` and `title` together")
	mustLack(t, text, "look it up before the write")

	app = writeMarkedApp(t, larderFiles("title = ? AND ? > 0"))
	text = Analyze(statusReport(msg, app.frame(t, "add", "example.com/larder.add")))
	mustLack(t, text, "already looks for a duplicate before the write")
}
