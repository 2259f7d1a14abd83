package index

import (
	"database/sql"
	"fmt"
	"strings"
)

// typeText returns a type chunk's text: its declaration followed by the
// signatures of its methods, wherever in the package they are declared.
func typeText(decl, name string, methods []string) string {
	if len(methods) == 0 {
		return decl
	}
	var b strings.Builder
	b.WriteString(decl)
	fmt.Fprintf(&b, "\n\n// Methods of %s:\n", name)
	for _, m := range methods {
		b.WriteString("//\t")
		b.WriteString(strings.Join(strings.Fields(m), " "))
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// completeTypes rewrites the type chunks of the given packages with their
// methods' signatures, and returns the ids whose text changed with the
// text to embed.
func completeTypes(tx *sql.Tx, pkgs map[string]bool) (map[int64]string, error) {
	changed := map[int64]string{}
	for pkg := range pkgs {
		types, err := tx.Query(`SELECT id, file, symbol, decl, hash FROM chunks WHERE package = ? AND kind = ?`, pkg, KindType)
		if err != nil {
			return nil, err
		}
		type typeRow struct {
			id                       int64
			file, symbol, decl, hash string
		}
		var rows []typeRow
		for types.Next() {
			var r typeRow
			if err := types.Scan(&r.id, &r.file, &r.symbol, &r.decl, &r.hash); err != nil {
				types.Close()
				return nil, err
			}
			rows = append(rows, r)
		}
		types.Close()
		if err := types.Err(); err != nil {
			return nil, err
		}
		for _, r := range rows {
			methods, err := methodSignatures(tx, pkg, r.symbol)
			if err != nil {
				return nil, err
			}
			text := typeText(r.decl, r.symbol, methods)
			input := embedInput(r.file, pkg, r.symbol, text)
			h := contentHash(input)
			if h == r.hash {
				continue
			}
			if _, err := tx.Exec(`UPDATE chunks SET text = ?, hash = ? WHERE id = ?`, text, h, r.id); err != nil {
				return nil, err
			}
			changed[r.id] = input
		}
	}
	return changed, nil
}

// methodSignatures lists the signatures of a type's methods in a package.
func methodSignatures(tx *sql.Tx, pkg, typ string) ([]string, error) {
	rows, err := tx.Query(`SELECT signature FROM chunks WHERE package = ? AND receiver = ? AND part = 0 ORDER BY file, start_line`, pkg, typ)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
