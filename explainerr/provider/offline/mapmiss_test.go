package offline

import "testing"

// TestNilFromAMapLookupThatFoundNothing: the caller passes a map's
// element; the map gets its entries in a loop over what the caller was
// given, by a function that may have left some out: the fill and the
// call that gives the entries are cited.
func TestNilFromAMapLookupThatFoundNothing(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelves\n\ngo 1.22\n",
		"main.go": `package main

// Shelf is a shelf; Count its books.
type Shelf struct{ Name string }

// Count is how many books a shelf holds.
type Count struct {
	Shelf string
	Books int
}

// summary is a shelf's summary.
type summary struct {
	Name  string
	Books int
}

func summarise(s Shelf, c *Count) summary {
	return summary{Name: s.Name, Books: c.Books} //!read
}

func summariseAll(shelves []Shelf, counts []*Count) []summary {
	byName := map[string]*Count{}
	for _, c := range counts {
		byName[c.Shelf] = c //!fill
	}
	out := make([]summary, len(shelves))
	for i, s := range shelves {
		out[i] = summarise(s, byName[s.Name]) //!pass
	}
	return out
}

func list(shelves []Shelf) []summary {
	var counts []*Count
	for _, s := range shelves {
		if s.Name != "attic" {
			counts = append(counts, &Count{Shelf: s.Name})
		}
	}
	return summariseAll(shelves, counts) //!give
}
`,
	})
	_, fill := app.line("fill")
	_, give := app.line("give")
	text := Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "read", "main.summarise"), app.frame(t, "pass", "main.summariseAll")))
	mustHave(t, text, "is a lookup in the map `byName`", "`main.go:"+itoa(fill)+"`", "which `summariseAll` is given at `list` (`main.go:"+itoa(give)+"`)",
		"Make what `list` passes at `main.go:"+itoa(give)+"` hold an entry for every `s.Name`")
}
