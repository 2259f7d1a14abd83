package index

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// searchSet is a labelled set of search queries over one real module, kept
// in testdata/search: the questions and identifiers a developer types, and
// the chunks (by symbol) that answer each.
type searchSet struct {
	Module string `json:"module"`
	// Version is the release of Module whose source the set was labelled
	// and measured on, whatever release this module requires; empty for
	// this repository's own packages.
	Version  string   `json:"version,omitempty"`
	Patterns []string `json:"patterns"`
	Note     string   `json:"note"`
	// Measured holds the figures of the set as last measured with the hash
	// embedder; Floor the least its fused ranking must keep.
	Measured struct {
		Date    string        `json:"date"`
		By      string        `json:"by"`
		Vector  searchFigures `json:"vector"`
		Lexical searchFigures `json:"lexical"`
		Fused   searchFigures `json:"fused"`
	} `json:"measured"`
	Floor   searchFigures `json:"floor"`
	Queries []struct {
		Query string   `json:"query"`
		Kind  string   `json:"kind"`
		Want  []string `json:"want"`
	} `json:"queries"`
}

// searchFigures are a ranking's figures over a set: the share of queries
// with an answer in the first five results, and the mean reciprocal rank
// of the first answer within the first ten.
type searchFigures struct {
	RecallAt5 float64 `json:"recall_at_5"`
	MRR       float64 `json:"mrr"`
}

func readSearchSet(t *testing.T, name string) searchSet {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "search", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var set searchSet
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&set); err != nil {
		t.Fatalf("%s.json: %v", name, err)
	}
	return set
}

// releaseDir returns the directory of module at version in the module
// cache, downloading it when it is not there yet.
func releaseDir(t *testing.T, module, version string) string {
	t.Helper()
	out, err := exec.Command("go", "mod", "download", "-json", module+"@"+version).Output()
	var m struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &m); err != nil || jerr != nil || m.Dir == "" {
		t.Fatalf("go mod download %s@%s: %v %s (the search set needs that release in the module cache)", module, version, err, m.Error)
	}
	return m.Dir
}

// scoreSearchSet runs every query of set through rank (symbols, best
// first) and returns the figures.
func scoreSearchSet(t *testing.T, set searchSet, rank func(query string) ([]string, error)) (searchFigures, []string) {
	t.Helper()
	var f searchFigures
	var lines []string
	for _, q := range set.Queries {
		got, err := rank(q.Query)
		if err != nil {
			t.Fatalf("%q: %v", q.Query, err)
		}
		first := slices.IndexFunc(got, func(s string) bool { return slices.Contains(q.Want, s) })
		if first >= 0 && first < 5 {
			f.RecallAt5++
		}
		if first >= 0 && first < 10 {
			f.MRR += 1 / float64(first+1)
		}
		lines = append(lines, fmt.Sprintf("%-10s rank %2d  %q -> %q", q.Kind, first+1, q.Query, got[:min(3, len(got))]))
	}
	n := float64(len(set.Queries))
	f.RecallAt5 /= n
	f.MRR /= n
	return f, lines
}

// TestSearchSets measures search on the labelled sets of two real modules
// (the chi router and the sample blog): recall@5 and MRR of vector
// similarity alone, of the lexical ranking alone, and of the fused ranking
// Search uses. With the hash embedder the fused ranking must do at least
// as well as vector similarity alone and no worse than the set's floor.
// EXPLAINERR_SEARCHSET_EMBEDDER=openai measures the same with an
// OpenAI-compatible embedder configured from the environment (figures
// only: the floors are the hash embedder's).
func TestSearchSets(t *testing.T) {
	embedderName := os.Getenv("EXPLAINERR_SEARCHSET_EMBEDDER")
	if embedderName == "" {
		embedderName = "hash"
	}
	for _, name := range []string{"chi", "blogapp"} {
		t.Run(name, func(t *testing.T) {
			set := readSearchSet(t, name)
			if len(set.Queries) < 15 {
				t.Fatalf("%d queries; a set needs at least 15", len(set.Queries))
			}
			emb, err := NewEmbedder(embedderName, 0)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "index.db")
			dir := moduleDir(t, set.Module)
			if set.Version != "" {
				dir = releaseDir(t, set.Module, set.Version)
			}
			if _, err := Build(ctx, BuildOptions{Dir: dir, Patterns: set.Patterns, Path: path, Embedder: emb}); err != nil {
				t.Fatal(err)
			}
			r, err := OpenRetriever(path, RetrieverOptions{Embedder: emb})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			for _, q := range set.Queries {
				for _, w := range q.Want {
					var n int
					if err := r.db.QueryRow(`SELECT count(*) FROM chunks WHERE symbol = ?`, w).Scan(&n); err != nil || n == 0 {
						t.Errorf("%q wants %s, which is not a chunk of the index (%v)", q.Query, w, err)
					}
				}
			}
			symbolsOfHits := func(hits []ranked) ([]string, error) {
				sel := newSelection()
				for _, h := range hits {
					sel.add(h.id, "", h.score)
				}
				return symbolsOf(r.materialize(ctx, sel))
			}
			vector, vlines := scoreSearchSet(t, set, func(q string) ([]string, error) {
				qvec, err := r.embedQuery(ctx, q)
				if err != nil {
					return nil, err
				}
				hits, err := r.vectorRanking(ctx, qvec, 10)
				if err != nil {
					return nil, err
				}
				out := make([]ranked, len(hits))
				for i, h := range hits {
					out[i] = ranked{h.id, 1 - h.dist}
				}
				return symbolsOfHits(out)
			})
			lexical, llines := scoreSearchSet(t, set, func(q string) ([]string, error) {
				hits, err := r.lexicalRanking(ctx, q, 10)
				if err != nil {
					return nil, err
				}
				return symbolsOfHits(hits)
			})
			fused, flines := scoreSearchSet(t, set, func(q string) ([]string, error) {
				return symbolsOf(r.Search(ctx, q, 10))
			})
			t.Logf("%s embedder, %d queries", emb.Name(), len(set.Queries))
			t.Logf("vector only: recall@5 %.3f, MRR %.3f\n%s", vector.RecallAt5, vector.MRR, strings.Join(vlines, "\n"))
			t.Logf("lexical only: recall@5 %.3f, MRR %.3f\n%s", lexical.RecallAt5, lexical.MRR, strings.Join(llines, "\n"))
			t.Logf("fused (search): recall@5 %.3f, MRR %.3f\n%s", fused.RecallAt5, fused.MRR, strings.Join(flines, "\n"))
			if embedderName != "hash" {
				return
			}
			for _, f := range []struct {
				name          string
				got, measured searchFigures
			}{{"vector", vector, set.Measured.Vector}, {"lexical", lexical, set.Measured.Lexical}, {"fused", fused, set.Measured.Fused}} {
				if math.Abs(f.got.RecallAt5-f.measured.RecallAt5) > 0.0005 || math.Abs(f.got.MRR-f.measured.MRR) > 0.0005 {
					t.Errorf("%s figures are now recall@5 %.3f, MRR %.3f; %s.json records %.3f, %.3f: update its measured figures",
						f.name, f.got.RecallAt5, f.got.MRR, name, f.measured.RecallAt5, f.measured.MRR)
				}
			}
			if fused.RecallAt5 < vector.RecallAt5 || fused.MRR < vector.MRR {
				t.Errorf("fused ranking (recall@5 %.3f, MRR %.3f) is worse than vector similarity alone (%.3f, %.3f)",
					fused.RecallAt5, fused.MRR, vector.RecallAt5, vector.MRR)
			}
			if fused.RecallAt5 < set.Floor.RecallAt5 || fused.MRR < set.Floor.MRR {
				t.Errorf("fused ranking (recall@5 %.3f, MRR %.3f) is below the set's floor (%.3f, %.3f)",
					fused.RecallAt5, fused.MRR, set.Floor.RecallAt5, set.Floor.MRR)
			}
		})
	}
}

func symbolsOf(chunks []report.Chunk, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	out := make([]string, len(chunks))
	for i, c := range chunks {
		out[i] = c.Symbol
	}
	return out, nil
}
