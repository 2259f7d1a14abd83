package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// materialize reads the chosen chunks, in order, with their text cut to
// MaxChunkChars.
func (r *Retriever) materialize(ctx context.Context, sel *selection) ([]report.Chunk, error) {
	out := make([]report.Chunk, 0, sel.len())
	stmt, err := r.db.PrepareContext(ctx, `SELECT file, start_line, end_line, symbol, kind, text FROM chunks WHERE id = ?`)
	if err != nil {
		return nil, r.broken(err)
	}
	defer stmt.Close()
	for _, p := range sel.order {
		c := report.Chunk{Reason: p.reason, Score: p.score}
		err := stmt.QueryRowContext(ctx, p.id).Scan(&c.File, &c.StartLine, &c.EndLine, &c.Symbol, &c.Kind, &c.Text)
		if err == sql.ErrNoRows {
			return nil, r.broken(fmt.Errorf("vector %d has no chunk", p.id))
		}
		if err != nil {
			return nil, r.broken(err)
		}
		if len(c.Text) > r.opts.MaxChunkChars {
			c.Text = strings.ToValidUTF8(c.Text[:r.opts.MaxChunkChars], "") + "\n// ... (cut)"
		}
		out = append(out, c)
	}
	return out, nil
}
