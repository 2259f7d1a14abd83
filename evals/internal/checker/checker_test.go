package checker

import (
	"sync"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/source"
)

var (
	shopOnce sync.Once
	shopMod  *source.Module
	shopErr  error
)

// shop loads the small module in testdata/shop once.
func shop(t *testing.T) *Checker {
	t.Helper()
	shopOnce.Do(func() { shopMod, shopErr = source.Load("testdata/shop") })
	if shopErr != nil {
		t.Fatal(shopErr)
	}
	return New(shopMod)
}

func TestCheckVerdicts(t *testing.T) {
	c := shop(t)
	cases := []struct {
		text, want string
	}{
		// identifiers and selectors
		{"The handler `showItem` fails.", Verified},
		{"The handler `showProduct` fails.", UnknownIdentifier},
		{"It reads `Item.Price`.", Verified},
		{"It reads `Item.Cost`.", UnknownIdentifier},
		{"It reads `Item.items`.", Contradicted}, // items exists, on Store
		{"It calls `srv.store.ItemByID`.", Verified},
		{"It calls `(*Store).ItemByID`.", Verified},
		{"`sql.ErrNoRows` is returned.", Verified},
		{"`sql.ErrNoItem` is returned.", UnknownIdentifier},
		{"`strconv.Atoi` is not used.", Verified},
		// calls and arity
		{"It calls `ItemByID(id)`.", Verified},
		{"It calls `ItemByID(ctx, id)`.", Contradicted},
		{"It calls NewStore(db) first.", Verified},
		{"It calls NewStore(db, cache) first.", Contradicted},
		// signatures
		{"`func (s *Store) ItemByID(id int64) (*Item, error)`", Verified},
		{"`func (s *Store) ItemByID(id int) (*Item, error)`", Contradicted},
		{"`func (s *Server) ItemByID(id int64) (*Item, error)`", Contradicted},
		{"`func (s *Store) FindItem(id int64) (*Item, error)`", UnknownIdentifier},
		// fields with types
		{"`Item.Price float64`", Verified},
		{"`Item.Price int`", Contradicted},
		// files and lines
		{"See `handlers.go`.", Verified},
		{"See handler.go for details.", UnknownIdentifier},
		{"See `store.go:30`.", Verified},
		{"See `store.go:300`.", Contradicted},
		{"The bug is in `showItem` in `handlers.go`.", Verified},
		{"The bug is in `showItem` in `store.go`.", Contradicted},
		{"The bug is in `showItem` (handlers.go:17).", Verified},
		{"The bug is in `showItem` (handlers.go:21).", Contradicted},
		// templates
		{"The template `item.html` prints it.", Verified},
		{"The template `items.html` prints it.", UnknownIdentifier},
		{"It uses `{{.Price}}`.", Verified},
		{"It uses `{{.Discount}}`.", UnknownIdentifier},
		{"`{{template \"footer\"}}` is included.", Verified},
		{"`{{template \"header\"}}` is included.", UnknownIdentifier},
		// proposals are not fabrications
		{"Add a new helper `parseItemID` to validate the id.", Proposed},
	}
	for _, tc := range cases {
		res := c.CheckText(tc.text)
		if len(res) == 0 {
			t.Errorf("%q: no claim extracted", tc.text)
			continue
		}
		if res[0].Verdict != tc.want {
			t.Errorf("%q: %s (%s), want %s", tc.text, res[0].Verdict, res[0].Reason, tc.want)
		}
	}
}

func TestExtractSkipsNonClaims(t *testing.T) {
	for _, text := range []string{
		"It returned `nil` and the page (see below) broke.",
		"Check that `id <= 0` before using it.",
		"The status was `500`.",
		"It answers with `Content-Type` set to `text/html; charset=utf-8`.",
		"The template runs with `missingkey=error`; run the tests with `-race`.",
		"Send `Accept: application/json` to get JSON.",
		"A fix declares its own names: `n := id * 2; if n < 2 { return }`.",
	} {
		c := shop(t)
		for _, r := range c.CheckText(text) {
			if r.Fabricated() {
				t.Errorf("%q: %s counted as a fabrication (%s)", text, r.Text, r.Reason)
			}
		}
	}
}

func TestExtractCodeBlocks(t *testing.T) {
	text := "Fix it:\n\n```go\nfunc (srv *Server) showItem(w http.ResponseWriter, r *http.Request) {\n\titem, err := srv.store.ItemByID(id)\n\tx := srv.store.Lookup(id)\n\ty := srv.store.FetchItemRow(id)\n}\n```\n"
	c := shop(t)
	got := map[string]string{}
	for _, r := range c.CheckText(text) {
		got[r.Text] = r.Verdict
	}
	if got["func (srv *Server) showItem(w http.ResponseWriter, r *http.Request)"] != Verified {
		t.Errorf("signature in code: %v", got)
	}
	if got["store.ItemByID"] != Verified {
		t.Errorf("method call in code: %v", got)
	}
	if got["store.Lookup"] != Contradicted { // Lookup exists, but not on *Store
		t.Errorf("misplaced method call in code: %v", got)
	}
	if got["store.FetchItemRow"] != UnknownIdentifier {
		t.Errorf("invented method call in code: %v", got)
	}
}
