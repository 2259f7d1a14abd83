package offline

import "testing"

// voucherFiles make a voucher whose code comes from code, and insert it.
func voucherFiles(code string) map[string]string {
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

var seq = rand.New(rand.NewSource(7))

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
	mustHave(t, text, "The value is made by the app, not sent by the client", "sets it from `newCode`", "Make `newCode` give values that are not taken")
	mustLack(t, text, "tried to create a duplicate", "check for the value first")

	app = writeMarkedApp(t, voucherFiles(`r.FormValue("code")`))
	text = Analyze(statusReport(msg, app.frame(t, "issue", "example.com/vouchers/web.Issue.func1")))
	mustHave(t, text, "tried to create a duplicate")
	mustLack(t, text, "made by the app")
}
