package appsource

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// billingModule's handlers return errors that a helper words for the
// client ("could not list invoices: %v", through fail), to an error
// handler that writes the status after the handler has returned; the
// invoices come through an interface whose implementation makes the
// inner error with a message of its own.
var billingModule = map[string]string{
	"go.mod": "module example.com/billing\n",
	"web/errors.go": `package web

import (
	"fmt"
	"net/http"
)

type HTTPError struct {
	Code    int
	Message string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("code=%d, message=%v", e.Code, e.Message) }

func fail(err error, words string) error {
	return &HTTPError{Code: http.StatusInternalServerError, Message: fmt.Sprintf("%s: %v", words, err)}
}

func OnError(err error, w http.ResponseWriter) {
	http.Error(w, "internal error", http.StatusInternalServerError)
}

// Routes registers the handlers behind an adapter that hands their
// errors to OnError.
func Routes(mux *http.ServeMux, h *Invoices) {
	for path, f := range map[string]func(http.ResponseWriter, *http.Request) error{"/invoices": h.List, "/invoices/count": h.Count} {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			if err := f(w, r); err != nil {
				OnError(err, w)
			}
		})
	}
}
`,
	"web/invoices.go": `package web

import (
	"net/http"

	"example.com/billing/store"
)

type Invoices struct{ repo store.Ledger }

func (h *Invoices) List(w http.ResponseWriter, r *http.Request) error {
	customer := r.URL.Query().Get("customer")
	if customer == "" {
		return fail(nil, "a customer is required")
	}
	rows, err := h.repo.ListInvoices(r.Context(), customer)
	if err != nil {
		return fail(err, "could not list invoices")
	}
	_ = rows
	return nil
}

func (h *Invoices) Count(w http.ResponseWriter, r *http.Request) error {
	n, err := h.repo.CountInvoices(r.Context())
	if err != nil {
		return fail(err, "could not count the invoices")
	}
	_ = n
	return nil
}
`,
	"store/ledger.go": `package store

import "context"

type Ledger interface {
	ListInvoices(ctx context.Context, customer string) ([]string, error)
	CountInvoices(ctx context.Context) (int, error)
}
`,
	"store/memory.go": `package store

import (
	"context"
	"fmt"
)

type Memory struct{ byCustomer map[string][]string }

func (m *Memory) ListInvoices(ctx context.Context, customer string) ([]string, error) {
	rows, ok := m.byCustomer[customer]
	if !ok {
		return nil, fmt.Errorf("customer %q has no ledger", customer)
	}
	return rows, nil
}

func (m *Memory) CountInvoices(ctx context.Context) (int, error) { return len(m.byCustomer), nil }
`,
}

// TestMessageSitesOfAHandedOverError: an error an error handler passed on
// names, by the words of its message, the handler that worded it and the
// implementation whose error it carried on, right after the frame; the
// implementation's own format is found from the message's tail although
// an HTTP error's text ("code=500, message=…") wraps it.
func TestMessageSitesOfAHandedOverError(t *testing.T) {
	root := writeModule(t, billingModule)
	msg := `code=500, message=could not list invoices: customer "acme" has no ledger`
	r := shelfReport(root, msg, report.Frame{Function: "example.com/billing/web.OnError", File: "web/errors.go", Line: 19})
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	cs := Static(r)
	got := map[string]int{}
	for i, c := range cs {
		got[c.Reason+" "+c.Symbol] = i
	}
	handler, okH := got["origin (*Invoices).List"]
	impl, okI := got["origin (*Memory).ListInvoices"]
	if !okH || !okI {
		t.Fatalf("the handler that worded the message and the implementation that made its error are not both origins: %v", reasonsInOrder(cs))
	}
	if impl > 2 || handler > 2 {
		t.Errorf("the message's sites do not follow the frame: %v", reasonsInOrder(cs))
	}
	if _, ok := got["origin (*Invoices).Count"]; ok {
		t.Errorf("a handler whose words are not in the message was named: %v", reasonsInOrder(cs))
	}
}

// TestMessageSitesFollowTheCall: when only the handler's words are in the
// message (the inner error's text is a library's), the call whose error
// it carried on is followed through the interface to the module's
// implementation.
func TestMessageSitesFollowTheCall(t *testing.T) {
	root := writeModule(t, billingModule)
	r := shelfReport(root, "could not list invoices: context deadline exceeded", report.Frame{Function: "example.com/billing/web.OnError", File: "web/errors.go", Line: 19})
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	got := reasons(Static(r))
	if !contains(got["origin"], "web/invoices.go:(*Invoices).List") || !contains(got["implementation"], "store/memory.go:(*Memory).ListInvoices") {
		t.Errorf("the handler and the implementation of the call it wraps are missing: %v", got)
	}
}

// TestMessageSitesNeedTellingWords: words found in more than two places,
// or too few to tell a place, name nothing.
func TestMessageSitesNeedTellingWords(t *testing.T) {
	mod := map[string]string{"go.mod": "module example.com/many\n"}
	for _, name := range []string{"a", "b", "c"} {
		mod["p/"+name+".go"] = "package p\n\nimport \"errors\"\n\nfunc F" + name + "() error { return errors.New(\"request failed badly\") }\n\nfunc G" + name + "() string { return \"not found\" }\n"
	}
	root := writeModule(t, mod)
	m := Load(root + "/p/a.go")
	if sites := m.MessageSites("request failed badly: boom"); len(sites) != 0 {
		t.Errorf("words in three places named %d sites", len(sites))
	}
	if sites := m.MessageSites("not found: boom"); len(sites) != 0 {
		t.Errorf("two short words named %d sites", len(sites))
	}
}

// TestComparedWordsAreNoSite: a literal a message is compared with (==,
// a switch case, strings.Contains) reads the message, it does not make
// it: it is no site of it; the literal that makes it is.
func TestComparedWordsAreNoSite(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/gate\n",
		"auth/user.go": `package auth

import (
	"errors"
	"strings"
)

func lookUp(name string) error { return errors.New("record not found") }

func trusted(err error) bool {
	if err.Error() != "record not found" {
		return false
	}
	switch err.Error() {
	case "record not found":
		return true
	}
	return strings.Contains(err.Error(), "record not found")
}
`,
	})
	m := Load(root + "/auth/user.go")
	sites := m.MessageSites("user 7: record not found")
	if len(sites) != 1 || sites[0].Line != 8 {
		t.Errorf("sites %+v, want only the errors.New at line 8", sites)
	}
}

// TestMessageSitesSecondHop: the call a handler's words wrap goes through
// a service interface to a store interface, reached through accessors of
// another interface: the store's implementation, two interfaces away, is
// in the context, right after the words' site and the first hop; the
// accessors are not hops.
func TestMessageSitesSecondHop(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/layers\n",
		"web/tags.go": `package web

import "example.com/layers/domain"

type Handler struct{ tags domain.Tags }

func sendError(code int, msg string) {}

func (h *Handler) List(id int) {
	_, err := h.tags.ForBookmark(id)
	if err != nil {
		sendError(500, "failed to get bookmark tags")
		return
	}
}

func onError(err error) {}
`,
		"domain/tags.go": `package domain

import "example.com/layers/store"

type Tags interface{ ForBookmark(id int) ([]string, error) }

// Deps gives what the domains need.
type Deps interface {
	Logger() string
	Region() string
	Database() store.DB
}

type deps struct {
	name string
	db   store.DB
}

func (d *deps) Logger() string       { return d.name }
func (d *deps) Region() string       { return "eu" }
func (d *deps) Database() store.DB   { return d.db }

type tags struct{ deps Deps }

func (t *tags) ForBookmark(id int) ([]string, error) {
	_ = t.deps.Logger()
	_ = t.deps.Region()
	return t.deps.Database().BookmarkTags(id)
}
`,
		"store/db.go": `package store

import "errors"

type DB interface{ BookmarkTags(id int) ([]string, error) }

type PG struct{}

func (p *PG) BookmarkTags(id int) ([]string, error) { return nil, errors.New("relation does not exist") }
`,
	})
	r := shelfReport(root, "failed to get bookmark tags", report.Frame{Function: "example.com/layers/web.onError", File: "web/tags.go", Line: 18})
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	got := reasons(Static(r))
	if !contains(got["implementation"], "store/db.go:(*PG).BookmarkTags") {
		t.Errorf("the store two interfaces from the handler's words is missing: %v", got)
	}
	// It follows the words' site and the first hop, as a lead.
	if order := reasonsInOrder(Static(r)); len(order) < 3 || !strings.Contains(order[2], "(*PG).BookmarkTags") {
		t.Errorf("the store's implementation is not third: %v", order)
	}
}

// TestShortWrapOfASentinel: a wrap too short to tell a place on its own
// ("tag %d: %v") is the origin when the argument it wraps is a sentinel
// of the module whose message ends the error's.
func TestShortWrapOfASentinel(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/tagdb\n",
		"store/tags.go": `package store

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("not found")

func DeleteTag(id int, exists bool) error {
	if !exists {
		return fmt.Errorf("tag %d: %v", id, ErrNotFound)
	}
	return nil
}

func DeleteUser(id int) error { return fmt.Errorf("user %d: %v", id, errors.New("gone")) }
`,
	})
	m := Load(root + "/store/tags.go")
	got := m.ErrorOrigins("tag 99: not found")
	if len(got) != 1 || got[0].Func != "DeleteTag" {
		t.Errorf("origins %+v, want DeleteTag's wrap", got)
	}
	if got := m.ErrorOrigins("user 7: not found"); len(got) != 0 {
		t.Errorf("a short wrap of no sentinel was taken: %+v", got)
	}
}

// boxesStore wraps, with a short %v format, the error of a lookup that
// returns a sentinel.
const boxesStore = `package store

import (
	"errors"
	"fmt"
)

var ErrMissing = errors.New("box not found")

func read(name string) error { return ErrMissing }

func Box(name string) error {
	if err := read(name); err != nil {
		return fmt.Errorf("box %s: %v", name, err)
	}
	return nil
}
`

// TestShortWrapOfAnErrorEndingInASentinel: a short wrap of an error
// variable ("box %s: %v" of err) is the origin when a sentinel's message
// ends the error's after the wrap's text; a message no sentinel ends is
// not tied to it.
func TestShortWrapOfAnErrorEndingInASentinel(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":         "module example.com/boxes\n",
		"store/boxes.go": boxesStore,
	})
	m := Load(root + "/store/boxes.go")
	if got := m.ErrorOrigins("box b7: box not found"); len(got) != 1 || got[0].Func != "Box" {
		t.Errorf("origins %+v, want Box's wrap", got)
	}
	if got := m.ErrorOrigins("box b7: disk full"); len(got) != 0 {
		t.Errorf("a short wrap was taken for a message no sentinel ends: %+v", got)
	}
}

// TestWrapWithAName: errors.Wrap(err, "FindByEmail") adds one word, a Go
// name, to the message: the wrap is a site of a message with that part;
// a one-word literal elsewhere, or a wrap with a plain word, is not.
func TestWrapWithAName(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/wraps\n",
		"svc/svc.go": `package svc

import "github.com/pkg/errors"

type finder interface{ FindByEmail(string) (int, error) }

func Lookup(f finder, email string) (int, error) {
	id, err := f.FindByEmail(email)
	if err != nil {
		return 0, errors.Wrap(err, "FindByEmail")
	}
	return id, nil
}

func Other(err error) error { return errors.Wrap(err, "lookup") }

func Label() string { return "FindByEmail" }
`,
	})
	m := Load(root + "/svc/svc.go")
	sites := m.MessageSites("FindByEmail: sql: no rows in result set")
	if len(sites) != 1 || sites[0].Line != 10 {
		t.Errorf("sites of a named wrap: %+v, want the wrap at line 10", sites)
	}
	if sites := m.MessageSites("lookup: boom"); len(sites) != 0 {
		t.Errorf("a wrap with a plain word named %d sites", len(sites))
	}
}

// TestFormatOfVerbsAloneIsNoSite: a format of verbs and separators alone
// ("%s: %s: %s") matches any message of as many parts: no site.
func TestFormatOfVerbsAloneIsNoSite(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/verbs\n",
		"main.go": `package main

import "fmt"

func line(a, b, c, d, e, f string) string {
	return fmt.Sprintf("%s: %s: %s: %s: %s: %s: ", a, b, c, d, e, f)
}
`,
	})
	if sites := Load(root + "/main.go").MessageSites("create: app: insert: store: pq: null value: user_id"); len(sites) != 0 {
		t.Errorf("a format of verbs alone named %d sites: %+v", len(sites), sites)
	}
}

// TestOneLongWordWrap: a format of one long word before the error it
// wraps ("namedexeccontext: %w") is a site of the message's part; a
// short one ("delete: %w") is in too many messages to tell a place.
func TestOneLongWordWrap(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/onewords\n",
		"db/db.go": `package db

import "fmt"

func NamedExec(run func() error) error {
	if err := run(); err != nil {
		return fmt.Errorf("namedexeccontext: %w", err)
	}
	return nil
}

func Delete(run func() error) error {
	if err := NamedExec(run); err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	return nil
}
`,
	})
	m := Load(root + "/db/db.go")
	sites := m.MessageSites("delete: namedexeccontext: could not find name id in struct")
	if len(sites) != 1 || sites[0].Line != 7 {
		t.Errorf("sites: %+v, want the one-word wrap at line 7 alone", sites)
	}
}

// TestSameWordsInThreePlacesOneReached: words three functions write are
// a site when the request reached one of them, and only that one.
func TestSameWordsInThreePlacesOneReached(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/three\n",
		"web/handler.go": `package web

import (
	"net/http"

	"example.com/three/p"
)

func show(w http.ResponseWriter, r *http.Request) {
	if err := p.Fb(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	}
	for _, name := range []string{"a", "b", "c"} {
		mod["p/"+name+".go"] = "package p\n\nimport \"fmt\"\n\nfunc F" + name + "() error { return fmt.Errorf(\"failed to read stored setting: %w\", fmt.Errorf(\"bad\")) }\n"
	}
	root := writeModule(t, mod)
	r := ledgerReport(t, root, "web/handler.go", 10, "example.com/three/web.show", "failed to read stored setting: bad")
	m := Load(root + "/web/handler.go")
	sites := m.FailureSites(r)
	if len(sites) != 1 || filepath.Base(sites[0].File.Path) != "b.go" {
		var got []string
		for _, s := range sites {
			got = append(got, s.File.Path)
		}
		t.Errorf("sites %v, want the one in b.go the request reached", got)
	}
	if len(m.MessageSites("failed to read stored setting: bad")) != 0 {
		t.Errorf("MessageSites names words three functions write")
	}
}

// TestVerbWordedMessageIsASiteNotSQL: a message that opens with an SQL
// verb ("update user failed", "select a plan first") is a message site;
// only text shaped as a statement is SQL.
func TestVerbWordedMessageIsASiteNotSQL(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/accounts\n",
		"store/errs.go": `package store

import "fmt"

// Wrap adds a status and a message to an error.
func Wrap(err error, status int, msg string) error { return fmt.Errorf("%s: %w", msg, err) }
`,
		"store/users.go": `package store

// Users keeps accounts.
type Users struct{}

func (u *Users) query(q string) error { return nil }

// Rename renames a user.
func (u *Users) Rename(id int, name string) error {
	if err := u.query("UPDATE users SET name = $2 WHERE id = $1"); err != nil {
		return renameFailed(err)
	}
	return nil
}

func renameFailed(err error) error { return Wrap(err, 500, "update user failed") }

// Pick chooses a plan.
func (u *Users) Pick() error { return Wrap(nil, 400, "select a plan first") }
`,
	})
	m := Load(root + "/store/users.go")
	sites := m.MessageSites("update user failed: no rows in result set")
	if len(sites) != 1 || sites[0].Phrase != "update user failed" {
		t.Errorf("the message's words are not its one site: %+v", sites)
	}
	if sites := m.MessageSites("select a plan first"); len(sites) != 1 {
		t.Errorf("a message opening with select is not a site: %+v", sites)
	}
	var sql []string
	for _, l := range m.SQLLiterals() {
		sql = append(sql, l.Value)
	}
	if len(sql) != 1 || !strings.HasPrefix(sql[0], "UPDATE users SET") {
		t.Errorf("the SQL literals are %q, want the UPDATE statement alone", sql)
	}
}

// embedModule's router embeds *Server, whose service field is an
// interface; the service's implementation calls a store whose error a
// helper words ("save profile failed").
var embedModule = map[string]string{
	"go.mod": "module example.com/profiles\n",
	"web/server.go": `package web

import "example.com/profiles/app"

// Server holds the services.
type Server struct {
	profiles app.Profiles
}

type router struct {
	*Server
}

func reply(status int, msg string) {}

func (r *router) save(name string) {
	if err := r.profiles.Save(name); err != nil {
		reply(500, err.Error())
		return
	}
	reply(200, "ok")
}
`,
	"app/profiles.go": `package app

import "example.com/profiles/store"

// Profiles saves profiles.
type Profiles interface {
	Save(name string) error
}

type profiles struct {
	store *store.Store
}

func (p *profiles) Save(name string) error {
	if err := p.store.Insert(name); err != nil {
		return err
	}
	return p.store.Touch(name)
}
`,
	"store/store.go": `package store

import "fmt"

// Store keeps profiles.
type Store struct{}

func (s *Store) exec(q string, args ...any) error { return nil }

// Insert adds a profile.
func (s *Store) Insert(name string) error {
	return s.exec("INSERT INTO profiles (name) VALUES ($1)", name)
}

// Touch marks a profile as seen.
func (s *Store) Touch(name string) error {
	if err := s.exec("UPDATE profiles SET seen = now() WHERE name = $1", name); err != nil {
		return saveFailed(err)
	}
	return nil
}

func saveFailed(err error) error { return fmt.Errorf("save profile failed: %w", err) }
`,
}

// TestHelperWordingAGivenErrorBringsItsCallers: the one site of a
// message's words is a helper that words the error it is given, reached
// through a field an embedded *Server promotes and an interface: its
// caller is the error's origin, and the implementation between the frame
// and it is in the context too.
func TestHelperWordingAGivenErrorBringsItsCallers(t *testing.T) {
	root := writeModule(t, embedModule)
	r := shelfReport(root, `{"status":500,"message":"save profile failed: no rows in result set"}`, report.Frame{Function: "example.com/profiles/web.(*router).save", File: "web/server.go", Line: 18})
	r.Error.Kind = report.KindStatus
	got := reasons(Static(r))
	if !contains(got["origin"], "store/store.go:saveFailed") || !contains(got["origin"], "store/store.go:(*Store).Touch") {
		t.Errorf("the helper and its caller are not origins: %v", got)
	}
	if !contains(got["implementation"], "app/profiles.go:(*profiles).Save") {
		t.Errorf("the implementation reached through the promoted field is missing: %v", got)
	}
}

// TestOriginOfALoggedErrorAttribute: the error attribute of a logged line
// that is no structured record ("… (error=box b7: box not found,
// http_method=GET)") is read for the error's origin, as the record's
// error is.
func TestOriginOfALoggedErrorAttribute(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":         "module example.com/boxes\n",
		"store/boxes.go": boxesStore,
		"web/web.go": `package web

import "net/http"

func Serve(w http.ResponseWriter, h func() error) {
	if err := h(); err != nil {
		http.Error(w, "internal server error", 500)
	}
}
`,
	})
	r := shelfReport(root, "internal server error", report.Frame{Function: "example.com/boxes/web.Serve", File: "web/web.go", Line: 7})
	r.Logs = []report.LogLine{{Text: "INFO Connection closed with HTTP 500 (error=box b7: box not found, http_method=GET, tag=http)"}}
	if got := reasons(Static(r)); !contains(got["origin"], "store/boxes.go:Box") {
		t.Errorf("the logged error's origin is not found: %v", got)
	}
}
