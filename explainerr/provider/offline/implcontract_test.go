package offline

import "testing"

// rosterFiles keep members in one store per database behind an interface;
// a service wraps the store's error with the method's name and tests the
// member it got against nil, for "no such member". The SQLite store lost
// its not-found branch.
var rosterFiles = map[string]string{
	"go.mod": "module example.com/roster\n",
	"store/store.go": `package store

// Member is one member.
type Member struct{ ID int; Email string }

// Members finds members.
type Members interface {
	ByEmail(email string) (*Member, error)
}
`,
	"store/pg/members.go": `package pg

import (
	"database/sql"

	"example.com/roster/store"
)

// Members are the members in PostgreSQL.
type Members struct{ db *sql.DB }

// ByEmail finds a member by email.
func (s *Members) ByEmail(email string) (*store.Member, error) {
	var m store.Member
	err := s.db.QueryRow("SELECT id, email FROM members WHERE email = $1", email).Scan(&m.ID, &m.Email)
	if err == sql.ErrNoRows {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	return &m, nil
}
`,
	"store/lite/members.go": `package lite

import (
	"database/sql"

	"example.com/roster/store"
)

// Members are the members in SQLite.
type Members struct{ db *sql.DB }

// ByEmail finds a member by email.
func (s *Members) ByEmail(email string) (*store.Member, error) {
	var m store.Member
	err := s.db.QueryRow("SELECT id, email FROM members WHERE email = ?", email).Scan(&m.ID, &m.Email)
	if err != nil {
		return nil, err
	}
	return &m, nil
}
`,
	"service/invite.go": `package service

import (
	"errors"

	"example.com/roster/store"
	pkgerrors "github.com/pkg/errors"
)

// ErrTaken says the email belongs to a member already.
var ErrTaken = errors.New("taken")

// CanInvite says whether email may be invited.
func CanInvite(members store.Members, email string) error {
	m, err := members.ByEmail(email)
	if err != nil {
		return pkgerrors.Wrap(err, "ByEmail")
	}
	if m != nil {
		return ErrTaken
	}
	return nil
}
`,
	"web/invite.go": `package web

import (
	"net/http"

	"example.com/roster/service"
	"example.com/roster/store"
)

func invite(members store.Members) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := service.CanInvite(members, r.FormValue("email")); err != nil {
			panic(err) //! panic
		}
	}
}
`,
}

// TestNotFoundContractBrokenByOneImplementation: a not-found error that
// a service wrapped with the store method's name, where the service tests
// the result against nil and the other implementation of the method turns
// the error into nil, is fixed in the implementation that does not; no
// 404 is advised.
func TestNotFoundContractBrokenByOneImplementation(t *testing.T) {
	app := writeMarkedApp(t, rosterFiles)
	f := app.frame(t, "panic", "x")
	f.Function = "example.com/roster/web.invite.func1"
	r := panicReport("*errors.withStack", "ByEmail: sql: no rows in result set", f)
	r.Error.Chain = []string{"ByEmail: sql: no rows in result set", "sql: no rows in result set"}
	r.Request.Method = "POST"
	text := Analyze(r)
	mustHave(t, text, "where its caller expects nil", "it tests `m` at `CanInvite` (`service/invite.go:19`)",
		"as at `store/pg/members.go:16`", "the one at `store/lite/members.go:13` does not",
		"Make `ByEmail` (`store/lite/members.go:13`) answer a missing row with a `nil` result")
	mustLack(t, text, "http.StatusNotFound")
}

// TestNotFoundContractOffTheStack: a store's upsert, which the handler
// reaches through a service and the stack does not show, tests the
// lookup's result against nil for a first write, but the lookup answers a
// missing row with the error: the lookup is named (the receiver's own
// Get, not another type's), and no 404 is advised for a request that
// writes.
func TestNotFoundContractOffTheStack(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/prefs\n",
		"store/prefs.go": `package store

import "database/sql"

// Pref is a user's preference.
type Pref struct{ User, Value string }

// Prefs keeps preferences.
type Prefs struct{ db *sql.DB }

// Get finds a user's preference.
func (s *Prefs) Get(user string) (*Pref, error) {
	var p Pref
	if err := s.db.QueryRow("SELECT user, value FROM prefs WHERE user = ?", user).Scan(&p.User, &p.Value); err != nil {
		return nil, err
	}
	return &p, nil
}

// Upsert writes a user's preference.
func (s *Prefs) Upsert(user, value string) error {
	existing, err := s.Get(user)
	if err != nil {
		return err
	}
	if existing == nil {
		_, err = s.db.Exec("INSERT INTO prefs (user, value) VALUES (?, ?)", user, value)
		return err
	}
	_, err = s.db.Exec("UPDATE prefs SET value = ? WHERE user = ?", value, user)
	return err
}

// Cache keeps answers.
type Cache struct{ db *sql.DB }

// Get reads a cached answer.
func (c *Cache) Get(key string) (string, error) {
	var v string
	return v, c.db.QueryRow("SELECT v FROM cache WHERE k = ?", key).Scan(&v)
}
`,
		"web/prefs.go": `package web

import (
	"net/http"

	"example.com/prefs/store"
)

var prefs *store.Prefs

func setPref(w http.ResponseWriter, r *http.Request) {
	if err := prefs.Upsert(r.FormValue("user"), r.FormValue("value")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
}
`,
	})
	r := statusReport("sql: no rows in result set\n", app.frame(t, "status", "example.com/prefs/web.setPref"))
	r.Request.Method = "PUT"
	text := Analyze(r)
	mustHave(t, text, "where its caller expects nil", "it tests `existing` at `(*Prefs).Upsert` (`store/prefs.go:26`)", "Make `(*Prefs).Get` (`store/prefs.go:12`) answer a missing row")
	mustLack(t, text, "answering 404", "404 Not Found where")
	// An ORM's wording of the same ("record not found").
	r = statusReport("record not found\n", app.frame(t, "status", "example.com/prefs/web.setPref"))
	r.Request.Method = "PUT"
	text = Analyze(r)
	mustHave(t, text, "where its caller expects nil", "it tests `existing` at `(*Prefs).Upsert` (`store/prefs.go:26`)")
	mustLack(t, text, "answering 404", "404 Not Found where")
}
