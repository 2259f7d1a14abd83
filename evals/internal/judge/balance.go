package judge

import "sort"

// Grouped is one comparison's id and the groups it is reported in (its
// app, its category, its app and fixture group, ...).
type Grouped struct {
	ID     string
	Groups []string
}

// BalancedWithinGroups decides, like BalancedFirst, which comparisons
// show their first mode as A, but balanced within every group as well as
// overall: in each group the two orders differ by at most one whenever
// such a draw exists (swaps are searched until none improves). The
// starting draw comes from the seed, run and rep, and the search is
// deterministic, so a resumed run draws the same.
func BalancedWithinGroups(items []Grouped, seed int64, run, rep int) map[string]bool {
	ids := make([]string, len(items))
	groupsOf := map[string][]string{}
	for i, it := range items {
		ids[i] = it.ID
		groupsOf[it.ID] = append([]string{""}, it.Groups...)
	}
	first := BalancedFirst(ids, seed, run, rep)
	sort.Strings(ids)
	diff := map[string]int{} // group -> (A-first) - (B-first)
	for _, id := range ids {
		for _, g := range groupsOf[id] {
			diff[g] += sign(first[id])
		}
	}
	// excess is what a draw is judged by: how far each group is past
	// the ±1 an odd group cannot avoid.
	excess := func() int {
		e := 0
		for _, d := range diff {
			if d < 0 {
				d = -d
			}
			if d > 1 {
				e += (d - 1) * (d - 1)
			}
		}
		return e
	}
	flip := func(id string) {
		for _, g := range groupsOf[id] {
			diff[g] -= 2 * sign(first[id])
		}
		first[id] = !first[id]
	}
	for cur := excess(); cur > 0; {
		improved := false
		for i := 0; i < len(ids) && !improved; i++ {
			for j := i + 1; j < len(ids) && !improved; j++ {
				a, b := ids[i], ids[j]
				if first[a] == first[b] {
					continue
				}
				flip(a)
				flip(b)
				if e := excess(); e < cur {
					cur, improved = e, true
				} else {
					flip(a)
					flip(b)
				}
			}
		}
		if !improved {
			break
		}
	}
	return first
}

func sign(b bool) int {
	if b {
		return 1
	}
	return -1
}
