package index

import (
	"cmp"
	"context"
	"database/sql"
	"math"
	"slices"
	"strconv"
	"strings"
)

// BM25 parameters of the lexical ranking, and its limits: a query keeps
// its maxQueryTerms rarest terms; a term found in more than maxTermShare
// of the chunks, or in more than the larger of minPostingsCap and
// postingsShare of them, ranks nothing (its weight is small and reading its
// chunks is not); and
// the lengthCandidates best chunks by
// term matches alone are re-ranked with their lengths, measured against
// the mean length of lengthSample chunks spread over the index.
const (
	bm25K1           = 1.2
	bm25B            = 0.75
	maxQueryTerms    = 16
	maxTermShare     = 0.5
	minPostingsCap   = 500
	postingsShare    = 0.025
	lengthCandidates = 200
	lengthSample     = 512
	expansionWeight  = 0.5
)

// queryExpansions are the words Go code spells otherwise: a constructor
// is a NewX function, a context is a ctx. A query term also searches for
// its expansions, at expansionWeight. Keys and values are plain words,
// stemmed when the table is built.
var queryExpansions = expansionTable(map[string][]string{
	"constructor": {"new"}, "construct": {"new"}, "create": {"new"}, "initialize": {"new", "init"},
	"init": {"initialize"}, "instantiate": {"new"},
	"context": {"ctx"}, "ctx": {"context"},
	"request": {"req"}, "req": {"request"},
	"response": {"resp", "res"}, "resp": {"response"},
	"configuration": {"config", "cfg", "conf"}, "config": {"cfg", "conf"}, "cfg": {"config"},
	"database": {"db"}, "db": {"database"},
	"message": {"msg"}, "msg": {"message"},
	"error": {"err"}, "err": {"error"},
	"length": {"len"}, "len": {"length"},
	"number": {"num"}, "num": {"number"},
	"delete": {"remove", "del"}, "remove": {"delete", "del"},
	"buffer": {"buf"}, "argument": {"arg"}, "parameter": {"param"}, "param": {"parameter"},
	"authentication": {"auth"}, "authorization": {"auth"}, "auth": {"authentication"},
	"template": {"tmpl", "tpl"}, "tmpl": {"template"},
	"directory": {"dir"}, "dir": {"directory"},
	"address": {"addr"}, "addr": {"address"},
	"value": {"val"}, "connection": {"conn"}, "conn": {"connection"},
	"function": {"fn", "func"}, "index": {"idx"},
})

func expansionTable(words map[string][]string) map[string][]string {
	out := map[string][]string{}
	for k, vs := range words {
		key := stemTerm(k)
		for _, v := range vs {
			out[key] = append(out[key], stemTerm(v))
		}
	}
	return out
}

// queryTerm is a term searched for and how much it counts.
type queryTerm struct {
	term   string
	weight float64
}

// queryTerms returns the distinct terms of a query with their weights:
// each term of termsOf counts once, and its expansions at expansionWeight
// unless the query has them itself.
func queryTerms(query string) []queryTerm {
	weights := map[string]float64{}
	var order []string
	set := func(t string, w float64) {
		if _, ok := weights[t]; !ok {
			order = append(order, t)
		}
		weights[t] = max(weights[t], w)
	}
	terms := termsOf(query)
	for _, t := range terms {
		set(t, 1)
	}
	for _, t := range terms {
		for _, e := range queryExpansions[t] {
			set(e, expansionWeight)
		}
	}
	out := make([]queryTerm, len(order))
	for i, t := range order {
		out[i] = queryTerm{t, weights[t]}
	}
	return out
}

// lexicalRanking returns up to n chunks ranked by BM25 over the terms of
// the index's posting lists, best first: each query term scores the
// chunks that have it by its rarity (inverse document frequency), with a
// frequency that saturates, relative to the chunk's length in terms.
func (r *Retriever) lexicalRanking(ctx context.Context, query string, n int) ([]ranked, error) {
	total := float64(max(r.vectors, 1))
	type termStats struct {
		queryTerm
		idf float64
	}
	var terms []termStats
	for _, qt := range queryTerms(query) {
		var df int
		if err := r.stmts.termDF.QueryRowContext(ctx, qt.term).Scan(&df); err != nil && err != sql.ErrNoRows {
			return nil, r.broken(err)
		}
		if df == 0 || float64(df) > maxTermShare*total && total > 2 || float64(df) > max(minPostingsCap, postingsShare*total) {
			continue
		}
		idf := math.Log(1 + (total-float64(df)+0.5)/(float64(df)+0.5))
		terms = append(terms, termStats{qt, idf})
	}
	if len(terms) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(terms, func(a, b termStats) int { return cmp.Compare(b.idf*b.weight, a.idf*a.weight) })
	terms = terms[:min(len(terms), maxQueryTerms)]

	// tfs[chunk][i] is the frequency of terms[i] in the chunk.
	tfs := map[int64][]float64{}
	var postings []posting
	for i, t := range terms {
		var blob []byte
		if err := r.stmts.termPostings.QueryRowContext(ctx, t.term).Scan(&blob); err != nil && err != sql.ErrNoRows {
			return nil, r.broken(err)
		}
		var err error
		if postings, err = decodePostings(postings[:0], blob); err != nil {
			return nil, r.broken(err)
		}
		for _, p := range postings {
			f := tfs[p.id]
			if f == nil {
				f = make([]float64, len(terms))
				tfs[p.id] = f
			}
			f[i] += float64(p.weight)
		}
	}
	score := func(f []float64, norm float64) float64 {
		var s float64
		for i, tf := range f {
			if tf > 0 {
				s += terms[i].weight * terms[i].idf * tf * (bm25K1 + 1) / (tf + bm25K1*norm)
			}
		}
		return s
	}
	cands := make([]ranked, 0, len(tfs))
	for id, f := range tfs {
		cands = append(cands, ranked{id: id, score: score(f, 1)})
	}
	byScore := func(a, b ranked) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	}
	slices.SortFunc(cands, byScore)
	cands = cands[:min(len(cands), max(n, lengthCandidates))]
	lengths, err := r.chunkLengths(ctx, cands)
	if err != nil {
		return nil, err
	}
	for i := range cands {
		norm := 1.0
		if l, ok := lengths[cands[i].id]; ok && r.avgTerms > 0 {
			norm = 1 - bm25B + bm25B*l/r.avgTerms
		}
		cands[i].score = score(tfs[cands[i].id], norm)
	}
	slices.SortFunc(cands, byScore)
	return cands[:min(len(cands), n)], nil
}

// chunkLengths returns the sum of the term weights of each candidate
// chunk, the length the lexical ranking normalises by.
func (r *Retriever) chunkLengths(ctx context.Context, cands []ranked) (map[int64]float64, error) {
	out := make(map[int64]float64, len(cands))
	if len(cands) == 0 {
		return out, nil
	}
	args := make([]any, len(cands))
	for i, c := range cands {
		args[i] = c.id
	}
	marks := strings.Repeat(",?", len(cands))[1:]
	rows, err := r.db.QueryContext(ctx, `SELECT id, term_count FROM chunks WHERE id IN (`+marks+`)`, args...)
	if err != nil {
		return nil, r.broken(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var n float64
		if err := rows.Scan(&id, &n); err != nil {
			return nil, r.broken(err)
		}
		out[id] = n
	}
	if err := rows.Err(); err != nil {
		return nil, r.broken(err)
	}
	return out, nil
}

// meanTermCount estimates the mean length in terms of the index's chunks
// from lengthSample chunks with ids spread evenly over the id range.
func meanTermCount(db *sql.DB) (float64, error) {
	var lo, hi sql.NullInt64
	if err := db.QueryRow(`SELECT min(id), max(id) FROM chunks`).Scan(&lo, &hi); err != nil || !lo.Valid {
		return 0, err
	}
	step := max(1, (hi.Int64-lo.Int64+1)/lengthSample)
	var ids []string
	for id := lo.Int64; id <= hi.Int64; id += step {
		ids = append(ids, strconv.FormatInt(id, 10))
	}
	var mean sql.NullFloat64
	err := db.QueryRow(`SELECT avg(term_count) FROM chunks WHERE id IN (` + strings.Join(ids, ",") + `)`).Scan(&mean)
	return mean.Float64, err
}

// symbolRanking returns the chunks a word of the query names: those whose
// symbol (a method's without its receiver) is spelled exactly as the word,
// for words declared by at most maxDeclarers chunks, in the query's order.
// "SiteStats" ranks the type SiteStats, not the functions that use it.
func (r *Retriever) symbolRanking(ctx context.Context, query string) ([]int64, error) {
	idents := identifiersIn(query)
	var out []int64
	for _, name := range idents[:min(len(idents), maxIdentsPerQuery)] {
		rows, err := r.stmts.namedChunks.QueryContext(ctx, identKey(roleDeclares, name), maxDeclarers+1)
		if err != nil {
			return nil, r.broken(err)
		}
		var ids []int64
		n := 0
		for rows.Next() {
			var id int64
			var symbol string
			if err := rows.Scan(&id, &symbol); err != nil {
				rows.Close()
				return nil, r.broken(err)
			}
			n++
			if _, sym := splitQualified(symbol); sym == name {
				ids = append(ids, id)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, r.broken(err)
		}
		if n <= maxDeclarers {
			out = append(out, ids...)
		}
	}
	return out, nil
}
