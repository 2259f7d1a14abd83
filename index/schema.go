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
// build; one of another version cannot be queried.
const SchemaVersion = 3

// appMarker is the "app" metadata value of every index; indexes older than
// schema version 3 carry only this mark.
const appMarker = "explainerr-index"

// tableDDL creates the tables of an empty index for vectors of dims
// dimensions. Rows are clustered by chunk id where a chunk's rows are read
// or deleted together.
func tableDDL(dims int) []string {
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
			term_count INTEGER NOT NULL DEFAULT 0)`,
		// The identifiers each chunk declares, references, calls and returns.
		`CREATE TABLE idents(chunk_id INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL,
			PRIMARY KEY(chunk_id, name, role)) WITHOUT ROWID`,
		// The words of each chunk for lexical ranking, weighted by how often
		// they occur; chunks.term_count is their sum. Clustered by term, the
		// way they are searched; a chunk's rows are found from its stored
		// identifiers and text (see deleteTerms), so no second index is kept.
		// Weights are whole numbers: an INTEGER column stores them in a byte
		// where a REAL one takes eight.
		`CREATE TABLE chunk_terms(term TEXT NOT NULL, chunk_id INTEGER NOT NULL, weight INTEGER NOT NULL,
			PRIMARY KEY(term, chunk_id)) WITHOUT ROWID`,
		// Each chunk's vector, once, in the encoding of encodeVector.
		`CREATE TABLE vectors(id INTEGER PRIMARY KEY, embedding BLOB NOT NULL)`,
		// Short binary codes of the vectors, to shortlist candidates in large indexes.
		fmt.Sprintf(`CREATE VIRTUAL TABLE vector_codes USING vec0(code bit[%d])`, codeBits(dims)),
	}
}

// indexDDL creates the secondary indexes. A new index is filled first and
// indexed afterwards, which is faster than keeping them up to date row by row.
var indexDDL = []string{
	`CREATE INDEX chunks_by_file ON chunks(file, start_line)`,
	`CREATE INDEX chunks_by_symbol ON chunks(package, symbol)`,
	`CREATE INDEX chunks_by_receiver ON chunks(package, receiver)`,
	`CREATE INDEX idents_by_name ON idents(name, role)`,
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
	}, tableDDL(m.Dims)...)
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

// createSchema makes a complete empty index in db.
func createSchema(db execer, m metadata) error {
	if err := createTables(db, m); err != nil {
		return err
	}
	return createIndexes(db)
}
