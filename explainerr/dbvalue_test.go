package explainerr_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
)

// pgError has the fields of pgx's pgconn.PgError. Its Error method says
// nothing of the code, as a localised server's message would not.
type pgError struct {
	Code           string
	Message        string
	Detail         string
	TableName      string
	ColumnName     string
	ConstraintName string
}

func (e *pgError) Error() string { return "FEHLER: " + e.Message }

// TestDatabaseErrorValueInTheReport: an error a handler returns that wraps
// a driver's error value carries the value's code and names into the JSON
// report (its detail redacted like the message), and the offline
// explanation is written from them.
func TestDatabaseErrorValueInTheReport(t *testing.T) {
	ex := newExplainer(t)
	h := ex.Middleware(explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		err := &pgError{Code: "23503", Message: "Fremdschlüssel verletzt", TableName: "orders", ConstraintName: "orders_user_id_fkey",
			Detail: `Key (user_id)=(42) is not present in table "users". password=hunter22`}
		return fmt.Errorf("create order: %w", err)
	}))
	rep := decodeReport(t, get(h, "POST", "/orders", "application/json"))
	d := rep.Error.Database
	if d == nil {
		t.Fatalf("no database error in the report: %+v", rep.Error)
	}
	if d.Engine != "PostgreSQL" || d.Code != "23503" || d.Class != "foreign-key" || d.Table != "orders" || d.Constraint != "orders_user_id_fkey" {
		t.Errorf("database error %+v", *d)
	}
	if strings.Contains(d.Detail, "hunter22") || !strings.Contains(d.Detail, "Key (user_id)=(42)") {
		t.Errorf("detail %q: the secret must be hidden, the key kept", d.Detail)
	}
	if p := rep.Prompt.User; !strings.Contains(p, "PostgreSQL error code 23503 (foreign-key), constraint orders_user_id_fkey, table orders.") || strings.Contains(p, "hunter22") {
		t.Errorf("the prompt does not carry the database error, or shows its secret:\n%s", p)
	}
	text := rep.Explanation.Text
	for _, want := range []string{"foreign key `orders_user_id_fkey`", "a row of `orders` whose `user_id` refers to a row that does not exist"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
}
