package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// typeTestFiles answer a missing member with a page, by a type switch on
// the lookup's error, in a handler an error handler passes errors on
// from; the lookup, in another package, wraps the store's typed error
// with %v.
var typeTestFiles = map[string]string{
	"go.mod": "module example.com/club\n",
	"store/members.go": `package store

import "fmt"

type NotFoundError struct{ Email string }

type ConflictError struct{}

func (e *ConflictError) Error() string { return "conflict" }

func (e *NotFoundError) Error() string { return "member not found" }

type Members struct{ byEmail map[string]string }

func (m *Members) Find(email string) (string, error) {
	name, ok := m.byEmail[email]
	if !ok {
		return "", &NotFoundError{Email: email}
	}
	return name, nil
}

func (m *Members) Lookup(email string) (string, error) {
	name, err := m.Find(email)
	if err != nil {
		return "", fmt.Errorf("lookup %s: %v", email, err)
	}
	return name, nil
}
`,
	"web/reset.go": `package web

import (
	"fmt"

	"example.com/club/store"
)

type Ctx interface{ Form(string) string }

type Reset struct{ members *store.Members }

func (h *Reset) Submit(c Ctx) error {
	_, err := h.members.Lookup(c.Form("email"))
	switch err.(type) {
	case *store.ConflictError:
		return nil
	case *store.NotFoundError:
		return nil
	case nil:
	default:
		return fmt.Errorf("could not look the member up: %w", err)
	}
	return nil
}

func onError(err error, c Ctx) {
	_ = err //! handover
}
`,
}

// TestTypeSwitchMissesAVWrap: a handed-over error whose handler tests its
// type with a type switch, made by a %v wrap in a function the handler
// calls, is explained as the wrap defeating the switch, with the wrap as
// the fix; no check the handler has is advised.
func TestTypeSwitchMissesAVWrap(t *testing.T) {
	app := writeMarkedApp(t, typeTestFiles)
	r := statusReport("code=500, message=could not look the member up: lookup ghost@example.com: member not found", app.frame(t, "handover", "onError"))
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	text := Analyze(r)
	mustHave(t, text,
		"The type switch's `case *store.NotFoundError` at `(*Reset).Submit`",
		"`(*Members).Lookup` (`members.go:26`)",
		"return `err` as it is, or wrap it with `\"%w\"` and test it with `errors.As`")
	mustLack(t, text, "4xx")
}

// freshFiles test a lookup's error for the store's sentinel, which the
// store's implementation does not return: it makes an error of its own
// that says the same thing.
var freshFiles = map[string]string{
	"go.mod": "module example.com/quota\n",
	"store/quota.go": `package store

import (
	"errors"
	"fmt"
)

var ErrQuotaExhausted = errors.New("quota exhausted")

type Quotas struct{ left map[string]int }

func (q *Quotas) Take(user string) error {
	if q.left[user] == 0 {
		return fmt.Errorf("quota of %s exhausted", user)
	}
	q.left[user]--
	return nil
}
`,
	"web/upload.go": `package web

import (
	"errors"
	"fmt"

	"example.com/quota/store"
)

type Ctx interface{ User() string }

type Upload struct{ quotas *store.Quotas }

func (h *Upload) Post(c Ctx) error {
	if err := h.quotas.Take(c.User()); err != nil {
		if errors.Is(err, store.ErrQuotaExhausted) {
			return nil
		}
		return fmt.Errorf("could not take the quota: %w", err)
	}
	return nil
}

func onError(err error, c Ctx) {
	_ = err //! handover
}
`,
}

// TestFreshErrorWhereASentinelIsTested: the handler's errors.Is test of
// the store's sentinel is false for an error the store made fresh with
// words of the sentinel's; the store's line is the fix, to return the
// sentinel there.
func TestFreshErrorWhereASentinelIsTested(t *testing.T) {
	app := writeMarkedApp(t, freshFiles)
	r := statusReport("could not take the quota: quota of bob exhausted", app.frame(t, "handover", "onError"))
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	text := Analyze(r)
	mustHave(t, text,
		"`errors.Is(err, store.ErrQuotaExhausted)` at `(*Upload).Post`",
		"The error is made at `(*Quotas).Take` (`quota.go:14`)",
		"return `store.ErrQuotaExhausted` at `quota.go:14`")
}

// serviceSentinelFiles test a store's sentinel in a service the handler
// calls, which no frame shows once it returned; the store wraps the
// sentinel with %v.
var serviceSentinelFiles = map[string]string{
	"go.mod": "module example.com/tagsvc\n",
	"store/tags.go": `package store

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("not found")

type PG struct{ ids map[int]bool }

func (db *PG) DeleteTag(id int) error {
	if !db.ids[id] {
		return fmt.Errorf("tag %d: %v", id, ErrNotFound)
	}
	return nil
}
`,
	"domain/tags.go": `package domain

import (
	"errors"

	"example.com/tagsvc/store"
)

var ErrTagMissing = errors.New("no such tag")

type Tags struct{ db *store.PG }

func (t *Tags) Delete(id int) error {
	err := t.db.DeleteTag(id)
	if errors.Is(err, store.ErrNotFound) {
		return ErrTagMissing
	}
	return err
}
`,
	"web/handler.go": `package web

import (
	"log"
	"net/http"

	"example.com/tagsvc/domain"
)

func handleDelete(tags *domain.Tags, w http.ResponseWriter) {
	if err := tags.Delete(7); err != nil {
		log.Printf("failed to delete tag: %v", err)
		w.WriteHeader(http.StatusInternalServerError) //! status
	}
}
`,
}

// TestSentinelTestedInAServiceTheStackDoesNotShow: the errors.Is test of
// a sentinel the store wraps with %v, in a service that returned before
// the status was written, is found and the wrap is the fix.
func TestSentinelTestedInAServiceTheStackDoesNotShow(t *testing.T) {
	app := writeMarkedApp(t, serviceSentinelFiles)
	r := statusReport("", app.frame(t, "status", "handleDelete"))
	r.Logs = []report.LogLine{{Text: "2026/12/02 10:00:00 failed to delete tag: tag 7: not found"}}
	text := Analyze(r)
	mustHave(t, text,
		"`errors.Is(err, store.ErrNotFound)` at `(*Tags).Delete`",
		"`(*PG).DeleteTag` (`tags.go:14`)",
		"Wrap it with `\"%w\"` instead of `\"%v\"` at `tags.go:14`")
	mustLack(t, text, "Return a sentinel error")
}

// asTypeFiles test a ticket lookup's error with errors.AsType for the
// store's typed not-found error, in a handler that answers 500 and logs
// the error otherwise; the store's lookup wraps the typed error with %v.
var asTypeFiles = map[string]string{
	"go.mod": "module example.com/tickets\n\ngo 1.26\n",
	"store/tickets.go": `package store

import "fmt"

// TicketMissingError is returned for a ticket that does not exist.
type TicketMissingError struct{ ID string }

func (e TicketMissingError) Error() string { return "ticket not found" }

// Tickets holds the tickets.
type Tickets struct{ byID map[string]string }

func (t *Tickets) row(id string) (string, error) {
	v, ok := t.byID[id]
	if !ok {
		return "", TicketMissingError{ID: id}
	}
	return v, nil
}

// Ticket returns a ticket.
func (t *Tickets) Ticket(id string) (string, error) {
	v, err := t.row(id)
	if err != nil {
		return "", fmt.Errorf("reading ticket %s: %v", id, err)
	}
	return v, nil
}
`,
	"web/tickets.go": `package web

import (
	"errors"
	"log"
	"net/http"

	"example.com/tickets/store"
)

// Show serves a ticket.
func Show(tickets *store.Tickets) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := tickets.Ticket(r.PathValue("id"))
		if _, ok := errors.AsType[store.TicketMissingError](err); ok {
			http.NotFound(w, r)
			return
		} else if err != nil {
			log.Printf("showing ticket: %v", err)
			http.Error(w, "could not show the ticket", http.StatusInternalServerError) //! show
			return
		}
		w.Write([]byte(v))
	}
}
`,
}

// TestAsTypeMissesAVWrap: errors.AsType[T](err) is a test of the error's
// type as errors.As is; a %v wrap in the store defeats it, and the wrap is
// the fix, named with the test as the code writes it.
func TestAsTypeMissesAVWrap(t *testing.T) {
	app := writeMarkedApp(t, asTypeFiles)
	r := statusReport("could not show the ticket\n", app.frame(t, "show", "example.com/tickets/web.Show.func1"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 10:00:00 showing ticket: reading ticket t-9: ticket not found"}}
	text := Analyze(r)
	mustHave(t, text,
		"`errors.AsType[store.TicketMissingError](err)` at `Show` (`tickets.go:15`)",
		"Wrap it with `\"%w\"` instead of `\"%v\"` at `store/tickets.go:25`, so that `errors.AsType[store.TicketMissingError](err)` finds")
}
