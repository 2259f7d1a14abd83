package index

import (
	"cmp"
	"slices"
)

// fusionK is the constant of reciprocal rank fusion: a chunk ranked r-th
// (from 1) by one ranking gains weight/(fusionK+r) from it; 60 is the
// constant of the method's authors, and measured as well as 5 to 20 on the
// search sets in testdata/search.
const fusionK = 60

// ranked is a chunk id with a score, higher is better.
type ranked struct {
	id    int64
	score float64
}

// ranking is one ranking of chunks, best first, and its weight in a fusion.
type ranking struct {
	ids    []int64
	weight float64
}

// fuseRankings merges rankings by weighted reciprocal rank fusion: each
// chunk scores the sum over the rankings that hold it of
// weight/(fusionK+rank), scaled so that first place in every non-empty
// ranking scores 1. Ties keep the order of first appearance, earlier
// rankings first.
func fuseRankings(rankings ...ranking) []ranked {
	scores := map[int64]float64{}
	var order []int64
	best := 0.0
	for _, rk := range rankings {
		for i, id := range rk.ids {
			if _, ok := scores[id]; !ok {
				order = append(order, id)
			}
			scores[id] += rk.weight / float64(fusionK+i+1)
		}
		if len(rk.ids) > 0 {
			best += rk.weight / float64(fusionK+1)
		}
	}
	if best == 0 {
		best = 1
	}
	out := make([]ranked, len(order))
	for i, id := range order {
		out[i] = ranked{id: id, score: scores[id] / best}
	}
	slices.SortStableFunc(out, func(a, b ranked) int { return cmp.Compare(b.score, a.score) })
	return out
}

// Weights of the rankings fused by Retriever.rank. With the hash embedder
// the vectors are a bag of the same words the lexical ranking weighs by
// rarity, so the lexical ranking, the sharper of the two, counts twice
// (measured on the search sets: 1.5 to 2 beat 1); a semantic embedder's
// ranking counts as much as the lexical one.
const (
	fusionWeightVector      = 1.0
	fusionWeightLexical     = 1.0
	fusionWeightLexicalHash = 2.0
	fusionWeightNamed       = 1.0
)

// lexicalWeight is the weight of the lexical ranking next to the vectors
// of an embedder.
func lexicalWeight(e Embedder) float64 {
	if _, ok := e.(*HashEmbedder); ok {
		return fusionWeightLexicalHash
	}
	return fusionWeightLexical
}
