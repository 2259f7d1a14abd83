package offline

import "testing"

// TestDuplicateOfAUniqueIndexTheModelDeclares: a duplicate over columns
// the app sets itself, of a unique index the model's gorm tags declare,
// cites the tags and gives both readings (a 409 for a second row, or the
// index taken out), not advice to make the app's values unique.
func TestDuplicateOfAUniqueIndexTheModelDeclares(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"model.go": `package main

import "gorm.io/gorm"

// Vote is a reader's vote on a note.
type Vote struct {
	gorm.Model
	NoteID   uint ` + "`gorm:\"uniqueIndex:idx_votes_note_reader\"`" + ` //!note
	ReaderID uint ` + "`gorm:\"uniqueIndex:idx_votes_note_reader\"`" + `
	Stars    int
}
`,
		"store.go": `package main

import "gorm.io/gorm"

// Votes keeps the votes.
type Votes struct{ db *gorm.DB }

// Add records a reader's vote on a note.
func (v *Votes) Add(note, reader uint, stars int) error {
	return v.db.Create(&Vote{NoteID: note, ReaderID: reader, Stars: stars}).Error //!create
}
`,
	})
	_, note := app.line("note")
	text := Analyze(statusReport("UNIQUE constraint failed: votes.note_id, votes.reader_id\n", app.frame(t, "create", "main.(*Votes).Add")))
	mustHave(t, text, "The model declares that unique index in its tags, at `model.go:"+itoa(note)+"`", "take the unique index out of the tags at `model.go:"+itoa(note)+"`")
	mustLack(t, text, "a value it makes must be unique")
}
