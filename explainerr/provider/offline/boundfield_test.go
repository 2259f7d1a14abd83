package offline

import "testing"

// standFiles: a constructor splits a banner's template around a marker
// (with a count, or reading the template from a file), and a form handler
// stores -1 for "no limit" in the field another handler slices with.
var standFiles = map[string]string{
	"go.mod": "module example.com/stand\n",
	"main.go": `package main

import (
	"net/http"
	"os"
	"strconv"
	"strings"
)

type Stand struct {
	parts  []string
	halves []string
	limit  int
	names  []string
}

func New(tmpl string) (*Stand, error) {
	k := &Stand{}
	k.parts = strings.SplitN(tmpl, "NAME", 1)
	page, err := os.ReadFile("banner.html")
	if err != nil {
		return nil, err
	}
	k.halves = strings.Split(string(page), "<!--BODY-->")
	return k, nil
}

func (k *Stand) Save(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.FormValue("limit"))
	if err != nil {
		k.limit = -1
		return
	}
	k.limit = n
}

func (k *Stand) Banner(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(k.parts[0] + r.URL.Query().Get("name") + k.parts[1])) //! banner
}

func (k *Stand) Page(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(k.halves[0] + "hello" + k.halves[1])) //! page
}

func (k *Stand) List(w http.ResponseWriter, r *http.Request) {
	if len(k.names) > k.limit {
		k.names = k.names[:k.limit] //! list
	}
	w.Write([]byte(strings.Join(k.names, ",")))
}
`,
}

// TestBoundFieldSetElsewhere: an index or a slice bound out of range on a
// field is explained where the field is set: a SplitN whose count is
// below the index, a split whose separator the file it splits must hold,
// a -1 a form handler stores; a negative bound is not advised a clamp to
// the length, which keeps it negative.
func TestBoundFieldSetElsewhere(t *testing.T) {
	app := writeMarkedApp(t, standFiles)
	text := Analyze(panicReport("runtime.boundsError", "runtime error: index out of range [1] with length 1", app.frame(t, "banner", "(*Stand).Banner")))
	mustHave(t, text, "`strings.SplitN` with a count of 1 returns at most 1 part(s), so index 1 is never there", "pass a count above 1")
	text = Analyze(panicReport("runtime.boundsError", "runtime error: index out of range [1] with length 1", app.frame(t, "page", "(*Stand).Page")))
	mustHave(t, text, "a split gives one part when the text lacks the separator", "It splits the text of `banner.html`")
	text = Analyze(panicReport("runtime.boundsError", "runtime error: slice bounds out of range [:-1]", app.frame(t, "list", "(*Stand).List")))
	mustHave(t, text, "`k.limit` is -1 here", "sets it to -1", "Test the sign of `k.limit` before slicing")
	mustLack(t, text, "min(k.limit")
}
