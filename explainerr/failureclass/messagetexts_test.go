package failureclass

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestBodyTexts: the texts of a JSON error body, the message fields first.
func TestBodyTexts(t *testing.T) {
	cases := []struct {
		body string
		want []string
	}{
		{`{"error":"ERROR: column \"created\" does not exist (SQLSTATE 42703)"}`, []string{`ERROR: column "created" does not exist (SQLSTATE 42703)`}},
		{`{"code":"E1","message":"boom","error":"pq: broken"}`, []string{"pq: broken", "boom", "E1"}},
		{` {"error":{"message":"nested","status":500}} `, []string{"nested"}},
		{`not json`, nil},
		{`{"error": "unterminated`, nil},
		{`["a list"]`, nil},
	}
	for _, c := range cases {
		if got := BodyTexts(c.body); !slices.Equal(got, c.want) {
			t.Errorf("BodyTexts(%q) = %q, want %q", c.body, got, c.want)
		}
	}
}

// TestClassifyReadsAJSONBody: a status whose body holds a driver's error
// in JSON is classified by that error.
func TestClassifyReadsAJSONBody(t *testing.T) {
	e := report.Error{Kind: report.KindStatus, Message: `{"error":"ERROR: column \"created\" does not exist (SQLSTATE 42703)"}`}
	if f := Classify(e); f.Class == Unknown {
		t.Errorf("a JSON body's SQL error is not recognised: %+v", f)
	}
}

// TestChainTails: the tails of a logged chain, longest first, bounded.
func TestChainTails(t *testing.T) {
	got := ChainTails("failed: a: b: c: d: e: f")
	want := []string{"a: b: c: d: e: f", "b: c: d: e: f", "c: d: e: f", "d: e: f"}
	if len(got) != len(want) {
		t.Fatalf("tails %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("tail %d: %q, want %q", i, got[i], want[i])
		}
	}
	if tails := ChainTails("no chain here"); len(tails) != 0 {
		t.Errorf("tails of a message with no chain: %q", tails)
	}
}

// TestPgxNoRows: pgx's own "no rows in result set", bare or at the end of
// a wrapped message, is the no-rows failure, as database/sql's is.
func TestPgxNoRows(t *testing.T) {
	for _, msg := range []string{"no rows in result set", "get account 7: no rows in result set", "sql: no rows in result set"} {
		if f := Classify(report.Error{Kind: report.KindError, Message: msg}); f.Class != NoRows {
			t.Errorf("%q classified %v, want NoRows", msg, f.Class)
		}
	}
}

// TestHTTPErrorTexts: the message and the wrapped error of an HTTP error
// written as echo writes it, and nothing from another text.
func TestHTTPErrorTexts(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{"code=500, message=failed to load: no such table: carts", []string{"failed to load: no such table: carts"}},
		{"code=500, message=Internal Server Error, internal=pq: relation \"carts\" does not exist", []string{"Internal Server Error", "pq: relation \"carts\" does not exist"}},
		{"failed to load: code=500, message=x", nil},
		{"status=500, message=x", nil},
	} {
		if got := HTTPErrorTexts(tc.msg); !slices.Equal(got, tc.want) {
			t.Errorf("HTTPErrorTexts(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}
