package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// ticketFiles check a ticket's seal with a key read from an environment
// variable whose name differs from the one the issuer reads; the check
// passes its key function to the library as a value.
var ticketFiles = map[string]string{
	"go.mod": "module example.com/ticket\n",
	"seal/seal.go": `package seal

import (
	"errors"
	"os"
)

// ErrBadSeal says a ticket's seal does not match.
var ErrBadSeal = errors.New("seal: signature is invalid")

func keyOf(kind string) ([]byte, error) {
	return []byte(os.Getenv("TICKET_SEAL")), nil
}

func verify(ticket string, key func(string) ([]byte, error)) error {
	k, err := key("hmac")
	if err != nil || len(k) == 0 {
		return ErrBadSeal
	}
	return nil
}

// Check checks a ticket's seal.
func Check(ticket string) error {
	return verify(ticket, keyOf)
}

// Issuer signs tickets.
func Issuer() []byte { return []byte(os.Getenv("TICKET_SEAL_KEY")) }
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/ticket/seal"
)

func enter(w http.ResponseWriter, r *http.Request) error {
	if err := seal.Check(r.Header.Get("Ticket")); err != nil { //! check
		return err
	}
	return nil
}
`,
}

// TestUnsetEnvironmentVariableOnTheRequestsPath: an error about a
// signature names the key function the check is given as a value, which
// reads a variable the process does not have, and the variable of nearly
// that name the issuer reads, which it has.
func TestUnsetEnvironmentVariableOnTheRequestsPath(t *testing.T) {
	t.Setenv("TICKET_SEAL_KEY", "dev-only")
	app := writeMarkedApp(t, ticketFiles)
	r := panicReport("*errors.errorString", "seal: signature is invalid", app.frame(t, "check", "enter"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "`TICKET_SEAL` is read on the request's path", "with `os.Getenv` at `keyOf`",
		"The app reads `TICKET_SEAL_KEY` at `Issuer`", "Read `TICKET_SEAL_KEY` at `seal.go:12`")

	// With the variable set, nothing points at it.
	t.Setenv("TICKET_SEAL", "dev-only")
	mustLack(t, Analyze(r), "`TICKET_SEAL` is read on the request's path")
}

// archiveFiles decrypt a row's secret in SQL with a key read from an
// environment variable named for a key.
var archiveFiles = map[string]string{
	"go.mod": "module example.com/archive\n",
	"main.go": `package main

import (
	"database/sql"
	"net/http"
	"os"
)

type archive struct{ db *sql.DB }

func (a archive) open(w http.ResponseWriter, r *http.Request) error {
	var s string
	return a.db.QueryRow("SELECT pgp_sym_decrypt(secret, $1) FROM vault", os.Getenv("ARCHIVE_DECRYPTION_KEY")).Scan(&s) //! open
}
`,
}

// TestUnsetKeyVariableForAnUnrecognisedError: an error that names no
// setting still points at a variable named for a key that the request's
// path reads and the process lacks.
func TestUnsetKeyVariableForAnUnrecognisedError(t *testing.T) {
	app := writeMarkedApp(t, archiveFiles)
	r := panicReport("*pq.Error", "pq: Illegal argument to function", app.frame(t, "open", "archive.open"))
	r.Error.Kind = report.KindError
	mustHave(t, Analyze(r), "`ARCHIVE_DECRYPTION_KEY` is read on the request's path", "Set `ARCHIVE_DECRYPTION_KEY`")
}
