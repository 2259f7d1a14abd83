package main

import (
	"database/sql"
	"database/sql/driver"
)

// Nick is a user's nickname; an empty one is stored as NULL.
type Nick struct {
	sql.NullString
}

// Value stores an empty nickname as NULL.
func (n Nick) Value() (driver.Value, error) {
	if !n.Valid || n.String == "" {
		return nil, nil
	}
	return n, nil
}

//explainerr:failure error *errors.errorString sql: converting argument $1 type: non-Value type main.Nick returned from Value

// Rename stores a user's nickname.
func Rename(db *sql.DB, nick Nick) error {
	_, err := db.Exec("UPDATE users SET nick = ?", nick) // want `returned what no driver takes: .main\.Nick.` `.Nick\.Value. returns its receiver itself` `.return n\.NullString\.Value\(\)., at .main\.go:18.`
	return err
}
