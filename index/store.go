package index

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	vec "github.com/asg017/sqlite-vec-go-bindings/cgo"
	_ "github.com/mattn/go-sqlite3" // the "sqlite3" database/sql driver
)

// SchemaVersion is the version of the index file's layout. An index of
// another version must be rebuilt.
const SchemaVersion = 2

// appMarker is stored in every index so a foreign SQLite file is told apart.
const appMarker = "explainerr-index"

// ErrNoIndex is returned (wrapped) when there is no index file.
var ErrNoIndex = errors.New("no index")

// ErrIncompatible is returned (wrapped) when a file is not a usable index:
// not SQLite, not an explainerr index, corrupt, of another schema version,
// or built with another embedder. The error text says how to rebuild.
var ErrIncompatible = errors.New("unusable index")

// rebuildHint tells how to recover from an unusable index at path.
func rebuildHint(path string) string {
	return fmt.Sprintf("rebuild it with `explainerr index -rebuild` (or delete %s and run `explainerr index ./...`)", path)
}

// incompatible wraps ErrIncompatible with what is wrong and how to rebuild.
func incompatible(path, what string, args ...any) error {
	return fmt.Errorf("%w: index %s %s; %s", ErrIncompatible, path, fmt.Sprintf(what, args...), rebuildHint(path))
}

var registerVec sync.Once

// openDB opens an SQLite file with the sqlite-vec extension loaded.
func openDB(path string, readOnly bool) (*sql.DB, error) {
	registerVec.Do(vec.Auto)
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	q := url.Values{}
	q.Set("_busy_timeout", "5000")
	if readOnly {
		q.Set("mode", "ro")
	}
	u.RawQuery = q.Encode()
	return sql.Open("sqlite3", u.String())
}

// metadata is what an index records about itself.
type metadata struct {
	Embedder string
	Dims     int
	Patterns string
}

// schema creates an empty index for vectors of dims dimensions.
func schema(dims int) []string {
	return []string{
		`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
		`CREATE TABLE files(path TEXT PRIMARY KEY, hash TEXT NOT NULL, package TEXT NOT NULL, skipped TEXT NOT NULL DEFAULT '')`,
		`CREATE TABLE chunks(
			id INTEGER PRIMARY KEY,
			file TEXT NOT NULL, package TEXT NOT NULL,
			symbol TEXT NOT NULL, kind TEXT NOT NULL,
			start_line INTEGER NOT NULL, end_line INTEGER NOT NULL,
			receiver TEXT NOT NULL DEFAULT '', signature TEXT NOT NULL DEFAULT '',
			part INTEGER NOT NULL DEFAULT 0,
			decl TEXT NOT NULL DEFAULT '', text TEXT NOT NULL,
			hash TEXT NOT NULL, src_hash TEXT NOT NULL)`,
		`CREATE INDEX chunks_by_file ON chunks(file, start_line)`,
		`CREATE INDEX chunks_by_symbol ON chunks(package, symbol)`,
		`CREATE INDEX chunks_by_receiver ON chunks(package, receiver)`,
		`CREATE TABLE idents(chunk_id INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL)`,
		`CREATE INDEX idents_by_name ON idents(name, role)`,
		`CREATE INDEX idents_by_chunk ON idents(chunk_id)`,
		fmt.Sprintf(`CREATE VIRTUAL TABLE vectors USING vec0(embedding float[%d] distance_metric=cosine)`, dims),
		// A plain copy of each vector, for fast reads by id when ranking
		// graph candidates and a shortlist (vec0 point lookups are slow).
		`CREATE TABLE vector_copies(id INTEGER PRIMARY KEY, embedding BLOB NOT NULL)`,
		fmt.Sprintf(`CREATE VIRTUAL TABLE vector_codes USING vec0(code bit[%d])`, codeBits(dims)),
	}
}

// createSchema makes an empty index in db.
func createSchema(db *sql.DB, m metadata) error {
	for _, stmt := range schema(m.Dims) {
		if _, err := db.Exec(stmt); err != nil {
			return fmt.Errorf("creating index schema: %w", err)
		}
	}
	return writeMeta(db, m)
}

func writeMeta(db interface {
	Exec(string, ...any) (sql.Result, error)
}, m metadata) error {
	for k, v := range map[string]string{
		"app":            appMarker,
		"schema_version": strconv.Itoa(SchemaVersion),
		"embedder":       m.Embedder,
		"dims":           strconv.Itoa(m.Dims),
		"patterns":       m.Patterns,
	} {
		if _, err := db.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)`, k, v); err != nil {
			return fmt.Errorf("writing index metadata: %w", err)
		}
	}
	return nil
}

// readMeta reads and checks an index's metadata. Every way a file can fail
// to be an index of this version is an ErrIncompatible naming the file.
func readMeta(db *sql.DB, path string) (metadata, error) {
	rows, err := db.Query(`SELECT key, value FROM meta`)
	if err != nil {
		msg := err.Error()
		switch {
		case strings.Contains(msg, "not a database"):
			return metadata{}, incompatible(path, "is not an SQLite database")
		case strings.Contains(msg, "no such table"):
			return metadata{}, incompatible(path, "is an SQLite database but not an explainerr index")
		case strings.Contains(msg, "malformed"), strings.Contains(msg, "corrupt"):
			return metadata{}, incompatible(path, "is corrupt (%v)", err)
		}
		return metadata{}, incompatible(path, "cannot be read (%v)", err)
	}
	defer rows.Close()
	kv := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return metadata{}, incompatible(path, "has unreadable metadata (%v)", err)
		}
		kv[k] = v
	}
	if err := rows.Err(); err != nil {
		return metadata{}, incompatible(path, "is corrupt (%v)", err)
	}
	if kv["app"] != appMarker {
		return metadata{}, incompatible(path, "is an SQLite database but not an explainerr index")
	}
	if v := kv["schema_version"]; v != strconv.Itoa(SchemaVersion) {
		return metadata{}, incompatible(path, "has schema version %q, this explainerr reads version %d", v, SchemaVersion)
	}
	dims, err := strconv.Atoi(kv["dims"])
	if err != nil || dims <= 0 || kv["embedder"] == "" {
		return metadata{}, incompatible(path, "does not record its embedder")
	}
	return metadata{Embedder: kv["embedder"], Dims: dims, Patterns: kv["patterns"]}, nil
}

// checkEmbedder reports an embedder that cannot share the index's vectors.
func checkEmbedder(path string, m metadata, e Embedder) error {
	if e.Name() != m.Embedder || (e.Dims() != 0 && e.Dims() != m.Dims) {
		return incompatible(path, "was built with embedder %s (%d dimensions), not %s (%d dimensions)",
			m.Embedder, m.Dims, e.Name(), e.Dims())
	}
	return nil
}

// openIndex opens an existing index read-only and checks its metadata.
func openIndex(path string) (*sql.DB, metadata, error) {
	info, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, metadata{}, fmt.Errorf("%w at %s: build one with `explainerr index ./...`", ErrNoIndex, path)
	}
	if err != nil {
		return nil, metadata{}, err
	}
	if info.IsDir() {
		return nil, metadata{}, incompatible(path, "is a directory")
	}
	db, err := openDB(path, true)
	if err != nil {
		return nil, metadata{}, err
	}
	m, err := readMeta(db, path)
	if err != nil {
		db.Close()
		return nil, metadata{}, err
	}
	return db, m, nil
}
