package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// accountsModule has two services with the same method names, told apart
// by their parameters' types, whose messages share words.
var accountsModule = map[string]string{
	"go.mod": "module example.com/ledger\n",
	"books/books.go": `package books

import (
	"context"
	"fmt"
)

type AccountID string
type EntryID string

type Accounts struct{ store Store }
type Entries struct{ store Store }

type Store interface {
	Account(ctx context.Context, id AccountID) error
	Entry(ctx context.Context, id EntryID) error
	AccountBySlug(ctx context.Context, slug string) error
}

func (a Accounts) Get(ctx context.Context, id AccountID) error {
	if err := a.store.Account(ctx, id); err != nil {
		return fmt.Errorf("lookup failed: %v", err)
	}
	return nil
}

func (a Accounts) BySlug(ctx context.Context, slug string) error {
	if err := a.store.AccountBySlug(ctx, slug); err != nil {
		return fmt.Errorf("unable to load account by slug %s: %w", slug, err)
	}
	return nil
}

func (a Accounts) Load(ctx context.Context, id AccountID) error {
	if err := a.store.Account(ctx, id); err != nil {
		return fmt.Errorf("unable to load account %s: %w", id, err)
	}
	return nil
}

func (e Entries) Get(ctx context.Context, id EntryID) error {
	if err := e.store.Entry(ctx, id); err != nil {
		return fmt.Errorf("lookup failed: %w", err)
	}
	return nil
}
`,
	"web/web.go": `package web

import (
	"context"
	"net/http"

	"example.com/ledger/books"
)

type AccountService interface {
	Get(ctx context.Context, id books.AccountID) error
}

type EntryService interface {
	Get(ctx context.Context, id books.EntryID) error
}

type Handlers struct {
	accounts AccountService
	entries  EntryService
}

func (h *Handlers) account(w http.ResponseWriter, r *http.Request) {
	if err := h.accounts.Get(r.Context(), books.AccountID(r.PathValue("id"))); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
}

// TestOriginsTheRequestRan: of messages that share words, the origin
// named is the one the request ran: an interface's implementation is the
// type whose method has the interface's parameter types, not another
// with the same method names; a format whose verb took words another
// format prints is not the maker; a "%v" and a "%w" of the same words
// are one message written twice.
func TestOriginsTheRequestRan(t *testing.T) {
	root := writeModule(t, accountsModule)
	frame := report.Frame{Function: "example.com/ledger/web.(*Handlers).account", File: "web/web.go", Line: 24}
	m := Load(root + "/web/web.go")
	impls := m.implementations(typeKey{dir: root + "/web", name: "AccountService"}, "Get")
	if len(impls) != 1 || FuncName(impls[0].Decl) != "Accounts.Get" {
		t.Errorf("AccountService.Get resolves to %v, want Accounts.Get alone", funcNames(impls))
	}
	got := reasonsInOrder(Static(shelfReport(root, "lookup failed: no rows", frame)))
	if !contains(got, "implementation:Accounts.Get") || contains(got, "origin:Entries.Get") || contains(got, "implementation:Entries.Get") {
		t.Errorf("want Accounts.Get, which makes the message, and not Entries.Get, got %v", got)
	}
	ems := m.ErrorOrigins("unable to load account by slug main: no rows")
	if len(ems) != 1 || ems[0].Func != "Accounts.BySlug" {
		t.Errorf("origins of the slug's message: %v, want Accounts.BySlug alone", ems)
	}
}

// funcNames names refs' functions.
func funcNames(refs []FuncRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, FuncName(r.Decl))
	}
	return out
}

// TestLoggerAdapterIsNoLead: a log line whose caller field names the
// app's adapter of a library's logger (its Trace method, where slog
// records its own caller) leads nowhere; a line naming a store's method
// does.
func TestLoggerAdapterIsNoLead(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/quill\n",
		"db/logger.go": `package db

import (
	"context"
	"log/slog"
	"time"
)

type queryLogger struct{}

func (queryLogger) Trace(ctx context.Context, begin time.Time, fc func() (string, int64), err error) {
	sql, _ := fc()
	slog.Error("query", "sql", sql, "error", err)
}

func (queryLogger) Count(ctx context.Context) int {
	slog.Error("count failed")
	return 0
}
`,
	})
	m := Load(root + "/db/logger.go")
	r := &report.Report{Logs: []report.LogLine{
		{Text: `level=ERROR source=` + root + `/db/logger.go:13 msg=query sql="SELECT 1" error="boom"`},
		{Text: `level=ERROR source=` + root + `/db/logger.go:17 msg="count failed"`},
	}}
	got := funcNames(m.LoggedFuncs(r))
	if len(got) != 1 || got[0] != "queryLogger.Count" {
		t.Errorf("LoggedFuncs = %v, want queryLogger.Count alone", got)
	}
}
