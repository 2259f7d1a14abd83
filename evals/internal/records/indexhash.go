package records

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"

	// The index is a SQLite file; its package registers the driver.
	_ "github.com/mattn/go-sqlite3"
)

// IndexHash hashes what an index holds, not its file: its metadata
// (schema, embedder, dimensions, patterns) and every chunk (file, symbol, kind, lines and text) in a fixed order. The
// file's bytes change from build to build of the same source (page
// layout, row ids); this hash does not, so two runs over the same source
// record the same index.
func IndexHash(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: "mode=ro"}
	db, err := sql.Open("sqlite3", u.String())
	if err != nil {
		return "", err
	}
	defer db.Close()
	h := sha256.New()
	field := func(s string) {
		io.WriteString(h, s)
		h.Write([]byte{0})
	}
	meta, err := db.Query(`SELECT key, value FROM meta ORDER BY key`)
	if err != nil {
		return "", fmt.Errorf("index %s: %w", path, err)
	}
	for meta.Next() {
		var k, v string
		if err := meta.Scan(&k, &v); err != nil {
			meta.Close()
			return "", fmt.Errorf("index %s: %w", path, err)
		}
		field(k + "=" + v)
	}
	meta.Close()
	rows, err := db.Query(`SELECT file, symbol, kind, start_line, end_line, text FROM chunks ORDER BY file, start_line, end_line, symbol, kind, text`)
	if err != nil {
		return "", fmt.Errorf("index %s: %w", path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var file, symbol, kind, text string
		var start, end int
		if err := rows.Scan(&file, &symbol, &kind, &start, &end, &text); err != nil {
			return "", fmt.Errorf("index %s: %w", path, err)
		}
		field(file)
		field(symbol)
		field(kind)
		field(strconv.Itoa(start) + "-" + strconv.Itoa(end))
		field(text)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("index %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
