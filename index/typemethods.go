package index

import (
	"cmp"
	"fmt"
	"slices"
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

// completeTypes rewrites the type chunks of the packages the writer
// touched with their methods' signatures, and queues those whose text
// changed for embedding.
func (w *writer) completeTypes() error {
	types, err := w.stmt(sqlTypeChunks)
	if err != nil {
		return err
	}
	for pkg := range w.touched {
		rows, err := types.Query(pkg)
		if err != nil {
			return err
		}
		type typeRow struct {
			id                       int64
			file, symbol, decl, hash string
		}
		var found []typeRow
		for rows.Next() {
			var r typeRow
			if err := rows.Scan(&r.id, &r.file, &r.symbol, &r.decl, &r.hash); err != nil {
				rows.Close()
				return err
			}
			found = append(found, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range found {
			methods, err := w.methodSignatures(pkg, r.symbol)
			if err != nil {
				return err
			}
			text := typeText(r.decl, r.symbol, methods)
			input := embedInput(r.file, pkg, r.symbol, text)
			h := contentHash(input)
			if h == r.hash {
				continue
			}
			if err := w.exec(sqlSetChunkText, text, h, r.id); err != nil {
				return err
			}
			w.pending[r.id] = input
		}
	}
	return nil
}

// methodSignatures lists the signatures of a type's methods in a package.
func (w *writer) methodSignatures(pkg, typ string) ([]string, error) {
	s, err := w.stmt(sqlMethodsOfType)
	if err != nil {
		return nil, err
	}
	rows, err := s.Query(pkg, typ)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var sig string
		if err := rows.Scan(&sig); err != nil {
			return nil, err
		}
		out = append(out, sig)
	}
	return out, rows.Err()
}

// typeTexts returns the completed text of every type chunk among chunks,
// by index, for a new index whose chunks are all at hand: the same text
// completeTypes writes.
func typeTexts(chunks []*chunk) map[int]string {
	type recv struct{ pkg, name string }
	methods := map[recv][]*chunk{}
	for _, c := range chunks {
		if c.Receiver != "" && c.Part == 0 {
			k := recv{c.Package, c.Receiver}
			methods[k] = append(methods[k], c)
		}
	}
	out := map[int]string{}
	for i, c := range chunks {
		if c.Kind != KindType {
			continue
		}
		ms := methods[recv{c.Package, c.Symbol}]
		slices.SortStableFunc(ms, func(a, b *chunk) int {
			return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.StartLine, b.StartLine))
		})
		sigs := make([]string, len(ms))
		for j, m := range ms {
			sigs[j] = m.Signature
		}
		out[i] = typeText(c.Text, c.Symbol, sigs)
	}
	return out
}
