package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// ordersFiles is an app whose schema is a migration in a Go string and
// whose store writes and deletes rows that foreign keys tie together.
var ordersFiles = map[string]string{
	"go.mod":        "module example.com/orders\n\ngo 1.22\n",
	"db/migrate.go": "package db\n\nconst schema = `\nCREATE TABLE users (\n\tid SERIAL PRIMARY KEY,\n\temail TEXT NOT NULL\n);\nCREATE TABLE orders (\n\tid SERIAL PRIMARY KEY,\n\tuser_id INTEGER NOT NULL REFERENCES users(id),\n\ttotal INTEGER CONSTRAINT total_positive CHECK (total > 0)\n);\n`\n",
	"store/orders.go": `package store

import "database/sql"

// Orders writes orders.
type Orders struct{ db *sql.DB }

// Create inserts an order.
func (o *Orders) Create(userID, total int) error {
	_, err := o.db.Exec("INSERT INTO orders (user_id, total) VALUES ($1, $2)", userID, total) //!insert
	return err
}

// DeleteUser deletes a user.
func (o *Orders) DeleteUser(id int) error {
	_, err := o.db.Exec("DELETE FROM users WHERE id = $1", id) //!delete
	return err
}
`,
}

// TestIntegrityErrorsOfPostgreSQLAndMySQL: foreign key, not-null and
// check violations in PostgreSQL's and MySQL's words name the constraint,
// the table and the column, and point at the statement and at the schema
// that defines them.
func TestIntegrityErrorsOfPostgreSQLAndMySQL(t *testing.T) {
	app := writeMarkedApp(t, ordersFiles)
	cases := []struct {
		name, label, fn, msg string
		class                Class
		want, lack           []string
	}{
		{"PostgreSQL foreign key", "insert", "example.com/orders/store.(*Orders).Create",
			`pq: insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey"`, ClassForeignKey,
			[]string{"foreign key `orders_user_id_fkey`", "a row of `orders` whose `user_id` refers to a row that does not exist", "PostgreSQL enforces",
				"The statement is at `orders.go:10`", "The schema defines it at", "`user_id INTEGER NOT NULL REFERENCES users(id),`"},
			[]string{"SQLite"}},
		{"PostgreSQL parent row", "delete", "example.com/orders/store.(*Orders).DeleteUser",
			`ERROR: update or delete on table "users" violates foreign key constraint "orders_user_id_fkey" on table "orders" (SQLSTATE 23503)`, ClassForeignKey,
			[]string{"rows of `orders` still refer to this `users` row", "ON DELETE CASCADE", "http.StatusConflict", "The statement is at `orders.go:16`"},
			[]string{"does not exist"}},
		{"PostgreSQL not null", "insert", "example.com/orders/store.(*Orders).Create",
			`pq: null value in column "email" of relation "users" violates not-null constraint`, ClassNotNull,
			[]string{"`users.email` must not be NULL", "The schema declares it at", "`email TEXT NOT NULL`"}, nil},
		{"PostgreSQL check", "insert", "example.com/orders/store.(*Orders).Create",
			`ERROR: new row for relation "orders" violates check constraint "total_positive" (SQLSTATE 23514)`, ClassCheck,
			[]string{"CHECK `total_positive`", "`total INTEGER CONSTRAINT total_positive CHECK (total > 0)`"}, nil},
		{"MySQL foreign key", "insert", "example.com/orders/store.(*Orders).Create",
			"Error 1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`shop`.`orders`, CONSTRAINT `orders_ibfk_1` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`))", ClassForeignKey,
			[]string{"foreign key `orders_ibfk_1`", "`user_id`", "MySQL enforces", "`user_id INTEGER NOT NULL REFERENCES users(id),`"}, []string{"SQLite"}},
		{"MySQL not null", "insert", "example.com/orders/store.(*Orders).Create",
			"Error 1048 (23000): Column 'email' cannot be null", ClassNotNull,
			[]string{"`email` must not be NULL", "`email TEXT NOT NULL`"}, nil},
		{"a code and words no rule knows", "insert", "example.com/orders/store.(*Orders).Create",
			`FEHLER: NULL-Wert in Spalte »email« verletzt Not-Null-Constraint (SQLSTATE 23502)`, ClassNotNull,
			[]string{"a NOT NULL column was left NULL", "`23502`"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := statusReport("internal error", app.frame(t, c.label, c.fn))
			r.Logs = logs(`level=ERROR msg="saving failed" err="` + strings.ReplaceAll(c.msg, `"`, `\"`) + `"`)
			text := Analyze(r)
			if class, _ := Recognize(r); class != c.class {
				t.Errorf("class %s, want %s", class, c.class)
			}
			mustHave(t, text, c.want...)
			mustLack(t, text, append(c.lack, "does not recognise")...)
		})
	}
}

// TestIntegrityErrorByTheValuesCode: an error value whose fields carry the
// code and names (as pgx's PgError does) is recognised by its code even
// when its words are another language's, and its names are used.
func TestIntegrityErrorByTheValuesCode(t *testing.T) {
	app := writeMarkedApp(t, ordersFiles)
	r := panicReport("*pgconn.PgError", `FEHLER: Einfügen oder Aktualisieren in Tabelle »orders« verletzt Fremdschlüssel-Constraint »orders_user_id_fkey«`,
		app.frame(t, "insert", "example.com/orders/store.(*Orders).Create"))
	r.Error.Kind = report.KindError
	r.Error.Database = &report.Database{Engine: "PostgreSQL", Code: "23503", Class: "foreign-key", Table: "orders", Constraint: "orders_user_id_fkey",
		Detail: `Key (user_id)=(42) is not present in table "users".`}
	text := Analyze(r)
	if class, _ := Recognize(r); class != ClassForeignKey {
		t.Fatalf("class %s, want %s:\n%s", class, ClassForeignKey, text)
	}
	mustHave(t, text, "foreign key `orders_user_id_fkey`", "whose `user_id` refers to a row that does not exist",
		"`Key (user_id)=(42) is not present in table \"users\"`", "REFERENCES users(id)")
}

// TestNotNullCitesTheInsertAndTheFailingDatabasesSchema: a NOT NULL
// violation SQLite reports is placed on the INSERT into the table, not on
// an UPDATE of it that comes first, and its schema line is the SQLite
// migration's, not the MySQL one's.
func TestNotNullCitesTheInsertAndTheFailingDatabasesSchema(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":                     "module example.com/accts\n\ngo 1.22\n",
		"data/mysql/migrations.go":   "package mysql\n\nconst accounts = `CREATE TABLE accounts (\n  id INT PRIMARY KEY,\n  username VARCHAR(255),\n  locked TINYINT(1) NOT NULL DEFAULT '0'\n)`\n",
		"data/sqlite3/migrations.go": "package sqlite3\n\nconst accounts = `CREATE TABLE accounts (\n  id INTEGER PRIMARY KEY,\n  username TEXT,\n  locked BOOLEAN NOT NULL\n)`\n",
		"data/sqlite3/store.go": `package sqlite3

import "database/sql"

// Store keeps accounts.
type Store struct{ db *sql.DB }

// Lock locks an account.
func (s *Store) Lock(id int) error {
	_, err := s.db.Exec("UPDATE accounts SET locked = ? WHERE id = ?", true, id)
	return err
}

// Create adds an account.
func (s *Store) Create(name string) error {
	_, err := s.db.Exec("INSERT INTO accounts (username) VALUES (?)", name) //! insert
	return err
}
`,
	})
	text := Analyze(panicReport("sqlite3.Error", "NOT NULL constraint failed: accounts.locked", app.frame(t, "insert", "Create")))
	mustHave(t, text, "The statement is at `store.go:16`", "`locked BOOLEAN NOT NULL`")
	mustLack(t, text, "TINYINT")
}
