package index

import (
	"database/sql"
	"fmt"
)

// ApplicationID is the SQLite application_id of every explainerr index
// ("EXPR"): a file without it is never written to by a build.
const ApplicationID = 0x45585052

// SchemaVersion is the version of the index file's layout, stored as the
// SQLite user_version. An index of an older version is rebuilt by the next
// build; one of another version cannot be queried. Version 4 stores the
// shortlist codes in pages (code_pages) instead of a sqlite-vec table, and
// the lexical terms as a posting list per term (term_postings) instead of
// a row per term and chunk; version 5 stores the identifiers likewise
// (chunks.idents and ident_postings) instead of a row per chunk and
// identifier.
const SchemaVersion = 5

// appMarker is the "app" metadata value of every index; indexes older than
// schema version 3 carry only this mark.
const appMarker = "explainerr-index"

// tableDDL creates the tables of an empty index. Rows are clustered by chunk id where a chunk's rows are read
// or deleted together.
func tableDDL() []string {
	return []string{
		`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID`,
		`CREATE TABLE files(path TEXT PRIMARY KEY, hash TEXT NOT NULL, package TEXT NOT NULL, skipped TEXT NOT NULL DEFAULT '') WITHOUT ROWID`,
		`CREATE TABLE chunks(
			id INTEGER PRIMARY KEY,
			file TEXT NOT NULL, package TEXT NOT NULL,
			symbol TEXT NOT NULL, kind TEXT NOT NULL,
			start_line INTEGER NOT NULL, end_line INTEGER NOT NULL,
			receiver TEXT NOT NULL DEFAULT '', signature TEXT NOT NULL DEFAULT '',
			part INTEGER NOT NULL DEFAULT 0,
			decl TEXT NOT NULL DEFAULT '', text TEXT NOT NULL,
			hash TEXT NOT NULL, src_hash TEXT NOT NULL,
			term_count INTEGER NOT NULL DEFAULT 0,
			idents TEXT NOT NULL DEFAULT '{}')`,
		// The chunks that declare, reference, call or return each name: per
		// role and name (identKey), their number and their ids (see
		// identpostings.go). chunks.idents lists them by chunk.
		`CREATE TABLE ident_postings(key TEXT PRIMARY KEY, n INTEGER NOT NULL, chunks TEXT NOT NULL) WITHOUT ROWID`,
		// The words of the chunks for lexical ranking: per term, the number
		// of chunks with it and their weights for it (how often it occurs;
		// chunks.term_count is the sum of a chunk's weights), encoded by
		// encodePostings. A chunk's terms are found from its stored
		// identifiers and text (see deleteTerms), so no second index is kept.
		`CREATE TABLE term_postings(term TEXT PRIMARY KEY, df INTEGER NOT NULL, postings BLOB NOT NULL) WITHOUT ROWID`,
		// Each chunk's vector, once, in the encoding of encodeVector.
		`CREATE TABLE vectors(id INTEGER PRIMARY KEY, embedding BLOB NOT NULL)`,
		// Short binary codes of the vectors, to shortlist candidates in
		// large indexes, in pages of consecutive chunk ids (see codepages.go).
		`CREATE TABLE code_pages(page INTEGER PRIMARY KEY, codes BLOB NOT NULL)`,
	}
}

// indexDDL creates the secondary indexes. A new index is filled first and
// indexed afterwards, which is faster than keeping them up to date row by row.
var indexDDL = []string{
	`CREATE INDEX chunks_by_file ON chunks(file, start_line)`,
	`CREATE INDEX chunks_by_symbol ON chunks(package, symbol)`,
	`CREATE INDEX chunks_by_receiver ON chunks(package, receiver)`,
}

// execer runs statements; *sql.DB and *sql.Tx are execers.
type execer interface {
	Exec(query string, args ...any) (sql.Result, error)
}

// createTables marks an empty database as an index of this schema version
// and creates its tables and metadata, without secondary indexes.
func createTables(db execer, m metadata) error {
	stmts := append([]string{
		fmt.Sprintf(`PRAGMA application_id = %d`, ApplicationID),
		fmt.Sprintf(`PRAGMA user_version = %d`, SchemaVersion),
	}, tableDDL()...)
	for _, stmt := range stmts {
		if _, err := db.Exec(stmt); err != nil {
			return fmt.Errorf("creating index schema: %w", err)
		}
	}
	return writeMeta(db, m)
}

// createIndexes creates the secondary indexes of a filled index.
func createIndexes(db execer) error {
	for _, stmt := range indexDDL {
		if _, err := db.Exec(stmt); err != nil {
			return fmt.Errorf("indexing the index: %w", err)
		}
	}
	return nil
}
