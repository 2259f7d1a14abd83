package index

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCodeTableNearest checks the Hamming scan against sorting every code
// by its distance.
func TestCodeTableNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	var table codeTable
	var codes [][]byte
	for i := range 500 {
		code := make([]byte, shortlistBits/8)
		for j := range code {
			x := rng.Uint32()
			code[j] = byte(x) & byte(x>>8) // skewed, so distances repeat
		}
		codes = append(codes, code)
		table.ids = append(table.ids, int64(1000+i))
		for w := range codeWords {
			var x uint64
			for b := range 8 {
				x |= uint64(code[8*w+b]) << (8 * b)
			}
			table.words = append(table.words, x)
		}
	}
	q := codes[17]
	type hd struct {
		id int64
		d  int
	}
	var want []hd
	for i, c := range codes {
		d := 0
		for j := range c {
			d += bits.OnesCount8(c[j] ^ q[j])
		}
		want = append(want, hd{table.ids[i], d})
	}
	slices.SortStableFunc(want, func(a, b hd) int { return cmp.Compare(a.d, b.d) })
	got, err := table.nearest(q, 40)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 40 || got[0] != 1017 {
		t.Fatalf("nearest: %v", got)
	}
	for i, id := range got {
		if id != want[i].id {
			t.Fatalf("position %d: id %d, want %d (distance %d)", i, id, want[i].id, want[i].d)
		}
	}
	if all, _ := table.nearest(q, 9999); len(all) != 500 {
		t.Errorf("asking for more codes than there are gave %d", len(all))
	}
	if _, err := table.nearest(q[:3], 4); err == nil {
		t.Error("a short query code was accepted")
	}
}

// TestOldShortlistCodesAreRejected checks that an index whose shortlist
// codes were made another way is an unusable index with a rebuild hint.
func TestOldShortlistCodesAreRejected(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	db, err := openDB(stats.Path, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM meta WHERE key = ?`, shortlistMetaKey); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = OpenRetriever(stats.Path, RetrieverOptions{})
	if !errors.Is(err, ErrIncompatible) || !strings.Contains(err.Error(), "rebuild") || !strings.Contains(err.Error(), "sign codes") {
		t.Errorf("opening an index with sign codes: %v", err)
	}
}

// TestExactSearchRanksAsDefault checks on a small index (searched
// exhaustively either way) that -exact changes nothing else in the ranking.
func TestExactSearchRanksAsDefault(t *testing.T) {
	r, _ := openTestRetriever(t, RetrieverOptions{})
	exact, _ := openTestRetriever(t, RetrieverOptions{ExactVectors: true})
	for _, q := range []string{"posts table schema", "NewStore", "where is the store created", "author name"} {
		a, err := r.Search(context.Background(), q, 5)
		if err != nil {
			t.Fatal(err)
		}
		b, err := exact.Search(context.Background(), q, 5)
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != len(b) {
			t.Fatalf("%q: %d and %d results", q, len(a), len(b))
		}
		for i := range a {
			if a[i].Symbol != b[i].Symbol || a[i].Score != b[i].Score {
				t.Errorf("%q result %d: %s %.3f, -exact %s %.3f", q, i, a[i].Symbol, a[i].Score, b[i].Symbol, b[i].Score)
			}
		}
	}
}

// TestMalformedCodePageIsAnUnusableIndex checks that a search through a
// damaged page of shortlist codes fails with a rebuild hint instead of
// ranking with wrong codes.
func TestMalformedCodePageIsAnUnusableIndex(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	db, err := openDB(stats.Path, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE code_pages SET codes = substr(codes, 2)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	r, err := OpenRetriever(stats.Path, RetrieverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.exactLimit = 0 // search through the shortlist, as large indexes do
	_, err = r.Search(context.Background(), "store", 3)
	if !errors.Is(err, ErrIncompatible) || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("search through a damaged code page: %v", err)
	}
}
