package draft

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
)

// grounded returns a grounding that allows exactly the words of texts
// (and Go's and the standard library's names).
func grounded(texts ...string) *grounding.Set {
	g := grounding.New(nil)
	g.Add(texts...)
	return g
}

// Render shows the first grounded alternative of each item, leaves out an
// item with none and a section with no item left, and keeps a bullet's
// code block inside the bullet.
func TestRenderPicksTheFirstGroundedAlternative(t *testing.T) {
	d := New(grounded("posts limit", "/src/store.go"))
	d.Headline = Item{"`posts[invented]` is out of range", "`posts` is out of range"}
	d.Where = []Item{{"at `store.go:12`"}, {"in `madeUp`"}}
	d.Why = []Item{{"`posts` is short."}, {"The `limit` is 3."}}
	d.Fixes = []Item{{"Check `len(posts)`:\n```go\nif len(posts) < limit {\n}\n```"}, {"`nowhere()`"}}
	d.Notes = []Item{{"", "A note."}}
	want := "### `posts` is out of range\n\n" +
		"**Where:** at `store.go:12`\n\n" +
		"**Why:** `posts` is short. The `limit` is 3.\n\n" +
		"**How to fix it:**\n\n- Check `len(posts)`:\n  ```go\n  if len(posts) < limit {\n  }\n  ```\n\n" +
		"A note.\n\n"
	if got := d.Render(); got != want {
		t.Errorf("Render =\n%s\nwant\n%s", got, want)
	}
}

// An empty draft, or one whose items are all ungrounded, renders nothing.
func TestRenderLeavesOutWhatIsNotGrounded(t *testing.T) {
	if got := New(grounded()).Render(); got != "" {
		t.Errorf("empty draft renders %q", got)
	}
	d := New(grounded())
	d.Headline = Item{"`invented`"}
	d.Where = []Item{{"`madeUp()`"}}
	d.Fixes = []Item{{"call `fixIt`"}}
	if got := d.Render(); got != "" {
		t.Errorf("ungrounded draft renders %q", got)
	}
}

// TestMentions: a text in any alternative of any item counts, and one in
// none does not.
func TestMentions(t *testing.T) {
	d := &Draft{Headline: Item{"Nil map"}, Why: []Item{{"`Repo.Get` wraps it", "it is wrapped"}}}
	if !d.Mentions("Repo.Get") || !d.Mentions("Nil map") {
		t.Error("a text the draft holds is not mentioned")
	}
	if d.Mentions("NewRepo") {
		t.Error("a text the draft does not hold is mentioned")
	}
}
