package draft

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
)

// Item is one paragraph, bullet or code block of an explanation, given as
// alternatives from the most to the least specific. The first alternative
// whose code names only grounded identifiers is used; an item with none
// is left out.
type Item []string

// Draft is an explanation being written.
type Draft struct {
	// Headline is the explanation's title.
	Headline Item
	// Where says where the failure happened, one paragraph an item.
	Where []Item
	// Why says why it happened, the items joined into one paragraph.
	Why []Item
	// Fixes are the suggested fixes, one bullet an item.
	Fixes []Item
	// Notes are closing paragraphs.
	Notes []Item

	g *grounding.Set
}

// New returns an empty draft whose alternatives are checked against g.
func New(g *grounding.Set) *Draft { return &Draft{g: g} }

// pick returns the first alternative of it that the grounding allows.
func (d *Draft) pick(it Item) (string, bool) {
	for _, alt := range it {
		if alt != "" && d.g.Allows(alt) {
			return alt, true
		}
	}
	return "", false
}

// Render writes the draft as Markdown: the headline as a level-3
// heading, the Where and Why sections as paragraphs, the fixes as a
// bulleted list and the notes as paragraphs, each ending in a blank line.
func (d *Draft) Render() string {
	var b strings.Builder
	if h, ok := d.pick(d.Headline); ok {
		b.WriteString("### " + h + "\n\n")
	}
	section := func(label string, items []Item, bullets bool, sep string) {
		var parts []string
		for _, it := range items {
			if s, ok := d.pick(it); ok {
				parts = append(parts, s)
			}
		}
		if len(parts) == 0 {
			return
		}
		if bullets {
			b.WriteString("**" + label + "**\n\n")
			for _, p := range parts {
				b.WriteString("- " + indentContinuation(p) + "\n")
			}
			b.WriteString("\n")
			return
		}
		b.WriteString("**" + label + "** " + strings.Join(parts, sep) + "\n\n")
	}
	section("Where:", d.Where, false, "\n")
	section("Why:", d.Why, false, " ")
	section("How to fix it:", d.Fixes, true, "")
	for _, it := range d.Notes {
		if s, ok := d.pick(it); ok {
			b.WriteString(s + "\n\n")
		}
	}
	return b.String()
}

// indentContinuation indents the lines after the first of a bullet so
// that code blocks stay inside the list item.
func indentContinuation(s string) string {
	return strings.ReplaceAll(s, "\n", "\n  ")
}

// Mentions reports whether one of the draft's texts (any alternative of
// any item) holds s, without rendering it.
func (d *Draft) Mentions(s string) bool {
	for _, items := range [][]Item{{d.Headline}, d.Where, d.Why, d.Fixes, d.Notes} {
		for _, it := range items {
			for _, alt := range it {
				if strings.Contains(alt, s) {
					return true
				}
			}
		}
	}
	return false
}
