package index

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPostingsRoundTrip checks that posting lists decode as they were
// encoded, and that a cut list is an error rather than wrong postings.
func TestPostingsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var ps []posting
	id := int64(0)
	for range 1000 {
		id += 1 + rng.Int64N(1<<uint(rng.IntN(40)))
		ps = append(ps, posting{id: id, weight: 1 + rng.IntN(1<<uint(rng.IntN(30)))})
	}
	blob := encodePostings(ps)
	got, err := decodePostings(nil, blob)
	if err != nil || !slices.Equal(got, ps) {
		t.Fatalf("decoded %d postings (%v), want %d", len(got), err, len(ps))
	}
	if _, err := decodePostings(nil, blob[:len(blob)-1]); !errors.Is(err, errBadPostings) {
		t.Errorf("a cut posting list decoded: %v", err)
	}
	if got, err := decodePostings(nil, nil); err != nil || len(got) != 0 {
		t.Errorf("an empty posting list: %v, %v", got, err)
	}
}

// TestCodePagesRoundTrip checks that a page of shortlist codes reads back
// in id order, and that a page cut short is an error.
func TestCodePagesRoundTrip(t *testing.T) {
	codes := map[int64][]byte{}
	for _, id := range []int64{2047, 1024, 1500} {
		code := make([]byte, codeBytes)
		for i := range code {
			code[i] = byte(id) + byte(i)
		}
		codes[id] = code
	}
	page := encodeCodePage(codes)
	var ids []int64
	err := forEachCode(page, func(id int64, code []byte) {
		ids = append(ids, id)
		if !slices.Equal(code, codes[id]) {
			t.Errorf("code of %d: %x, want %x", id, code, codes[id])
		}
	})
	if err != nil || !slices.Equal(ids, []int64{1024, 1500, 2047}) {
		t.Errorf("read ids %v (%v), want them in order", ids, err)
	}
	if codePageOf(1024) != 1 || codePageOf(2047) != 1 || codePageOf(1023) != 0 {
		t.Error("ids are paged wrongly")
	}
	if err := forEachCode(page[:len(page)-1], func(int64, []byte) {}); !errors.Is(err, errBadCodePage) {
		t.Errorf("a cut page was read: %v", err)
	}
}
