package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// pagerFeedFiles is an app whose handler gives its divisor a helper's result
// earlier in the function; the helper reads a setting by a key no setting
// is defined with, with a default of 0.
var pagerFeedFiles = map[string]string{
	"go.mod": "module example.com/feed\n\ngo 1.22\n",
	"config/config.go": `package config

// Option is a setting with its default.
type Option struct {
	Name    string
	Default int
}

// Options are the settings the app defines.
var Options = []Option{
	{Name: "feed_per_page", Default: 20}, //!defined
	{Name: "feed_title_length", Default: 80},
}

var values = map[string]int{}

// Int returns the setting name, or def when it is not set.
func Int(name string, def int) int {
	if v, ok := values[name]; ok {
		return v
	}
	return def
}
`,
	"web/feed.go": `package web

import "example.com/feed/config"

func perPage() int {
	return config.Int("per_page", 0) //!read
}

// PageCount answers how many pages items fill.
func PageCount(items, limit int) int {
	if limit <= 0 {
		limit = perPage() //!assign
	}
	return (items + limit - 1) / limit //!divide
}
`,
}

// TestDivisorFromASettingReadByAKeyNoSettingHas: the divisor was given a
// helper's result before the failing line, and the helper reads a setting
// by a key the app defines only inside a longer one: the helper, its key
// and the defined key are named, and the helper is in the context.
func TestDivisorFromASettingReadByAKeyNoSettingHas(t *testing.T) {
	app := writeMarkedApp(t, pagerFeedFiles)
	_, read := app.line("read")
	_, assign := app.line("assign")
	_, defined := app.line("defined")
	r := panicReport("runtime.Error", "runtime error: integer divide by zero", app.frame(t, "divide", "example.com/feed/web.PageCount"))
	if c := appsource.Static(r); !hasChunk(c, "perPage") {
		t.Errorf("the static context lacks the helper that gave the divisor: %v", chunkSymbols(c))
	}
	r.Context = nil
	text := Analyze(r)
	mustHave(t, text, "`limit` is set at `feed.go:"+itoa(assign)+"`", "from `perPage`", "`feed.go:"+itoa(read)+"`",
		"It reads the setting `per_page` with a default of `0`", "`config.go:"+itoa(defined)+"`", "defines `feed_per_page`",
		"Read the setting by the key the settings have (or give `perPage` a default above 0) at `feed.go:"+itoa(read)+"`")
	assertGroundedIn(t, r, text, pagerFeedFiles)
}
