package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// nilEvidenceSource is a handler module whose nil values have different
// origins: a prepared statement whose error is only logged, a
// transaction whose error check leaves, an account that a constructor
// always makes but without its profile.
const nilEvidenceSource = `package main

import (
	"database/sql"
	"fmt"
	"log"
	"net/http"
)

var db *sql.DB

func stmtHandler(w http.ResponseWriter, r *http.Request) {
	stmt, err := db.Prepare("insert into users(name, emial) values(?, ?)")
	if err != nil {
		log.Println(err)
	}
	tx, err := db.Begin()
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	defer tx.Rollback()
	tx.Stmt(stmt).Exec("bob", "bob@example.com")
}

type Profile struct{ Theme string }

type Account struct {
	Name    string
	Profile *Profile
}

func loadAccount(name string) *Account { return &Account{Name: name} }

func settingsHandler(w http.ResponseWriter, r *http.Request) {
	acct := loadAccount("alice")
	fmt.Fprintln(w, acct.Profile.Theme)
}
`

// nilEvidenceFrame writes nilEvidenceSource as a module and returns the
// app frame of fn at the line holding marker, with a window of five
// lines either side.
func nilEvidenceFrame(t *testing.T, dir, fn, marker string) report.Frame {
	t.Helper()
	lines := strings.Split(nilEvidenceSource, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, marker) {
			line = i + 1
		}
	}
	start := max(1, line-5)
	return report.Frame{Function: fn, File: filepath.Join(dir, "main.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: start, Lines: lines[start-1 : min(len(lines), line+5)], Line: line}}
}

// TestNilClaimsFollowTheEvidence: a nil dereference raised inside a
// library method blames the argument whose error was only logged, not the
// receiver whose error check leaves, and quotes the logged error; a value
// a constructor always makes is never said to be nil or to come from a
// call that "can return nil": the field it leaves unset is.
func TestNilClaimsFollowTheEvidence(t *testing.T) {
	dir := t.TempDir()
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/tasks\n\ngo 1.22\n", "main.go": nilEvidenceSource})

	r := panicReport("runtime.errorString", nilPointerMsg,
		libFrame(report.FrameStdlib, "database/sql.(*Tx).StmtContext", "/usr/local/go/src/database/sql/sql.go", 2424),
		libFrame(report.FrameStdlib, "database/sql.(*Tx).Stmt", "/usr/local/go/src/database/sql/sql.go", 2468),
		nilEvidenceFrame(t, dir, "main.stmtHandler", "tx.Stmt(stmt)"))
	r.Logs = logs("2026/12/01 09:49:23 table users has no column named emial")
	text := Analyze(r)
	if _, culprit := Recognize(r); culprit != "stmt" {
		t.Errorf("culprit %q, want stmt:\n%s", culprit, text)
	}
	for _, want := range []string{"whose error is only handled at", "`log.Println(err)`", "The request logged `table users has no column named emial`", "Leave when `Prepare` fails"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	for _, bad := range []string{"`tx` is probably nil", "`tx` is most likely", "together with a `nil` error", "`tx.Stmt(stmt)`"} {
		if strings.Contains(text, bad) {
			t.Errorf("the explanation claims %q:\n%s", bad, text)
		}
	}

	r = panicReport("runtime.errorString", nilPointerMsg, nilEvidenceFrame(t, dir, "main.settingsHandler", "acct.Profile.Theme"))
	text = Analyze(r)
	if _, culprit := Recognize(r); culprit != "acct.Profile" {
		t.Errorf("culprit %q, want acct.Profile:\n%s", culprit, text)
	}
	for _, want := range []string{"`loadAccount` never returns `nil`", "Set `Profile` where the `Account` is built"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "can return `nil`") || strings.Contains(text, "one of `acct.Profile`, `acct`") {
		t.Errorf("the explanation says the account may be nil:\n%s", text)
	}
}
