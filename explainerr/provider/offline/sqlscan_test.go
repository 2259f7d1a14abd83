package offline

import "testing"

// TestUnmappedColumnOfAStruct: sqlx's "missing destination name" is
// explained as a column no field is tagged with, citing the struct's
// declaration and the migration that adds it and offering both fixes (a
// field, or the migration's name), for a struct or a slice of them.
func TestUnmappedColumnOfAStruct(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":                  "module example.com/auth\n\ngo 1.22\n",
		"data/sqlite3/migrate.go": "package sqlite3\n\nconst addTOTP = `ALTER TABLE accounts ADD totp_key VARCHAR(255)`\n",
		"data/sqlite3/store.go": `package sqlite3

import "database/sql"

// Account is an account.
type Account struct {
	ID     int    ` + "`db:\"id\"`" + `
	Secret string ` + "`db:\"totp_secret\"`" + `
}

// Store keeps accounts.
type Store struct{ db *sql.DB }

// Find finds one.
func (s *Store) Find(id int) (*Account, error) {
	var a Account
	err := s.db.QueryRow("SELECT * FROM accounts WHERE id = ?", id).Scan(&a) //! find
	return &a, err
}
`,
	})
	text := Analyze(panicReport("*errors.errorString", "Find: missing destination name totp_key in *models.Account", app.frame(t, "find", "(*Store).Find")))
	mustHave(t, text, "A column no field of `models.Account` is tagged with: `totp_key`",
		"`migrate.go:3`", "add a field tagged `db:\"totp_key\"`", "correct the migration", "The struct is declared at `store.go:6`")

	// Select scans into a slice: the struct is its element.
	text = Analyze(panicReport("*errors.errorString", "List: missing destination name totp_key in *[]models.Account", app.frame(t, "find", "(*Store).Find")))
	mustHave(t, text, "A column no field of `models.Account` is tagged with: `totp_key`", "The struct is declared at `store.go:6`")
}
