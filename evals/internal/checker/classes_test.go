package checker

import (
	"sync"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/source"
)

var (
	loadedMu sync.Mutex
	loaded   = map[string]*source.Module{}
)

// cached returns a checker over the module at dir, loaded once per test
// binary.
func cached(t *testing.T, dir string) *Checker {
	t.Helper()
	loadedMu.Lock()
	defer loadedMu.Unlock()
	if m, ok := loaded[dir]; ok {
		return New(m)
	}
	m, err := source.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	loaded[dir] = m
	return New(m)
}

// market loads testdata/market once.
func market(t *testing.T) *Checker { return cached(t, "testdata/market") }

// classCase is a sentence of a class and whether it is fabricated.
type classCase struct {
	class, text string
	fabricated  bool
}

// checkCases fails for each case the checker flags when it is true, or
// does not flag when it is fabricated.
func checkCases(t *testing.T, c *Checker, cases []classCase) {
	t.Helper()
	for _, tc := range cases {
		got, res := flagged(c, tc.text)
		if got != tc.fabricated {
			t.Errorf("%s: %q: flagged %v, want %v: %+v", tc.class, tc.text, got, tc.fabricated, res)
		}
	}
}

// verdictOf returns whether any claim of text is a fabrication, with the
// results for the failure message.
func flagged(c *Checker, text string) (bool, []Result) {
	res := c.CheckText(text)
	for _, r := range res {
		if r.Fabricated() {
			return true, res
		}
	}
	return false, res
}

// TestCheckerClasses drives each class of claim the checker must judge
// through CheckText: line numbers in prose, names inside code expressions,
// words that occur only in comments, template method chains, and
// variables resolved in the function the text speaks of.
func TestCheckerClasses(t *testing.T) {
	c := market(t)
	cases := []classCase{
		{"line in prose", "`Apply` sets the coupon at line 48.", false},
		{"line in prose", "`Apply` sets the coupon at line 53.", true},
		{"line in prose", "Line 60 of `cart.go`, inside `Lines`, looks each SKU up.", false},
		{"line in prose", "Line 60 of `cart.go`, inside `Total`, looks each SKU up.", true},
		{"line in prose", "`Tagged` sorts at `catalog.go`, line 60.", false},
		{"line in prose", "`Tagged` sorts at `catalog.go`, line 66.", true},
		{"line in prose", "`(*Catalog).Lookup` fails at `catalog.go:44`.", false},
		{"line in prose", "`(*Catalog).Lookup` fails at `catalog.go:34`.", true},
		{"line in prose", "`c.order` is appended to at line 35 of `catalog.go`.", false},
		{"line in prose", "`c.order` is appended to at line 45 of `catalog.go`.", true},
		{"line in prose", "`averageStars` is called at line 51 of `handlers.go`.", false},
		{"line in prose", "`averageStars` is called at line 51.", false},
		{"line in prose", "`showProduct` calls `averageStars` at line 51.", false},
		{"line in prose", "`showProduct` calls `averageStars` at `handlers.go:51`.", false},
		{"line in prose", "`averageStars` divides by zero at line 19; `showProduct` calls it at line 51.", false},
		{"line in prose", "`averageStars` divides by zero at line 30.", true},
		{"line in prose", "The call `averageStars(p.Reviews)` is at `handlers.go:51`.", false},
		{"line in prose", "It reads the field `quantity` at `handlers.go:55`: `qty, err := strconv.Atoi(r.FormValue(\"quantity\"))`, but the form sends `qty`.", false},
		{"expression", "It reads `c.products[strings.ToUpper(sku)]`.", false},
		{"expression", "It reads `c.product[strings.ToUpper(sku)]`.", true},
		{"expression", "The loop does `total += r.Stars`.", false},
		{"expression", "The loop does `total += r.Rating`.", true},
		{"expression", "It builds `Line{Product: p, Quantity: c.items[sku]}`.", false},
		{"expression", "It builds `Line{Product: p, Qty: c.items[sku]}`.", true},
		{"expression", "Guard it with `if len(reviews) == 0 { return 0 }`.", false},
		{"expression", "Guard it with `if len(reviewList) == 0 { return 0 }`.", true},
		{"expression", "A fix declares its own names: `n := len(reviews); if n == 0 { return 0 }`.", false},
		{"expression", "It calls `formatCents(l.Product.Price)`.", false},
		{"expression", "It calls `formatCents(l.Product.Cost)`.", true},
		{"comment word", "`NewCatalog` keys the map by the `SKU`.", false},
		{"comment word", "The map is keyed by `upperSKU`.", true},
		{"comment word", "`averageStars` is shown next to the `ratings`.", true},
		{"string", "The form field is read as `quantity`.", false},
		{"template", "`{{.Product.Price}}` is the raw price.", false},
		{"template", "`{{range .Lines}}{{.Quantity}}{{end}}` lists the lines.", false},
		{"template", "`{{.Product.Price.Label}}` shows the price.", true}, // Label exists, on Coupon
		{"template", "`{{.Product.Price.Format}}` shows the price.", true},
		{"template", "`{{.Coupon.Label}}` shows the coupon.", false},
		{"template", "`{{.Coupon.Code.Label}}` shows the coupon.", true},
		{"scope", "In `Add`, `c.items` is nil.", false},
		{"scope", "In `Tagged`, `c.items` is nil.", true},
		{"scope", "`showCart` passes `cart.coupon` to the page.", false},
	}
	checkCases(t, c, cases)
}

// TestCommentsAreNotCode checks that a name written only in a comment is
// not taken as evidence that the code has it, while a name quoted in a
// string literal still is.
func TestCommentsAreNotCode(t *testing.T) {
	c := market(t)
	for _, name := range []string{"ratings", "quantities", "dollars"} {
		if r := c.CheckText("`" + name + "`"); len(r) != 1 || r[0].Verdict != UnknownIdentifier {
			t.Errorf("%s (only in comments): %+v, want unknown_identifier", name, r)
		}
	}
	for _, name := range []string{"quantity", "money", "session"} {
		if r := c.CheckText("`" + name + "`"); len(r) != 1 || r[0].Verdict != Verified {
			t.Errorf("%s (quoted in code): %+v, want verified", name, r)
		}
	}
}
