package index

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// The identifiers of the chunks are stored twice, each time packed: on
// the chunk's row (chunks.idents, a JSON object of its names by role, read
// when the chunk is deleted and by the graph hop from a chunk) and as one
// posting list per role and name (ident_postings, a JSON array of the
// chunks' ids in increasing order, read by the graph hop from a name).
// Both are JSON so that queries expand them with SQLite's json_each. A row
// per list rather than per (chunk, name, role) makes a build write a few
// tens of thousands of rows instead of a few hundred thousand, and no
// secondary index.

// identKey is the key of a posting list of identifiers: the role's letter
// followed by the name ("dNewServer": the chunks declaring NewServer).
func identKey(role, name string) string { return role + name }

// sqlIdentChunks expands the posting list of one key (?1) into chunk ids
// (j.value); a query adds its own joins and conditions after it.
const sqlIdentChunks = `ident_postings p, json_each(p.chunks) j`

// identTable holds the identifiers' posting lists. Their weights are all
// 1 and are not stored.
var identTable = &postingTable{
	what:   "identifier",
	put:    `INSERT OR REPLACE INTO ident_postings(key, n, chunks) VALUES(?, ?, ?)`,
	drop:   `DELETE FROM ident_postings WHERE key = ?`,
	read:   `SELECT chunks FROM ident_postings WHERE key = ?`,
	scan:   `SELECT key, chunks FROM ident_postings`,
	encode: encodeIDList,
	decode: decodeIDList,
}

// encodeIDList encodes a posting list's ids as a JSON array.
func encodeIDList(ps []posting) any {
	b := make([]byte, 0, 6*len(ps)+2)
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, p.id, 10)
	}
	return string(append(b, ']'))
}

// decodeIDList decodes an array written by encodeIDList into postings of
// weight 1, appending to dst; an empty input is an empty list.
func decodeIDList(dst []posting, b []byte) ([]posting, error) {
	if len(b) == 0 {
		return dst, nil
	}
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return dst, errBadPostings
	}
	b = b[1 : len(b)-1]
	var prev int64
	for len(b) > 0 {
		var id int64
		n := 0
		for n < len(b) && b[n] >= '0' && b[n] <= '9' && id < 1<<53 {
			id = id*10 + int64(b[n]-'0')
			n++
		}
		if n == 0 || id <= prev || n < len(b) && b[n] != ',' || n == len(b)-1 {
			return dst, errBadPostings
		}
		dst = append(dst, posting{id: id, weight: 1})
		prev = id
		b = b[min(n+1, len(b)):]
	}
	return dst, nil
}

// identRoles is the order in which a chunk's identifiers are stored.
var identRoles = [...]string{roleDeclares, roleReferences, roleCalls, roleReturns}

// identsObject encodes (name, role) pairs as a JSON object of the names by
// role, {"d":["Store"],"r":["sync","Mutex"]}; roles without names are left
// out.
func identsObject(idents [][2]string) string {
	b := make([]byte, 0, 12*len(idents)+2)
	b = append(b, '{')
	for _, role := range identRoles {
		first := true
		for _, nr := range idents {
			if nr[1] != role {
				continue
			}
			if first {
				if len(b) > 1 {
					b = append(b, ',')
				}
				b = appendJSONString(b, role)
				b = append(b, ':', '[')
			} else {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, nr[0])
		}
		if !first {
			b = append(b, ']')
		}
	}
	return string(append(b, '}'))
}

// setIdents fills c's identifier lists from a stored identsObject.
func (c *chunk) setIdents(stored string) error {
	var byRole map[string][]string
	if err := json.Unmarshal([]byte(stored), &byRole); err != nil {
		return fmt.Errorf("stored identifiers of chunk %s %s are malformed: %w", c.File, c.Symbol, err)
	}
	c.Declares, c.References = byRole[roleDeclares], byRole[roleReferences]
	c.Calls, c.Returns = byRole[roleCalls], byRole[roleReturns]
	return nil
}
