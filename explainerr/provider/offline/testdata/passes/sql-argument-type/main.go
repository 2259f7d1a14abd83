package main

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
)

// Tag is a label of a note.
type Tag struct{ Name string }

// Tags are a note's labels, kept as one JSON column.
type Tags []Tag

// Value stores the tags as JSON.
func (t *Tags) Value() (driver.Value, error) { return json.Marshal(t) }

//explainerr:failure error *errors.errorString sql: converting argument $2 type: unsupported type main.Tag, a struct

// Save stores a note with its tags.
func Save(db *sql.DB, body string, tags Tags) error {
	_, err := db.Exec("INSERT INTO notes (body, tags) VALUES (?, ?)", body, tags) // want `cannot pass: .main\.Tag., a struct` `.Tags. declares its .Value. method on its pointer` `Declare .Value. on the value, .func \(t Tags\) Value\(\) \(driver\.Value, error\).`
	return err
}
