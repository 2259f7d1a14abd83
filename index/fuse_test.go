package index

import "testing"

func TestFuseRankings(t *testing.T) {
	got := fuseRankings(ranking{[]int64{1, 2, 3}, 1}, ranking{[]int64{3, 4, 1}, 1})
	order := []int64{}
	for _, r := range got {
		order = append(order, r.id)
	}
	// 1 and 3 are in both rankings; 1 ranks higher on the first, so it wins
	// the tie with 3 by order of appearance.
	want := []int64{1, 3, 2, 4}
	if len(order) != len(want) {
		t.Fatalf("fused %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("fused %v, want %v", order, want)
		}
	}
	if got[0].score > 1 || got[0].score <= got[2].score {
		t.Errorf("scores %v: want at most 1, chunks in both rankings above the others", got)
	}
	if one := fuseRankings(ranking{[]int64{7}, 1}, ranking{nil, 1}); len(one) != 1 || one[0].score != 1 {
		t.Errorf("first of the only non-empty ranking scores %v, want 1", one)
	}
}
