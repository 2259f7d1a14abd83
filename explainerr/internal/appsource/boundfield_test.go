package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestBoundFieldBringsWhereItIsSet: an index out of range on a field a
// constructor fills from a split, and a slice bound read from a field
// another handler stores, bring the function that sets that field as an
// origin; a function that sets another field of the type does not come.
func TestBoundFieldBringsWhereItIsSet(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/kiosk\n",
		"kiosk.go": `package kiosk

import (
	"net/http"
	"strconv"
	"strings"
)

// Kiosk serves a banner and a list.
type Kiosk struct {
	parts []string
	title string
	limit int
	names []string
}

// New splits the banner's template around its name.
func New(tmpl string) *Kiosk {
	k := &Kiosk{}
	k.parts = strings.SplitN(tmpl, "NAME", 1)
	return k
}

// Rename sets the title.
func (k *Kiosk) Rename(t string) { k.title = t }

// Save stores the list's limit from a form.
func (k *Kiosk) Save(r *http.Request) {
	n, err := strconv.Atoi(r.FormValue("limit"))
	if err != nil {
		n = -1
	}
	k.limit = n
}

// Banner writes the banner.
func (k *Kiosk) Banner(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(k.parts[0] + r.URL.Query().Get("name") + k.parts[1]))
}

// List writes the first names.
func (k *Kiosk) List(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(strings.Join(k.names[:k.limit], ",")))
}
`,
	})
	banner := report.Frame{Function: "example.com/kiosk.(*Kiosk).Banner", File: "kiosk.go", Line: 38}
	r := shelfReport(root, "runtime error: index out of range [1] with length 1", banner)
	r.Error.Kind, r.Error.Type = report.KindPanic, "runtime.Error"
	got := reasons(Static(r))
	if !contains(got["origin"], "kiosk.go:New") || contains(got["origin"], "kiosk.go:(*Kiosk).Rename") {
		t.Errorf("the constructor that splits the field is not (only) the origin: %v", got)
	}
	list := report.Frame{Function: "example.com/kiosk.(*Kiosk).List", File: "kiosk.go", Line: 43}
	r = shelfReport(root, "runtime error: slice bounds out of range [:-1]", list)
	r.Error.Kind, r.Error.Type = report.KindPanic, "runtime.Error"
	got = reasons(Static(r))
	if !contains(got["origin"], "kiosk.go:(*Kiosk).Save") {
		t.Errorf("the handler that stores the bound is not an origin: %v", got)
	}
}
