package index

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	vec "github.com/asg017/sqlite-vec-go-bindings/cgo"
	sqlite3 "github.com/mattn/go-sqlite3"
)

// ErrNoIndex is returned (wrapped) when there is no index file.
var ErrNoIndex = errors.New("no index")

// ErrIncompatible is returned (wrapped) when a file is not a usable index:
// not SQLite, not an explainerr index, corrupt, of another schema version,
// or built with another embedder. The error text says how to rebuild.
var ErrIncompatible = errors.New("unusable index")

// rebuildHint tells how to recover from an unusable index at path.
func rebuildHint(path string) string {
	return fmt.Sprintf("rebuild it with `go tool explainerr index -rebuild ./...` at your module's root (or delete %s and run `go tool explainerr index ./...`)", path)
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
	} else {
		// A build takes the write lock when it begins, so two builds
		// queue instead of failing half-way.
		q.Set("_txlock", "immediate")
	}
	u.RawQuery = q.Encode()
	// The driver is used as a value, not by the name it registers: an
	// app that registers another SQLite driver as "sqlite3" can build
	// without mattn's registration (-ldflags=-X=github.com/mattn/go-sqlite3.driverName=)
	// and retrieval still opens its index.
	return sql.OpenDB(fileConnector{dsn: u.String()}), nil
}

// fileConnector opens connections to one SQLite file with mattn's driver.
type fileConnector struct{ dsn string }

// Connect opens a connection to the file.
func (c fileConnector) Connect(context.Context) (driver.Conn, error) { return c.Driver().Open(c.dsn) }

// Driver returns mattn's SQLite driver.
func (fileConnector) Driver() driver.Driver { return &sqlite3.SQLiteDriver{} }

// metadata is what an index records about itself.
type metadata struct {
	Embedder string
	Dims     int
	Patterns string
	// TermTotal is the sum of the chunks' term_count (key termTotalKey),
	// -1 when the index does not record it.
	TermTotal int64
}

// termTotalKey is the metadata key of the sum of the chunks' term_count,
// from which a retriever has the mean chunk length of the lexical ranking
// without reading the chunks.
const termTotalKey = "term_total"

// writeTermTotal records the sum of the chunks' term_count.
func writeTermTotal(db execer, total int64) error {
	if _, err := db.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)`, termTotalKey, strconv.FormatInt(total, 10)); err != nil {
		return fmt.Errorf("writing index metadata: %w", err)
	}
	return nil
}

// writeMeta records an index's metadata.
func writeMeta(db execer, m metadata) error {
	for k, v := range map[string]string{
		"app":            appMarker,
		"schema_version": strconv.Itoa(SchemaVersion),
		"embedder":       m.Embedder,
		"dims":           strconv.Itoa(m.Dims),
		"patterns":       m.Patterns,
		shortlistMetaKey: shortlistScheme,
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
	dims, err := strconv.Atoi(kv["dims"])
	if err != nil || dims <= 0 || kv["embedder"] == "" {
		return metadata{}, incompatible(path, "does not record its embedder")
	}
	m := metadata{Embedder: kv["embedder"], Dims: dims, Patterns: kv["patterns"], TermTotal: -1}
	if t, err := strconv.ParseInt(kv[termTotalKey], 10, 64); err == nil && t >= 0 {
		m.TermTotal = t
	}
	return m, nil
}

// checkEmbedder reports an embedder that cannot share the index's vectors.
func checkEmbedder(path string, m metadata, e Embedder) error {
	if e.Name() != m.Embedder || (e.Dims() != 0 && e.Dims() != m.Dims) {
		return incompatible(path, "was built with embedder %s (%d dimensions), not %s (%d dimensions)",
			m.Embedder, m.Dims, e.Name(), e.Dims())
	}
	return nil
}

// openIndex opens an existing index read-only and checks its mark and
// metadata.
func openIndex(path string) (*sql.DB, metadata, error) { return openIndexAs(path, path) }

// openIndexAs is openIndex of the file at target, named path in errors
// (the path a symbolic link at path leads to).
func openIndexAs(target, path string) (*sql.DB, metadata, error) {
	mark, err := inspectFile(target)
	if err != nil {
		return nil, metadata{}, err
	}
	switch mark.state {
	case stateMissing:
		return nil, metadata{}, fmt.Errorf("%w at %s: build one with `go tool explainerr index ./...` at your module's root", ErrNoIndex, path)
	case stateEmpty:
		return nil, metadata{}, fmt.Errorf("%w at %s (the file is empty): build one with `go tool explainerr index ./...` at your module's root", ErrNoIndex, path)
	case stateOlder:
		return nil, metadata{}, incompatible(path, "was built by an older explainerr (schema version %d; this one reads %d)", mark.version, SchemaVersion)
	case stateNewer:
		return nil, metadata{}, incompatible(path, "was built by a newer explainerr (schema version %d; this one reads %d)", mark.version, SchemaVersion)
	case stateForeign, stateNotSQLite:
		return nil, metadata{}, notIndexError(path, mark)
	}
	db, err := openDB(target, true)
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
