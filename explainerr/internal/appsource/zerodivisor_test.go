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
