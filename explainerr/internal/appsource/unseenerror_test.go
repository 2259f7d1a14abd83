package appsource

import (
	"go/ast"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// pensModule answers its API's failures through a helper that writes a
// fixed 500 body and logs nothing; its handler switches on the path and
// assigns the error in each case.
var pensModule = map[string]string{
	"go.mod": "module example.com/pens\n",
	"store/dogs.go": `package store

import "database/sql"

type Dogs struct{ DB *sql.DB }

func (d Dogs) Adopt(id int, owner string) error {
	_, err := d.DB.Exec("UPDATE dogs SET owner = ? WHERE id = ?", owner, id)
	return err
}

func (d Dogs) Count() (int, error) {
	var n int
	err := d.DB.QueryRow("SELECT count(*) FROM dogs").Scan(&n)
	return n, err
}
`,
	"api/api.go": `package api

import (
	"net/http"

	"example.com/pens/store"
)

type API struct{ Dogs store.Dogs }

func (a *API) adopt(w http.ResponseWriter, r *http.Request) error {
	return a.Dogs.Adopt(7, r.FormValue("owner"))
}

func (a *API) count(w http.ResponseWriter, r *http.Request) error {
	_, err := a.Dogs.Count()
	return err
}

func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var err error
	switch r.URL.Path {
	case "/v1/adopt":
		err = a.adopt(w, r)
	case "/v1/count":
		err = a.count(w, r)
	default:
		err = errUnknown
	}
	if err != nil {
		code, err := a.reply(w, err)
		_, _ = code, err
	}
}

var errUnknown = http.ErrNotSupported

func (a *API) reply(w http.ResponseWriter, e error) (int, error) {
	w.WriteHeader(http.StatusInternalServerError)
	_, err := w.Write([]byte(` + "`" + `{"status":500,"error":"Internal Server Error"}` + "`" + `))
	return 500, err
}
`,
}

// pensReport is the 500 the reply helper wrote for a request to path.
func pensReport(root, path string) *report.Report {
	r := shelfReport(root, `{"status":500,"error":"Internal Server Error"}`,
		report.Frame{Function: "example.com/pens/api.(*API).reply", File: "api/api.go", Line: 40},
		report.Frame{Function: "example.com/pens/api.(*API).ServeHTTP", File: "api/api.go", Line: 32})
	r.Request = report.Request{Method: "POST", URL: "http://localhost" + path + "?x=1"}
	return r
}

// TestUnseenErrorOriginsFollowTheCaseThatRan: the failed call is the one
// of the case the request's path matched, found from the caller of the
// helper that was handed the error, and the functions below it that run
// statements are its store's.
func TestUnseenErrorOriginsFollowTheCaseThatRan(t *testing.T) {
	root := writeModule(t, pensModule)
	for path, want := range map[string][2]string{
		"/v1/adopt": {"adopt", "Dogs.Adopt"},
		"/v1/count": {"count", "Dogs.Count"},
	} {
		r := pensReport(root, path)
		m := Load(r.Frames[0].File)
		_, fd, at, calls, runners := m.UnseenErrorOrigins(r)
		if fd == nil || FuncName(fd) != "(*API).ServeHTTP" || at == 0 {
			t.Fatalf("%s: no failed call found in ServeHTTP: %v at %d", path, fd, at)
		}
		if len(calls) != 1 || !nameIs(calls[0].Decl, want[0]) || len(runners) == 0 || FuncName(runners[0].Decl) != want[1] {
			t.Errorf("%s: failed call %v, runners %v; want %s then %s", path, refNames(calls), refNames(runners), want[0], want[1])
		}
		if got := reasons(Static(r)); !contains(got["origin"], "store/dogs.go:"+want[1]) {
			t.Errorf("%s: the store function is not in the context as an origin: %v", path, got)
		}
	}
	// A body with the error's words is not an unseen error.
	r := pensReport(root, "/v1/adopt")
	r.Error.Message = `{"error":"no such column: ownr"}`
	if _, _, at, _, _ := Load(r.Frames[0].File).UnseenErrorOrigins(r); at != 0 {
		t.Errorf("an error with its own words is taken for an unseen one")
	}
}

// nameIs reports whether fd is named name.
func nameIs(fd *ast.FuncDecl, name string) bool { return fd.Name.Name == name }

// refNames names refs' functions.
func refNames(refs []FuncRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, FuncName(r.Decl))
	}
	return out
}
