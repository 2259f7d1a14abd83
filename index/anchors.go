package index

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// fileSuffixes maps the absolute paths of frames to the module-relative
// paths stored in an index by the longest matching path suffix.
type fileSuffixes struct {
	// byBase lists stored paths by their last element.
	byBase map[string][]string
}

func loadFileSuffixes(db *sql.DB) (*fileSuffixes, error) {
	rows, err := db.Query(`SELECT DISTINCT file FROM chunks`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	fs := &fileSuffixes{byBase: map[string][]string{}}
	for rows.Next() {
		var f string
		if err := rows.Scan(&f); err != nil {
			return nil, err
		}
		base := f[strings.LastIndexByte(f, '/')+1:]
		fs.byBase[base] = append(fs.byBase[base], f)
	}
	return fs, rows.Err()
}

// fileSuffixes returns the paths of the indexed files, reading them the
// first time.
func (r *Retriever) fileSuffixes() (*fileSuffixes, error) {
	r.files.once.Do(func() {
		fs, err := loadFileSuffixes(r.db)
		if err != nil {
			r.files.err = r.broken(err)
			return
		}
		r.files.fileSuffixes = fs
	})
	return r.files.fileSuffixes, r.files.err
}

// match returns the stored path that abs ends with ("/src/app/store/db.go"
// matches "store/db.go"), the longest when several do, or "".
func (fs *fileSuffixes) match(abs string) string {
	abs = filepath.ToSlash(abs)
	base := abs[strings.LastIndexByte(abs, '/')+1:]
	best := ""
	for _, rel := range fs.byBase[base] {
		if (abs == rel || strings.HasSuffix(abs, "/"+rel)) && len(rel) > len(best) {
			best = rel
		}
	}
	return best
}

// anchor is a chunk that contains an app frame's line.
type anchor struct {
	id    int64
	frame report.Frame
}

// frameAnchors adds, for each app frame innermost first, the chunk whose
// file and line range contain it.
func (r *Retriever) frameAnchors(ctx context.Context, rep *report.Report, sel *selection) ([]anchor, error) {
	var out []anchor
	for _, f := range rep.Frames {
		if f.Kind != report.FrameApp || f.File == "" || len(out) >= maxFrameAnchors {
			continue
		}
		files, err := r.fileSuffixes()
		if err != nil {
			return nil, err
		}
		rel := files.match(f.File)
		if rel == "" {
			continue
		}
		id, ok, err := r.chunkAt(ctx, rel, f.Line)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if sel.add(id, report.ReasonFrame, 1) {
			out = append(out, anchor{id: id, frame: f})
		}
	}
	return out, nil
}

// chunkAt returns the smallest chunk of file whose lines contain line.
func (r *Retriever) chunkAt(ctx context.Context, file string, line int) (int64, bool, error) {
	var id int64
	err := r.db.QueryRowContext(ctx, `SELECT id FROM chunks WHERE file = ? AND start_line <= ? AND end_line >= ?
		ORDER BY end_line - start_line, start_line LIMIT 1`, file, line, line).Scan(&id)
	if err == sql.ErrNoRows {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, r.broken(err)
	}
	return id, true, nil
}
