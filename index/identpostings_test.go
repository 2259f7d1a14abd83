package index

import (
	"errors"
	"slices"
	"testing"
)

// TestIDListRoundTrip: an identifier's posting list is stored as a JSON
// array of increasing ids and read back the same.
func TestIDListRoundTrip(t *testing.T) {
	for _, ids := range [][]int64{nil, {1}, {3, 17, 4096, 1 << 40}} {
		ps := make([]posting, len(ids))
		for i, id := range ids {
			ps[i] = posting{id: id, weight: 1}
		}
		stored := encodeIDList(ps).(string)
		got, err := decodeIDList(nil, []byte(stored))
		if err != nil || !slices.Equal(got, ps) {
			t.Errorf("%v stored as %s read back as %v, %v", ids, stored, got, err)
		}
	}
}

// TestIDListRejectsMalformed: a stored list that encodeIDList did not
// write is an error, not a wrong list.
func TestIDListRejectsMalformed(t *testing.T) {
	for _, stored := range []string{"[", "]", "1,2", "[1,]", "[,1]", "[1,,2]", "[2,1]", "[1,1]", "[0]", "[-1]", "[1.5]", `["1"]`, "[1 ,2]", "[99999999999999999999]"} {
		if got, err := decodeIDList(nil, []byte(stored)); !errors.Is(err, errBadPostings) {
			t.Errorf("%s read as %v, %v", stored, got, err)
		}
	}
}

// TestIdentsObjectRoundTrip: a chunk's identifiers, stored on its row,
// are read back by role, whatever characters the names hold.
func TestIdentsObjectRoundTrip(t *testing.T) {
	c := chunk{
		Declares:   []string{"Store", `tmpl "x"\y`},
		References: []string{"sync", "Mutex", "naïve"},
		Returns:    []string{"Store"},
	}
	stored := identsObject(c.idents())
	var back chunk
	if err := back.setIdents(stored); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.idents(), c.idents()) {
		t.Errorf("stored as %s, read back %v, want %v", stored, back.idents(), c.idents())
	}
	if identsObject(nil) != "{}" {
		t.Errorf("no identifiers are stored as %s", identsObject(nil))
	}
	if err := back.setIdents(`{"d":[`); err == nil {
		t.Error("a malformed stored list was read without an error")
	}
}
