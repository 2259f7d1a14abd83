package index

import (
	"context"
	"database/sql"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	textwords "github.com/explainerr/explainerr/internal/words"
)

var (
	// templatePosRE finds "template: post.html:3:14:" in an execution error.
	templatePosRE = regexp.MustCompile(`template: ([^\s:"]+):(\d+)`)
	// quotedNameRE finds quoted template names: `executing "post.html"`,
	// `"posts_lst.html" is undefined`, `no template "x"`.
	quotedNameRE = regexp.MustCompile(`"([^"\s]{1,200})"`)
)

// templateRef is a template an error message names, with a line when the
// message gives one.
type templateRef struct {
	name string
	line int
	// missing is set when the message says the template does not exist,
	// so templates with nearby names are worth showing.
	missing bool
}

// templateRefs returns the templates an error names, in order, once each.
func templateRefs(e report.Error) []templateRef {
	var out []templateRef
	seen := map[string]bool{}
	for _, msg := range append([]string{e.Message}, e.Chain...) {
		if !strings.Contains(msg, "template") {
			continue
		}
		missing := strings.Contains(msg, "undefined") || strings.Contains(msg, "no template") ||
			strings.Contains(msg, "not defined")
		for _, m := range templatePosRE.FindAllStringSubmatch(msg, -1) {
			line, _ := strconv.Atoi(m[2])
			if !seen[m[1]] {
				seen[m[1]] = true
				out = append(out, templateRef{name: m[1], line: line})
			}
		}
		for _, m := range quotedNameRE.FindAllStringSubmatch(msg, -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				out = append(out, templateRef{name: m[1], missing: missing})
			}
		}
	}
	return out
}

// templateAnchors adds the template chunks an error message names. A
// name with a line picks the chunk of that file holding the line; a name
// the index does not know (a misspelt template) picks the templates with
// the nearest names instead. Once a position has named a file, other
// names ("executing \"content\"", defined by every page) are looked up
// in that file only.
func (r *Retriever) templateAnchors(ctx context.Context, e report.Error, sel *selection) error {
	refs := templateRefs(e)
	var files []string
	for _, ref := range refs {
		found, err := r.templateChunks(ctx, ref, files)
		if err != nil {
			return err
		}
		if len(found) == 0 && ref.missing {
			ids, err := r.nearestTemplates(ctx, ref.name)
			if err != nil {
				return err
			}
			for _, id := range ids {
				found = append(found, fileChunk{id: id})
			}
		}
		for _, f := range found {
			sel.add(f.id, report.ReasonFrame, 1)
			if ref.line > 0 && f.file != "" {
				files = append(files, f.file)
			}
		}
	}
	return nil
}

// fileChunk is a chunk id with its file.
type fileChunk struct {
	id   int64
	file string
}

// templateChunks returns the template chunks that declare ref.name,
// narrowed to the one holding ref.line when that one is known, and to the
// given files when there are any.
func (r *Retriever) templateChunks(ctx context.Context, ref templateRef, files []string) ([]fileChunk, error) {
	if ref.line > 0 {
		var f fileChunk
		err := r.db.QueryRowContext(ctx, `SELECT id, file FROM chunks WHERE kind = ? AND (file = ? OR file LIKE ? ESCAPE '\') AND start_line <= ? AND end_line >= ?
			ORDER BY end_line - start_line LIMIT 1`, KindTemplate, ref.name, "%/"+escapeLike(ref.name), ref.line, ref.line).Scan(&f.id, &f.file)
		if err == nil {
			return []fileChunk{f}, nil
		}
		if err != sql.ErrNoRows {
			return nil, r.broken(err)
		}
	}
	rows, err := r.db.QueryContext(ctx, `SELECT c.id, c.file FROM `+sqlIdentChunks+` JOIN chunks c ON c.id = j.value
		WHERE p.key = ? AND c.kind = ? AND (c.symbol = ? OR c.part = 0)
		ORDER BY c.symbol = ? DESC, c.file, c.start_line`, identKey(roleDeclares, ref.name), KindTemplate, ref.name, ref.name)
	if err != nil {
		return nil, r.broken(err)
	}
	defer rows.Close()
	var out []fileChunk
	for rows.Next() {
		var f fileChunk
		if err := rows.Scan(&f.id, &f.file); err != nil {
			return nil, r.broken(err)
		}
		if len(files) == 0 || slices.Contains(files, f.file) {
			out = append(out, f)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, r.broken(err)
	}
	return out[:min(len(out), 3)], nil
}

// nearestTemplates returns up to two template chunks whose symbol is
// within a small edit distance of name.
func (r *Retriever) nearestTemplates(ctx context.Context, name string) ([]int64, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id, symbol FROM chunks WHERE kind = ? AND part = 0`, KindTemplate)
	if err != nil {
		return nil, r.broken(err)
	}
	defer rows.Close()
	type cand struct {
		id   int64
		dist int
	}
	var best []cand
	limit := max(2, len(name)/4)
	for rows.Next() {
		var id int64
		var sym string
		if err := rows.Scan(&id, &sym); err != nil {
			return nil, r.broken(err)
		}
		if d := textwords.EditDistance(strings.ToLower(sym), strings.ToLower(name)); d <= limit {
			best = append(best, cand{id, d})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, r.broken(err)
	}
	// Stable selection of the two nearest.
	var out []int64
	for d := 0; d <= limit && len(out) < 2; d++ {
		for _, c := range best {
			if c.dist == d && len(out) < 2 {
				out = append(out, c.id)
			}
		}
	}
	return out, nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`%`, `\%`, `_`, `\_`).Replace(s)
}
