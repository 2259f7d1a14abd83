package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// An app that means to keep the first of two equal rows says so where it
// writes them: ON CONFLICT DO NOTHING, INSERT OR IGNORE, gorm's
// clause.OnConflict{DoNothing: true}. A unique violation in such an app
// may be a write that lost that clause, not a duplicate to refuse with a
// 409: the clause is cited, and the advice is conditional.

// reConflictSkip matches a statement or a builder clause that lets a
// duplicate pass.
// ent's builders say it with OnConflict() or OnConflictColumns(…).
var reConflictSkip = regexp.MustCompile(`(?i)\bON\s+CONFLICT\b|\bINSERT\s+OR\s+(?:IGNORE|REPLACE)\b|\bINSERT\s+IGNORE\b|\bON\s+DUPLICATE\s+KEY\b|\bOnConflict\{|\bOnConflict\(\)|\bOnConflictColumns\(`)

// conflictSkipped returns a line of the module that lets a duplicate pass
// (reConflictSkip): in a file of the failing stack first (rank 0), then
// in a file that names table or the ORM's model of it ("reads",
// client.Read.; rank 1), then anywhere (rank 2); not in another
// database's files when the module has the failing one's.
func (a *analysis) conflictSkipped(table string) (sourceLine, int, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, 3, false
	}
	onStack := map[string]bool{}
	for _, fr := range a.r.Frames {
		onStack[fr.File] = true
	}
	var named *regexp.Regexp
	if table != "" {
		named = regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(table) + `\b|\.` + regexp.QuoteMeta(appsource.ModelNames(table)[0]) + `\.`)
	}
	d := a.dialect()
	own := src.mod.HasDialectFiles(d)
	var best sourceLine
	bestRank := 3
	for _, f := range src.files {
		if own && appsource.DialectRank(src.mod.Rel(f.path), d) == 2 {
			continue // another database's statements
		}
		if _, gen := src.mod.GeneratedBy(f.path); gen {
			continue // an ORM's generated builders declare the clause, the app's code uses it
		}
		lines := f.text()
		for i, l := range lines {
			if !reConflictSkip.MatchString(l) || strings.HasPrefix(strings.TrimSpace(l), "//") || strings.HasPrefix(strings.TrimSpace(l), "func ") {
				continue
			}
			rank := 2
			switch {
			case onStack[f.path]:
				rank = 0
			case named != nil && anyLineMatches(lines, named):
				rank = 1
			}
			if rank < bestRank {
				in := ""
				if _, fd := src.funcAt(f.path, i+1); fd != nil {
					in = funcName(fd)
				}
				best, bestRank = src.lineIn(f.src, i+1, in), rank
			}
			break
		}
	}
	return best, bestRank, bestRank < 3
}
