package appsource

import (
	"fmt"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// crowdedModule is a handler that calls many helpers of its own before
// the store, whose query builder names a misspelt column; the SQLite
// driver's message ends with its error code ("… (1)").
func crowdedModule(call string) map[string]string {
	var helpers, calls strings.Builder
	for i := range 20 {
		fmt.Fprintf(&helpers, "func step%d(n int) int { return n + %d }\n\n", i, i)
		fmt.Fprintf(&calls, "\tn = step%d(n)\n", i)
	}
	return map[string]string{
		"go.mod":       "module example.com/tally\n",
		"web/steps.go": "package web\n\n" + helpers.String(),
		"web/handler.go": `package web

import "example.com/tally/store"

type Handler struct {
	repo *store.Aliases
	load func(string) ([]string, error)
}

func (h *Handler) Get(user string) error {
	n := 0
` + calls.String() + `	_, err := ` + call + `(user)
	return err
}
`,
		"store/aliases.go": `package store

type DB interface {
	Where(query string, args ...any) DB
	Find(dst any) error
}

type Aliases struct{ db DB }

func (r *Aliases) ByUser(user string) ([]string, error) {
	var out []string
	err := r.db.Where("userid = ?", user).Find(&out)
	return out, err
}
`,
	}
}

// TestQueryNotCrowdedOut: the function whose query names the column an
// SQL error gives is in the static context, right after the frame, even
// when the frame's other callees would fill the list: a callee shown
// already is marked as the query, and one no call reaches is added.
func TestQueryNotCrowdedOut(t *testing.T) {
	for _, call := range []string{"h.repo.ByUser", "h.load"} {
		root := writeModule(t, crowdedModule(call))
		r := shelfReport(root, "SQL logic error: no such column: userid (1)", report.Frame{Function: "example.com/tally/web.(*Handler).Get", File: "web/handler.go", Line: 32})
		cs := Static(r)
		if len(cs) > maxStaticChunks {
			t.Errorf("%s: %d chunks, more than %d", call, len(cs), maxStaticChunks)
		}
		if len(cs) < 2 || cs[1].Reason != report.ReasonQuery || cs[1].Symbol != "(*Aliases).ByUser" {
			t.Errorf("%s: the query does not follow the frame: %v", call, reasonsInOrder(cs))
		}
	}
}

// TestQueryTheShownCodeCalls: of two queries that name the column an SQL
// error gives, the one a function already shown calls is the query shown.
func TestQueryTheShownCodeCalls(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/pulse\n",
		"store/beats.go": `package store

import "database/sql"

type Beats struct{ db *sql.DB }

func (b *Beats) FirstAll() (*sql.Rows, error) {
	return b.db.Query("select user_id, first from user_range")
}

func (b *Beats) RangeOf(user string) (*sql.Rows, error) {
	return b.db.Query("select first, last from user_range where user_id = $1", user)
}
`,
		"service/summary.go": `package service

import "example.com/pulse/store"

type Summary struct{ beats *store.Beats }

func (s *Summary) Of(user string) error {
	_, err := s.beats.RangeOf(user)
	return err
}
`,
		"web/handler.go": `package web

import "example.com/pulse/service"

type Handler struct{ summary *service.Summary }

func (h *Handler) Index(user string) error {
	return h.summary.Of(user)
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such column: first (1)", report.Frame{Function: "example.com/pulse/web.(*Handler).Index", File: "web/handler.go", Line: 8})
	got := reasons(Static(r))
	if !contains(got["graph"], "service/summary.go:(*Summary).Of") || !contains(got["query"], "store/beats.go:(*Beats).RangeOf") || contains(got["query"], "store/beats.go:(*Beats).FirstAll") {
		t.Errorf("the query the handler runs is not the one shown: %v", got)
	}
}

// TestQueryWrittenOverSeveralLiterals: a statement written as literals
// joined with + (a value between them) is one query: the table an SQL
// error names in its third literal leads to it.
func TestQueryWrittenOverSeveralLiterals(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/stats\n",
		"store/stats.go": `package store

import "database/sql"

type Stats struct{ db *sql.DB }

func (s *Stats) Projects(user string, limit int) (*sql.Rows, error) {
	query := "with grouped as (" +
		"select project, count(*) as n " +
		"from heartbeat " +
		"where user_id = $1 group by project) " +
		"select * from grouped limit " + itoa(limit)
	return s.db.Query(query, user)
}

func itoa(n int) string { return "" }
`,
		"web/handler.go": `package web

type Handler struct{ load func(string) error }

func (h *Handler) Get(user string) error {
	return h.load(user)
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such table: heartbeat (1)", report.Frame{Function: "example.com/stats/web.(*Handler).Get", File: "web/handler.go", Line: 6})
	got := reasons(Static(r))
	if !contains(got["query"], "store/stats.go:(*Stats).Projects") {
		t.Errorf("the query written over several literals is not found: %v", got)
	}
}

// TestColumnOfAGormCondition: a column named in a condition gorm builds
// (Statement.BuildCondition) leads to the function that builds it.
func TestColumnOfAGormCondition(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/sums\n",
		"store/sums.go": `package store

type Statement interface{ BuildCondition(q string, args ...any) []any }

type DB struct{ Statement Statement }

type Sums struct{ db *DB }

func (s *Sums) Within(from, to int) []any {
	return append(s.db.Statement.BuildCondition("from_time >= ?", from), s.db.Statement.BuildCondition("to_date <= ?", to)...)
}
`,
		"web/handler.go": `package web

type Handler struct{ load func() error }

func (h *Handler) Get() error {
	return h.load()
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such column: to_date (1)", report.Frame{Function: "example.com/sums/web.(*Handler).Get", File: "web/handler.go", Line: 6})
	if got := reasons(Static(r)); !contains(got["query"], "store/sums.go:(*Sums).Within") {
		t.Errorf("the condition's function is not the query: %v", got)
	}
}
