package index

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
)

// contentHash is the hex SHA-256 of s.
func contentHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// writer applies one build's changes inside a transaction.
type writer struct {
	tx *sql.Tx
	// pending maps chunk ids to the text to embed for them.
	pending map[int64]string
	// touched holds the packages whose type chunks must be completed again.
	touched map[string]bool
}

func newWriter(tx *sql.Tx) *writer {
	return &writer{tx: tx, pending: map[int64]string{}, touched: map[string]bool{}}
}

// storedChunk is what a reuse decision needs of an existing chunk.
type storedChunk struct {
	id      int64
	srcHash string
	pkg     string
}

// fileChunks returns the chunks stored for a file.
func (w *writer) fileChunks(file string) ([]storedChunk, error) {
	rows, err := w.tx.Query(`SELECT id, src_hash, package FROM chunks WHERE file = ?`, file)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storedChunk
	for rows.Next() {
		var c storedChunk
		if err := rows.Scan(&c.id, &c.srcHash, &c.pkg); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// replaceFile stores a changed file's chunks. A new chunk whose source is
// identical to one already stored for the file (a function that merely
// moved) takes over that row and its vector; every other new chunk is
// queued for embedding; stored chunks left over are deleted.
func (w *writer) replaceFile(f sourceFile, hash, skip string, chunks []chunk) error {
	old, err := w.fileChunks(f.Rel)
	if err != nil {
		return err
	}
	reusable := map[string][]int64{}
	for _, o := range old {
		reusable[o.srcHash] = append(reusable[o.srcHash], o.id)
		w.touched[o.pkg] = true
	}
	for i := range chunks {
		c := &chunks[i]
		w.touched[c.Package] = true
		input := embedInput(c.File, c.Package, c.Symbol, c.Text)
		srcHash := contentHash(input)
		if ids := reusable[srcHash]; len(ids) > 0 {
			reusable[srcHash] = ids[1:]
			if err := w.updateChunk(ids[0], c); err != nil {
				return err
			}
			continue
		}
		id, err := w.insertChunk(c, srcHash)
		if err != nil {
			return err
		}
		w.pending[id] = input
	}
	for _, ids := range reusable {
		for _, id := range ids {
			if err := w.deleteChunk(id); err != nil {
				return err
			}
		}
	}
	_, err = w.tx.Exec(`INSERT OR REPLACE INTO files(path, hash, package, skipped) VALUES(?, ?, ?, ?)`, f.Rel, hash, f.Pkg, skip)
	return err
}

// removeFile deletes a file that is gone and its chunks.
func (w *writer) removeFile(rel string) error {
	old, err := w.fileChunks(rel)
	if err != nil {
		return err
	}
	for _, o := range old {
		w.touched[o.pkg] = true
		if err := w.deleteChunk(o.id); err != nil {
			return err
		}
	}
	_, err = w.tx.Exec(`DELETE FROM files WHERE path = ?`, rel)
	return err
}

func (w *writer) insertChunk(c *chunk, srcHash string) (int64, error) {
	decl := ""
	if c.Kind == KindType {
		decl = c.Text
	}
	res, err := w.tx.Exec(`INSERT INTO chunks(file, package, symbol, kind, start_line, end_line, receiver, signature, part, decl, text, hash, src_hash)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.File, c.Package, c.Symbol, c.Kind, c.StartLine, c.EndLine, c.Receiver, c.Signature, c.Part, decl, c.Text, srcHash, srcHash)
	if err != nil {
		return 0, fmt.Errorf("storing chunk %s %s: %w", c.File, c.Symbol, err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	return id, w.insertIdents(id, c)
}

// updateChunk moves a reused chunk to its new lines and refreshes its
// identifiers; its text, hashes and vector stay.
func (w *writer) updateChunk(id int64, c *chunk) error {
	if _, err := w.tx.Exec(`UPDATE chunks SET start_line = ?, end_line = ?, part = ? WHERE id = ?`, c.StartLine, c.EndLine, c.Part, id); err != nil {
		return err
	}
	if _, err := w.tx.Exec(`DELETE FROM idents WHERE chunk_id = ?`, id); err != nil {
		return err
	}
	return w.insertIdents(id, c)
}

func (w *writer) insertIdents(id int64, c *chunk) error {
	stmt, err := w.tx.Prepare(`INSERT INTO idents(chunk_id, name, role) VALUES(?, ?, ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, nr := range c.idents() {
		if _, err := stmt.Exec(id, nr[0], nr[1]); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) deleteChunk(id int64) error {
	delete(w.pending, id)
	for _, q := range []string{
		`DELETE FROM chunks WHERE id = ?`,
		`DELETE FROM idents WHERE chunk_id = ?`,
		`DELETE FROM vectors WHERE rowid = ?`,
		`DELETE FROM vector_codes WHERE rowid = ?`,
		`DELETE FROM vector_copies WHERE id = ?`,
	} {
		if _, err := w.tx.Exec(q, id); err != nil {
			return err
		}
	}
	return nil
}

// storeVector replaces a chunk's vector.
func (w *writer) storeVector(id int64, v []float32) error {
	blob, err := serializeVector(v)
	if err != nil {
		return err
	}
	for _, q := range []string{`DELETE FROM vectors WHERE rowid = ?`, `DELETE FROM vector_codes WHERE rowid = ?`} {
		if _, err := w.tx.Exec(q, id); err != nil {
			return err
		}
	}
	if _, err = w.tx.Exec(`INSERT INTO vectors(rowid, embedding) VALUES(?, ?)`, id, blob); err != nil {
		return err
	}
	if _, err = w.tx.Exec(`INSERT OR REPLACE INTO vector_copies(id, embedding) VALUES(?, ?)`, id, blob); err != nil {
		return err
	}
	_, err = w.tx.Exec(`INSERT INTO vector_codes(rowid, code) VALUES(?, vec_bit(?))`, id, signCode(v))
	return err
}
