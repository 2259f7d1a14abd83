package ledger

import (
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

// Ledger writes entries.
type Ledger struct {
	db *sql.DB
	b  sq.StatementBuilderType
}

// New makes a ledger over db.
func New(db *sql.DB) *Ledger {
	return &Ledger{db: db, b: sq.StatementBuilder}
}

//explainerr:failure error *pgconn.PgError ERROR: syntax error at or near "," (SQLSTATE 42601)

// Add writes an entry.
func (l *Ledger) Add(memo string, cents int) error {
	q, args, err := l.b.Insert("entries").Columns("memo", "cents").Values(memo, cents).ToSql()
	if err != nil {
		return err
	}
	_, err = l.db.Exec(q, args...) // want `squirrel, whose builder writes .\?. placeholders` `The builder is made in .New.` `PlaceholderFormat\(squirrel\.Dollar\)`
	return err
}
