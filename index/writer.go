package index

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
)

// contentHash is a hex digest of s (the first 128 bits of its SHA-256).
func contentHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:16])
}

// Statements of a build, each prepared once per build.
const (
	sqlInsertChunk = `INSERT INTO chunks(id, file, package, symbol, kind, start_line, end_line, receiver, signature, part, decl, text, hash, src_hash, term_count, idents)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlChunkForTerms = `SELECT file, package, symbol, kind, receiver, signature, decl, text, term_count, idents FROM chunks WHERE id = ?`
	sqlInsertVector  = `INSERT OR REPLACE INTO vectors(id, embedding) VALUES(?, ?)`
	sqlPutFile       = `INSERT OR REPLACE INTO files(path, hash, package, skipped) VALUES(?, ?, ?, ?)`
	sqlDeleteFile    = `DELETE FROM files WHERE path = ?`
	sqlFileChunks    = `SELECT id, src_hash, package FROM chunks WHERE file = ?`
	sqlMoveChunk     = `UPDATE chunks SET start_line = ?, end_line = ?, part = ? WHERE id = ?`
	sqlSetChunkText  = `UPDATE chunks SET text = ?, hash = ? WHERE id = ?`
	sqlTypeChunks    = `SELECT id, file, symbol, decl, hash FROM chunks WHERE package = ? AND kind = 'type'`
	sqlMethodsOfType = `SELECT signature FROM chunks WHERE package = ? AND receiver = ? AND part = 0 ORDER BY file, start_line`
)

// sqlDeleteChunk removes a chunk and everything stored about it but its
// terms and identifiers (see deletePostings) and its shortlist code (see
// dropCode).
var sqlDeleteChunk = []string{
	`DELETE FROM chunks WHERE id = ?`,
	`DELETE FROM vectors WHERE id = ?`,
}

// writer applies one build's changes inside a transaction, with each
// statement prepared once.
type writer struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
	// pending maps chunk ids to the text to embed for them.
	pending map[int64]string
	// touched holds the packages whose type chunks must be completed again.
	touched map[string]bool
	// codes holds the shortlist codes changed since the last flushCodes
	// by chunk id, nil for a chunk deleted.
	codes map[int64][]byte
	// terms and idents hold the posting lists of terms and identifiers
	// read or changed since they were last written.
	terms, idents *postingCache
	// termDelta is the change of the sum of the chunks' term_count.
	termDelta int64
	// bulk, when not nil, collects the posting lists of inserted chunks,
	// to be written in key order by flushBulk (a new index, whose chunks
	// are inserted in id order).
	bulk *bulkRows
}

func newWriter(tx *sql.Tx) *writer {
	return &writer{tx: tx, stmts: map[string]*sql.Stmt{}, pending: map[int64]string{},
		touched: map[string]bool{}, codes: map[int64][]byte{},
		terms: newPostingCache(termTable), idents: newPostingCache(identTable)}
}

// stmt returns the prepared form of query. Statements prepared on the
// transaction are closed when it ends.
func (w *writer) stmt(query string) (*sql.Stmt, error) {
	if s, ok := w.stmts[query]; ok {
		return s, nil
	}
	s, err := w.tx.Prepare(query)
	if err != nil {
		return nil, err
	}
	w.stmts[query] = s
	return s, nil
}

func (w *writer) exec(query string, args ...any) error {
	s, err := w.stmt(query)
	if err != nil {
		return err
	}
	_, err = s.Exec(args...)
	return err
}

// chunkData is what is stored about a chunk besides its source: computed
// before writing, away from the transaction.
type chunkData struct {
	input     string         // the text embedded
	srcHash   string         // the hash of the chunk's own source, to reuse it when it moves
	idents    [][2]string    // (name, role) pairs
	stored    string         // idents as stored on the chunk's row (identsObject)
	terms     map[string]int // term weights
	termCount int
}

// prepareChunk computes a chunk's data.
func prepareChunk(c *chunk) chunkData {
	input := embedInput(c.File, c.Package, c.Symbol, c.Text)
	d := chunkData{input: input, srcHash: contentHash(input)}
	d.idents = c.idents()
	d.stored = identsObject(d.idents)
	d.terms = chunkTerms(c)
	for _, n := range d.terms {
		d.termCount += n
	}
	return d
}

// storedChunk is what a reuse decision needs of an existing chunk.
type storedChunk struct {
	id      int64
	srcHash string
	pkg     string
}

// fileChunks returns the chunks stored for a file.
func (w *writer) fileChunks(file string) ([]storedChunk, error) {
	s, err := w.stmt(sqlFileChunks)
	if err != nil {
		return nil, err
	}
	rows, err := s.Query(file)
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

// replaceFile stores a changed file's chunks in an existing index. A new
// chunk whose source is identical to one already stored for the file (a
// function that merely moved) takes over that row and its vector; every
// other new chunk is queued for embedding; stored chunks left over are
// deleted.
func (w *writer) replaceFile(f changedFile) error {
	old, err := w.fileChunks(f.file.Rel)
	if err != nil {
		return err
	}
	reusable := map[string][]int64{}
	for _, o := range old {
		reusable[o.srcHash] = append(reusable[o.srcHash], o.id)
		w.touched[o.pkg] = true
	}
	for i := range f.chunks {
		c, d := &f.chunks[i], &f.data[i]
		w.touched[c.Package] = true
		if ids := reusable[d.srcHash]; len(ids) > 0 {
			reusable[d.srcHash] = ids[1:]
			if err := w.exec(sqlMoveChunk, c.StartLine, c.EndLine, c.Part, ids[0]); err != nil {
				return err
			}
			continue
		}
		id, err := w.insertChunkData(0, c, d, c.Text, d.srcHash)
		if err != nil {
			return err
		}
		w.pending[id] = d.input
	}
	for _, ids := range reusable {
		for _, id := range ids {
			if err := w.deleteChunk(id); err != nil {
				return err
			}
		}
	}
	return w.exec(sqlPutFile, f.file.Rel, f.hash, f.file.Pkg, f.skip)
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
	return w.exec(sqlDeleteFile, rel)
}

// insertChunkData stores a chunk with the given id (0: the next free one),
// text and text hash, with its identifiers and terms.
func (w *writer) insertChunkData(id int64, c *chunk, d *chunkData, text, hash string) (int64, error) {
	id, err := w.insertChunkRowID(id, c, d, text, hash)
	if err != nil {
		return 0, err
	}
	return id, w.addChunkTerms(id, c, d)
}

// insertChunkRow stores the row of a chunk with the given id, text and
// text hash; its identifiers and terms are added by addChunkTerms.
func (w *writer) insertChunkRow(id int64, c *chunk, d *chunkData, text, hash string) error {
	_, err := w.insertChunkRowID(id, c, d, text, hash)
	return err
}

// insertChunkRowID is insertChunkRow that also takes id 0 (the next free
// one) and returns the id.
func (w *writer) insertChunkRowID(id int64, c *chunk, d *chunkData, text, hash string) (int64, error) {
	decl := ""
	if c.Kind == KindType {
		decl = c.Text
	}
	var idArg any
	if id != 0 {
		idArg = id
	}
	s, err := w.stmt(sqlInsertChunk)
	if err != nil {
		return 0, err
	}
	res, err := s.Exec(idArg, c.File, c.Package, c.Symbol, c.Kind, c.StartLine, c.EndLine, c.Receiver, c.Signature, c.Part,
		decl, text, hash, d.srcHash, d.termCount, d.stored)
	if err != nil {
		return 0, fmt.Errorf("storing chunk %s %s: %w", c.File, c.Symbol, err)
	}
	if id == 0 {
		if id, err = res.LastInsertId(); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// addChunkTerms stores the identifiers and terms of chunk id; a new
// index collects them (bulkRows), in increasing id order.
func (w *writer) addChunkTerms(id int64, c *chunk, d *chunkData) error {
	w.termDelta += int64(d.termCount)
	if w.bulk != nil {
		w.bulk.add(id, d)
		return nil
	}
	for _, nr := range d.idents {
		if err := w.setPosting(w.idents, identKey(nr[1], nr[0]), id, 1); err != nil {
			return fmt.Errorf("storing identifiers of %s %s: %w", c.File, c.Symbol, err)
		}
	}
	for t, n := range d.terms {
		if err := w.setPosting(w.terms, t, id, n); err != nil {
			return fmt.Errorf("storing terms of %s %s: %w", c.File, c.Symbol, err)
		}
	}
	return nil
}

func (w *writer) deleteChunk(id int64) error {
	delete(w.pending, id)
	if err := w.deletePostings(id); err != nil {
		return err
	}
	for _, q := range sqlDeleteChunk {
		if err := w.exec(q, id); err != nil {
			return err
		}
	}
	w.dropCode(id)
	return nil
}

// encodedVector is a vector ready to store: its encoding and shortlist code.
type encodedVector struct {
	blob, code []byte
}

// encodeChunkVector encodes a vector for storeEncoded.
func encodeChunkVector(v []float32) (encodedVector, error) {
	blob, err := encodeVector(v)
	if err != nil {
		return encodedVector{}, err
	}
	return encodedVector{blob: blob, code: shortlistCode(v)}, nil
}

// storeEncoded stores an encoded vector, replacing the chunk's old one;
// its shortlist code is written by flushCodes.
func (w *writer) storeEncoded(id int64, ev encodedVector) error {
	if err := w.exec(sqlInsertVector, id, ev.blob); err != nil {
		return err
	}
	w.setCode(id, ev.code)
	return nil
}

// flush writes the posting lists and shortlist codes changed by the
// build; it must run before the transaction is committed.
func (w *writer) flush() error {
	for _, pc := range []*postingCache{w.terms, w.idents} {
		if err := w.flushPostings(pc); err != nil {
			return err
		}
	}
	return w.flushCodes()
}
