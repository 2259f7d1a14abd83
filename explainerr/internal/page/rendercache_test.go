package page

import (
	"bytes"
	"strconv"
	"testing"
)

func TestRenderMarkdownCachedMatchesFresh(t *testing.T) {
	src := "### Nil map\n\n`m[k] = v` <b>raw</b> [x](javascript:alert(1))\n"
	var fresh bytes.Buffer
	if err := markdown.Convert([]byte(src), &fresh); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if got := string(RenderMarkdown(src)); got != fresh.String() {
			t.Fatalf("rendering %d:\n got %s\nwant %s", i, got, fresh.String())
		}
	}
}

func TestRenderCacheStaysBounded(t *testing.T) {
	c := renderCache{max: 4, maxText: 8}
	for i := range 10 {
		c.put(strconv.Itoa(i), "x")
	}
	if n := len(c.html); n > 4 {
		t.Fatalf("%d entries, want at most 4", n)
	}
	c.put("longer than eight", "x")
	if _, ok := c.get("longer than eight"); ok {
		t.Fatal("a text longer than maxText was kept")
	}
	if h, ok := c.get("9"); !ok || h != "x" {
		t.Fatalf("the last entry is not kept: %q %v", h, ok)
	}
}
