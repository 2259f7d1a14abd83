package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestZeroDivisorBringsWhereItsSettingIsSet: a division by zero whose
// divisor a local read, through a literal's key and a helper's default,
// from a field of a package-level settings value brings the function that
// sets that value's fields (the loader), not the one that sets another
// type's.
func TestZeroDivisorBringsWhereItsSettingIsSet(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/pages\n",
		"config/config.go": `package config

// Settings are the server's settings.
type Settings struct {
	PageSize int
	Title    string
}

// Opts holds the settings read at start.
var Opts Settings

// Load reads the settings.
func Load() {
	Opts.Title = "pages"
}

// Banner is another value.
type Banner struct{ PageSize int }

// NewBanner sets a banner's size.
func NewBanner() Banner { return Banner{PageSize: 3} }
`,
		"web/list.go": `package web

import (
	"net/http"
	"strconv"

	"example.com/pages/config"
)

type paging struct{ Limit int }

func intParam(r *http.Request, name string, def int) int {
	n, err := strconv.Atoi(r.FormValue(name))
	if err != nil {
		return def
	}
	return n
}

func list(w http.ResponseWriter, r *http.Request) {
	p := paging{Limit: intParam(r, "limit", config.Opts.PageSize)}
	per := int64(p.Limit)
	pages := 100 / per
	_ = pages
}
`,
	})
	fr := report.Frame{Function: "example.com/pages/web.list", File: "web/list.go", Line: 23}
	r := shelfReport(root, "runtime error: integer divide by zero", fr)
	r.Error.Kind, r.Error.Type = report.KindPanic, "runtime.Error"
	got := reasons(Static(r))
	if !contains(got["setting"], "config/config.go:Load") || contains(got["setting"], "config/config.go:NewBanner") {
		t.Errorf("the settings' loader is not (only) the setting: %v", got)
	}
}

// TestZeroDivisorBringsTheSettingsStruct: a divisor defaulting, through a
// formatting call, to a field of a settings struct nothing assigns (a
// loader fills it by its tags) brings that struct, where the key is
// named.
func TestZeroDivisorBringsTheSettingsStruct(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/feed\n",
		"feed.go": `package feed

import (
	"net/http"
	"strconv"
)

// Settings are filled from the environment by their tags.
type Settings struct {
	Limit int ` + "`" + `mapstructure:"FEED_ITEMS_LIMIT"` + "`" + `
}

func load() (s Settings, err error) { return }

func pages(w http.ResponseWriter, r *http.Request) {
	s, _ := load()
	size := r.URL.Query().Get("size")
	n, _ := strconv.Atoi(defaultTo(size, strconv.Itoa(s.Limit)))
	_ = 42 / n
}

func defaultTo(v, d string) string {
	if v == "" {
		return d
	}
	return v
}
`,
	})
	fr := report.Frame{Function: "example.com/feed.pages", File: "feed.go", Line: 19}
	r := shelfReport(root, "runtime error: integer divide by zero", fr)
	r.Error.Kind, r.Error.Type = report.KindPanic, "runtime.Error"
	got := reasons(Static(r))
	if !contains(got["setting"], "feed.go:Settings") {
		t.Errorf("the settings struct is not the setting: %v", got)
	}
}
