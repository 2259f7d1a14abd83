package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestUniqueIndexAnXormTagDeclares: a unique index over two columns that
// a model's xorm tags declare (unique(name) on both fields), one of them
// set from the signed-in user's id: the analysis shows the declaration
// and its two readings (the index taken out of both fields, which xorm's
// sync then drops), and does not take the user's id for a generated value
// to make unique.
func TestUniqueIndexAnXormTagDeclares(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"entity/note.go": `package entity

// Note is a user's note on a page.
type Note struct {
	ID     int64  ` + "`xorm:\"not null pk autoincr BIGINT(20) id\"`" + `
	UserID string ` + "`xorm:\"not null default 0 BIGINT(20) unique(note_page_user) user_id\"`" + ` //!user
	PageID string ` + "`xorm:\"not null default 0 BIGINT(20) INDEX unique(note_page_user) page_id\"`" + ` //!page
	Text   string ` + "`xorm:\"TEXT text\"`" + `
}
`,
		"auth/auth.go": `package auth

import "context"

type key struct{}

// GetLoginUserIDFromContext returns the signed-in user's id.
func GetLoginUserIDFromContext(ctx context.Context) string {
	id, _ := ctx.Value(key{}).(string)
	return id
}
`,
		"service/notes.go": `package service

import (
	"context"

	"example.com/notes/auth"
	"example.com/notes/entity"
	"xorm.io/xorm"
)

// AddNote stores the signed-in user's note on a page.
func AddNote(ctx context.Context, engine *xorm.Engine, page, text string) error {
	note := &entity.Note{UserID: auth.GetLoginUserIDFromContext(ctx), PageID: page, Text: text}
	_, err := engine.Insert(note) //!insert
	return err
}
`,
	})
	_, user := app.line("user")
	_, page := app.line("page")
	msg := "UNIQUE constraint failed: note.user_id, note.page_id"
	r := app.loggedFailure(t, "example.com/notes", "insert", report.KindError, msg, "POST", "/pages/7/notes")
	text := Analyze(r)
	mustHave(t, text, "The model declares that unique index in its tags", "take the unique index out of the tags at `note.go:"+itoa(user)+"` and `note.go:"+itoa(page)+"`", "the app's sync then drops it")
	mustLack(t, text, "give values that are not taken", "GetLoginUserIDFromContext` give", "adds indexes but does not drop them")
}
