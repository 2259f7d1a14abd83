package index

import (
	"bytes"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotIndex is returned (wrapped) when the index path holds something
// that is not an explainerr index: a build never writes to it.
var ErrNotIndex = errors.New("not an explainerr index")

// fileState is what an index path holds.
type fileState int

const (
	stateMissing   fileState = iota // nothing: a build creates the index
	stateEmpty                      // a zero-byte file or an SQLite database without schema objects or user_version
	stateCurrent                    // an index of this schema version
	stateOlder                      // an index of an older schema version
	stateNewer                      // an index of a newer schema version
	stateForeign                    // an SQLite database of another application
	stateNotSQLite                  // a file that is not an SQLite database, or a directory
)

// fileMark is what inspectFile found at a path.
type fileMark struct {
	state fileState
	// version is an index's schema version.
	version int
	// detail describes a foreign file ("application id 0x...", "tables: a, b").
	detail string
}

// sqliteMagic starts every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// inspectFile tells what path holds by reading the SQLite header (the
// application_id and user_version) and, for an unmarked database, its
// schema objects. It never creates or changes the file.
func inspectFile(path string) (fileMark, error) {
	info, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return fileMark{state: stateMissing}, nil
	}
	if err != nil {
		return fileMark{}, err
	}
	if info.IsDir() {
		return fileMark{state: stateNotSQLite, detail: "a directory"}, nil
	}
	if info.Size() == 0 {
		return fileMark{state: stateEmpty}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return fileMark{}, err
	}
	defer f.Close()
	header := make([]byte, 100)
	if _, err := io.ReadFull(f, header); err != nil || !bytes.HasPrefix(header, []byte(sqliteMagic)) {
		return fileMark{state: stateNotSQLite, detail: "not an SQLite database"}, nil
	}
	userVersion := int(int32(binary.BigEndian.Uint32(header[60:])))
	appID := binary.BigEndian.Uint32(header[68:])
	switch {
	case appID == ApplicationID && userVersion == SchemaVersion:
		return fileMark{state: stateCurrent, version: userVersion}, nil
	case appID == ApplicationID && userVersion < SchemaVersion:
		return fileMark{state: stateOlder, version: userVersion}, nil
	case appID == ApplicationID:
		return fileMark{state: stateNewer, version: userVersion}, nil
	case appID != 0:
		return fileMark{state: stateForeign, detail: fmt.Sprintf("application id %#08x", appID)}, nil
	}
	return inspectUnmarked(path, userVersion)
}

// inspectUnmarked tells an empty database and an index from before the
// application_id mark (schema versions 1 and 2, recognised by their meta
// table) from anyone else's database. Only a database without any schema
// object (table, view, index or trigger) and with a zero user_version is
// empty: one that holds only views, or only a user_version, is someone's.
func inspectUnmarked(path string, userVersion int) (fileMark, error) {
	db, err := openDB(path, true)
	if err != nil {
		return fileMark{}, err
	}
	defer db.Close()
	objects, err := schemaObjects(db)
	if err != nil {
		return fileMark{state: stateForeign, detail: fmt.Sprintf("unreadable: %v", err)}, nil
	}
	if len(objects) == 0 && userVersion == 0 {
		return fileMark{state: stateEmpty}, nil
	}
	var app, version string
	if len(objects["table"]) > 0 && db.QueryRow(`SELECT value FROM meta WHERE key = 'app'`).Scan(&app) == nil && app == appMarker {
		_ = db.QueryRow(`SELECT value FROM meta WHERE key = 'schema_version'`).Scan(&version)
		v := 0
		fmt.Sscan(version, &v)
		return fileMark{state: stateOlder, version: v}, nil
	}
	var detail []string
	for _, kind := range []string{"table", "view", "trigger", "index"} {
		names := objects[kind]
		if len(names) == 0 {
			continue
		}
		if len(names) > 5 {
			names = append(names[:5], "...")
		}
		detail = append(detail, kind+"s: "+strings.Join(names, ", "))
	}
	if userVersion != 0 {
		detail = append(detail, fmt.Sprintf("user_version %d", userVersion))
	}
	return fileMark{state: stateForeign, detail: strings.Join(detail, "; ")}, nil
}

// schemaObjects lists a database's schema objects by type ("table",
// "view", "index", "trigger"), each list sorted by name.
func schemaObjects(db *sql.DB) (map[string][]string, error) {
	rows, err := db.Query(`SELECT type, name FROM sqlite_schema ORDER BY type, name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	objects := map[string][]string{}
	for rows.Next() {
		var kind, name string
		if err := rows.Scan(&kind, &name); err != nil {
			return nil, err
		}
		objects[kind] = append(objects[kind], name)
	}
	return objects, rows.Err()
}

// notIndexError says that path holds someone else's data and is left alone.
func notIndexError(path string, m fileMark) error {
	what := "an SQLite database of another application (" + m.detail + ")"
	if m.state == stateNotSQLite {
		what = m.detail
	}
	return fmt.Errorf("%w: %s is %s; explainerr never overwrites or deletes a file that is not its own index, "+
		"not even with -rebuild: build the index at another path with `explainerr index -db FILE`", ErrNotIndex, path, what)
}

// resolveIndexPath follows symbolic links to the file an index path names,
// so an index reached through a link is updated where it lives and the link
// stays. A dangling link names its future target.
func resolveIndexPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	for range 40 {
		info, err := os.Lstat(abs)
		if err != nil || info.Mode()&os.ModeSymlink == 0 {
			return abs, nil
		}
		target, err := os.Readlink(abs)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(abs), target)
		}
		abs = target
	}
	return "", fmt.Errorf("index path %s: too many levels of symbolic links", path)
}
