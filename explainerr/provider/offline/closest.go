package offline

import (
	"sort"

	"github.com/explainerr/explainerr/internal/words"
)

// closest returns the candidate nearest to word by edit distance, at most
// maxDist edits away (a change of case is an edit) and not equal to
// word, or "". Ties go to the alphabetically first candidate, so the
// answer is deterministic.
func closest(word string, candidates []string, maxDist int) string {
	best, bestDist := "", maxDist+1
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		if c == word || len(c) < 2 {
			continue
		}
		if d := words.EditDistance(word, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}
