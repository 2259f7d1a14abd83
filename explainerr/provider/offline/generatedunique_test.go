package offline

import "testing"

// voucherFiles make a voucher whose code comes from code, and insert it.
func voucherFiles(code string) map[string]string { return voucherFilesSeeded(code, "7") }

// voucherFilesSeeded is voucherFiles with the random source seeded with
// seed, as written.
func voucherFilesSeeded(code, seed string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/vouchers\n\ngo 1.22\n\nrequire github.com/mattn/go-sqlite3 v1.14.22\n",
		"web/web.go": `package web

import (
	"database/sql"
	"math/rand"
	"net/http"
	"strconv"
)

// Voucher is a voucher.
type Voucher struct{ VoucherCode string }

var seq = rand.New(rand.NewSource(` + seed + `))

func newCode() string { return strconv.Itoa(seq.Intn(10)) }

// Issue issues a voucher.
func Issue(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := Voucher{VoucherCode: ` + code + `}
		if _, err := db.Exec("INSERT INTO vouchers (voucher_code) VALUES (?)", v.VoucherCode); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError) //! issue
		}
	}
}
`,
	}
}

// TestUniqueViolationOfAGeneratedValue: the violated column's value is
// made by the app's own call, not sent by the client: no duplicate is
// blamed on the request, no 409 advised, and the generator is the fix.
// A value read from the request keeps the duplicate reading.
func TestUniqueViolationOfAGeneratedValue(t *testing.T) {
	const msg = "UNIQUE constraint failed: vouchers.voucher_code\n"
	app := writeMarkedApp(t, voucherFiles("newCode()"))
	text := Analyze(statusReport(msg, app.frame(t, "issue", "example.com/vouchers/web.Issue.func1")))
	mustHave(t, text, "The value is made by the app, not sent by the client", "sets it from `newCode`",
		"`newCode` draws from a random source seeded with a constant, at `web.go:13`: `var seq = rand.New(rand.NewSource(7))`", "Seed that source from something that changes")
	mustLack(t, text, "The request sends it", "check for the value first")

	// Seeded from the time: the generator itself is the fix.
	app = writeMarkedApp(t, voucherFilesSeeded("newCode()", "time.Now().UnixNano()"))
	text = Analyze(statusReport(msg, app.frame(t, "issue", "example.com/vouchers/web.Issue.func1")))
	mustHave(t, text, "sets it from `newCode`", "Make `newCode` give values that are not taken")
	mustLack(t, text, "seeded with a constant")

	app = writeMarkedApp(t, voucherFiles(`r.FormValue("code")`))
	r := statusReport(msg, app.frame(t, "issue", "example.com/vouchers/web.Issue.func1"))
	r.Request.Method, r.Request.Form = "POST", map[string][]string{"voucher_code": {"XMAS"}}
	text = Analyze(r)
	mustHave(t, text, "The request sends it (its field `voucher_code`)")
	mustLack(t, text, "made by the app")
}

// TestUniqueViolationOfACopiedID: the new row's own id is set from
// another record's (Id: ticket.ID), so every row made there has the same:
// no duplicate is blamed on the request, and leaving the id out is the
// fix.
func TestUniqueViolationOfACopiedID(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/desk\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"
)

// Ticket is a support ticket; Reply a reply to one.
type Ticket struct{ ID int64 }

// Reply is a ticket's reply.
type Reply struct {
	ID     int64
	Ticket int64
	Body   string
}

func (rp *Reply) insert(db *sql.DB) error {
	_, err := db.Exec("INSERT INTO replies (id, ticket, body) VALUES (?, ?, ?)", rp.ID, rp.Ticket, rp.Body)
	return err
}

// Answer adds a reply to ticket 1.
func Answer(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ticket := Ticket{ID: 1}
		rp := &Reply{
			ID:     ticket.ID,
			Ticket: ticket.ID,
			Body:   r.FormValue("body"),
		}
		if err := rp.insert(db); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError) //! answer
		}
	}
}
`,
	})
	text := Analyze(statusReport("UNIQUE constraint failed: replies.id\n", app.frame(t, "answer", "example.com/desk/web.Answer.func1")))
	mustHave(t, text, "gives the new row the id of another value, `ticket.ID`", "Leave the id out of the new row at `web.go:28`")
	mustLack(t, text, "The request sends it", "check for the value first")
}
