package appgroups

import (
	"sort"

	"github.com/explainerr/explainerr/evals/internal/records"
)

// sortedIDs returns the fixture ids of gens in order, so that resampling
// sees the fixtures in the same order on every run.
func sortedIDs(gens map[string]records.Generation) []string {
	ids := make([]string, 0, len(gens))
	for id := range gens {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func sortStrings(s []string) { sort.Strings(s) }

// medianInt is the median of xs (0 when empty).
func medianInt(xs []int) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	mid := len(s) / 2
	if len(s)%2 == 1 {
		return float64(s[mid])
	}
	return float64(s[mid-1]+s[mid]) / 2
}
