package index

import (
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Shortlist codes are stored in pages, so that a retriever reads every
// code of a large index in a few rows: page p of the code_pages table
// holds the codes of chunk ids p*codePageSize to (p+1)*codePageSize-1, as
// one blob of entries in id order, each the id (8 bytes, little-endian)
// followed by the code (shortlistBits/8 bytes). A build collects its code
// changes and rewrites only the pages they fall in (see flushCodes).
const (
	codePageSize   = 1024
	codeBytes      = shortlistBits / 8
	codeEntryBytes = 8 + codeBytes
)

// Statements of the code pages.
const (
	sqlReadCodePage  = `SELECT codes FROM code_pages WHERE page = ?`
	sqlPutCodePage   = `INSERT OR REPLACE INTO code_pages(page, codes) VALUES(?, ?)`
	sqlDropCodePage  = `DELETE FROM code_pages WHERE page = ?`
	sqlReadCodePages = `SELECT codes FROM code_pages ORDER BY page`
)

// errBadCodePage is returned for a stored code page that encodeCodePage
// did not write.
var errBadCodePage = errors.New("stored page of search codes is malformed")

// codePageOf returns the page holding the code of chunk id.
func codePageOf(id int64) int64 { return id / codePageSize }

// forEachCode calls fn with the id and code of every entry of a stored
// code page, in order; code is only valid during the call.
func forEachCode(page []byte, fn func(id int64, code []byte)) error {
	if len(page)%codeEntryBytes != 0 {
		return errBadCodePage
	}
	for p := 0; p < len(page); p += codeEntryBytes {
		fn(int64(binary.LittleEndian.Uint64(page[p:])), page[p+8:p+codeEntryBytes])
	}
	return nil
}

// encodeCodePage encodes the codes of one page, by id.
func encodeCodePage(codes map[int64][]byte) []byte {
	ids := make([]int64, 0, len(codes))
	for id := range codes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := make([]byte, 0, len(ids)*codeEntryBytes)
	for _, id := range ids {
		out = binary.LittleEndian.AppendUint64(out, uint64(id))
		out = append(out, codes[id]...)
	}
	return out
}

// setCode records a chunk's new shortlist code, written by flushCodes.
func (w *writer) setCode(id int64, code []byte) { w.codes[id] = code }

// dropCode records that a chunk's shortlist code is gone.
func (w *writer) dropCode(id int64) { w.codes[id] = nil }

// flushCodes writes the code changes recorded since the last flush: each
// page they fall in is read, changed and written back once (or deleted
// when it is left empty).
func (w *writer) flushCodes() error {
	byPage := map[int64][]int64{}
	for id := range w.codes {
		byPage[codePageOf(id)] = append(byPage[codePageOf(id)], id)
	}
	pages := make([]int64, 0, len(byPage))
	for p := range byPage {
		pages = append(pages, p)
	}
	slices.Sort(pages)
	for _, p := range pages {
		codes, err := w.readCodePage(p)
		if err != nil {
			return err
		}
		for _, id := range byPage[p] {
			if code := w.codes[id]; code != nil {
				if len(code) != codeBytes {
					return fmt.Errorf("search code of chunk %d has %d bytes, not %d", id, len(code), codeBytes)
				}
				codes[id] = code
			} else {
				delete(codes, id)
			}
		}
		if len(codes) == 0 {
			err = w.exec(sqlDropCodePage, p)
		} else {
			err = w.exec(sqlPutCodePage, p, encodeCodePage(codes))
		}
		if err != nil {
			return fmt.Errorf("storing search codes: %w", err)
		}
	}
	clear(w.codes)
	return nil
}

// readCodePage returns the stored codes of page p by id (none when the
// page is not stored).
func (w *writer) readCodePage(p int64) (map[int64][]byte, error) {
	codes := map[int64][]byte{}
	s, err := w.stmt(sqlReadCodePage)
	if err != nil {
		return nil, err
	}
	var blob []byte
	switch err := s.QueryRow(p).Scan(&blob); {
	case err == nil:
	case errors.Is(err, sql.ErrNoRows):
		return codes, nil
	default:
		return nil, fmt.Errorf("reading search codes: %w", err)
	}
	err = forEachCode(blob, func(id int64, code []byte) { codes[id] = code })
	return codes, err
}
