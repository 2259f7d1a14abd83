package appsource

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// pagedModule's handler hands its body to a paging helper as a function
// literal; the store registered itself as a function value the syntax
// cannot follow, and an ORM-style logger names the store's line.
var pagedModule = map[string]string{
	"go.mod": "module example.com/paged\n",
	"store/notes.go": `package store

import (
	"database/sql"

	"example.com/paged/web"
)

var DB *sql.DB

func init() { web.Register(Recent) }

func Recent(limit int) ([]string, error) {
	rows, err := DB.Query("SELECT txt FROM notes ORDER BY idd DESC LIMIT ?", limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return out, rows.Err()
}

func Other() {}
`,
	"web/notes.go": `package web

import "net/http"

var listers []func(limit int) ([]string, error)

// Register adds a way of listing notes.
func Register(f func(limit int) ([]string, error)) { listers = append(listers, f) }

func paging(w http.ResponseWriter, r *http.Request, f func(limit int)) {
	f(20)
}

func Notes(w http.ResponseWriter, r *http.Request) {
	paging(w, r, func(limit int) {
		notes, err := listers[0](limit)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		for _, n := range notes {
			w.Write([]byte(n))
		}
	})
}
`,
}

// TestLoggedLocationLeadsToItsFunction: a log line naming a file and line
// of the module (absolute, or by its path's tail, or as a record's caller)
// brings the function there, which no frame and no call the syntax can
// follow reaches.
func TestLoggedLocationLeadsToItsFunction(t *testing.T) {
	root := writeModule(t, pagedModule)
	for _, line := range []string{
		root + "/store/notes.go:14 query failed",
		`{"level":"error","caller":"store/notes.go:14","msg":"query failed"}`,
		`level=ERROR source=notes.go:14 msg="query failed"`, // two notes.go: ambiguous
	} {
		r := shelfReport(root, "internal error",
			report.Frame{Function: "example.com/paged/web.Notes.func1", File: "web/notes.go", Line: 18},
			report.Frame{Function: "example.com/paged/web.paging", File: "web/notes.go", Line: 11},
			report.Frame{Function: "example.com/paged/web.Notes", File: "web/notes.go", Line: 15},
		)
		r.Logs = []report.LogLine{{Text: line}}
		cs := Static(r)
		got := slices.ContainsFunc(cs, func(c report.Chunk) bool { return c.Symbol == "Recent" && c.Reason == report.ReasonOrigin })
		if want := line[0] != 'l'; got != want {
			t.Errorf("log %q: store's Recent as origin = %v, want %v: %v", line, got, want, reasonsInOrder(cs))
		}
	}
}

// TestEnclosingFrameLeavesOutTheLiteralShown: the handler whose body is
// a literal a frame further in showed whole is shown only up to the call
// that runs the literal.
func TestEnclosingFrameLeavesOutTheLiteralShown(t *testing.T) {
	root := writeModule(t, pagedModule)
	r := shelfReport(root, "internal error",
		report.Frame{Function: "example.com/paged/web.Notes.func1", File: "web/notes.go", Line: 18},
		report.Frame{Function: "example.com/paged/web.paging", File: "web/notes.go", Line: 11},
		report.Frame{Function: "example.com/paged/web.Notes", File: "web/notes.go", Line: 15},
	)
	var notes []report.Chunk
	for _, c := range Static(r) {
		if c.Symbol == "Notes" && c.Reason == report.ReasonFrame {
			notes = append(notes, c)
		}
	}
	if len(notes) != 2 || notes[0].StartLine != 15 || notes[1].StartLine != 14 || notes[1].EndLine != 15 {
		t.Fatalf("Notes' frames = %+v, want the literal (from 15) and the handler's lines 14-15", notes)
	}
}

// TestEmptySettingLeadsToItsReader: an error that quotes an empty value
// brings the function that reads a setting whose key shares a word with
// the error, as a setting lead; without the empty value, nothing.
func TestEmptySettingLeadsToItsReader(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/mailer\n",
		"config/config.go": `package config

import "os"

func Sender() string { return os.Getenv("MAILER_SENDER_KIND") }
`,
		"web/send.go": `package web

import (
	"fmt"
	"net/http"
)

func Send(w http.ResponseWriter, r *http.Request) {
	http.Error(w, fmt.Sprint("mail: unsupported sender kind \"\""), http.StatusInternalServerError)
}
`,
	})
	for msg, want := range map[string]bool{
		`mail: unsupported sender kind ""`:     true,
		`mail: unsupported sender kind "smtp"`: false,
	} {
		r := shelfReport(root, msg, report.Frame{Function: "example.com/mailer/web.Send", File: "web/send.go", Line: 9})
		got := slices.ContainsFunc(Static(r), func(c report.Chunk) bool { return c.Symbol == "Sender" && c.Reason == report.ReasonSetting })
		if got != want {
			t.Errorf("%q: the setting's reader in the context = %v, want %v", msg, got, want)
		}
	}
}

// TestStandardLoggerShortFileOfTwoFiles: the standard logger's short file
// ("campaigns.go:9:") that two packages have a file of is the one whose
// line logs the words the log line holds.
func TestStandardLoggerShortFileOfTwoFiles(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/mailer\n",
		"cmd/campaigns.go": `package main

import "log"

func listCampaigns() {
	log.Printf("listing campaigns")
	log.Printf("listing campaigns again")
	log.Printf("listing campaigns once more")
	log.Printf("listing campaigns a last time")
}
`,
		"core/campaigns.go": `package core

import "log"

// Query queries campaigns.
func Query() error {
	err := run()
	if err != nil {
		log.Printf("error fetching campaigns: %v", err)
	}
	return err
}

func run() error { return nil }
`,
	})
	r := shelfReport(root, "Error fetching Campaign", report.Frame{Function: "example.com/mailer/cmd.listCampaigns", File: "cmd/campaigns.go", Line: 6})
	r.Logs = []report.LogLine{{Text: `2026/12/02 15:32:07.823849 campaigns.go:9: error fetching campaigns: pq: relation "campaign_list" does not exist`}}
	got := reasons(Static(r))
	if !contains(got["origin"], "core/campaigns.go:Query") {
		t.Errorf("the logging function of core is not the origin: %v", got)
	}
}

// TestStandardLoggerShortFileAtItsLogCall: of two files of one name, the
// standard logger's "folder.go:23:" is the one whose line 23 calls the
// logger, when the logged words are the error's own and no literal of
// either line holds them.
func TestStandardLoggerShortFileAtItsLogCall(t *testing.T) {
	store := func(pkg, extra string) string {
		return `package ` + pkg + `

import (
	"database/sql"
	"log"
)

// Store keeps folders.
type Store struct{ db *sql.DB }

// CreateFolder adds a folder.
func (s *Store) CreateFolder(title string) int64 {` + extra + `
	var id int64
	err := s.db.QueryRow("insert into folders (title) values (?) returning id", title).Scan(&id)
	if err != nil {
		log.Print(err)
		return 0
	}
	return id
}
`
	}
	root := writeModule(t, map[string]string{
		"go.mod":            "module example.com/feeds\n",
		"store/a/folder.go": store("a", ""),
		"store/b/folder.go": store("b", "\n\ttitle = title + \"\""),
	})
	// b's log.Print(err) is on line 17, a's on line 16.
	r := shelfReport(root, "internal error", report.Frame{Function: "example.com/feeds/web.handle", File: "web/handle.go", Line: 3})
	r.Logs = []report.LogLine{{Text: "2026/12/03 12:32:40 folder.go:17: table folders has no column named title"}}
	m := Load(filepath.Join(root, "go.mod"))
	if m == nil {
		t.Fatal("the module did not load")
	}
	got := m.LoggedFuncs(r)
	if len(got) != 1 || !strings.HasSuffix(got[0].File.Path, "b/folder.go") {
		t.Fatalf("logged functions %v, want b's CreateFolder alone", got)
	}
}

// TestAccessLogLineIsNoOrigin: the request's own access log line (its
// status and path), which names the logging middleware's file and line,
// is no place the failure came from.
func TestAccessLogLineIsNoOrigin(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/drive\n",
		"logging/logger.go": `package logging

import "log"

// Request logs one request.
func Request(status int, method, path string) {
	log.Printf("[Incoming] %d | %s %q", status, method, path)
}
`,
	})
	r := shelfReport(root, "Internal Server Error", report.Frame{Function: "example.com/drive/web.handle", File: "web/handle.go", Line: 3})
	r.Status = 500
	r.Request.URL = "/dav/photos?depth=1"
	r.Logs = []report.LogLine{{Text: `[Info] 2026-12-03 12:42:43 [` + root + `/logging/logger.go:7] [Incoming]  500 |    1.35ms |  127.0.0.1 | MKCOL    "/dav/photos"`}}
	m := Load(filepath.Join(root, "go.mod"))
	if got := m.LoggedFuncs(r); len(got) != 0 {
		t.Errorf("the access log line leads to %v", got)
	}
	r.Logs[0].Text = `[Error] 2026-12-03 12:42:43 [` + root + `/logging/logger.go:7] lookup failed for "/dav/other"`
	if got := m.LoggedFuncs(r); len(got) != 1 {
		t.Errorf("another line at the same place leads to %v, want Request", got)
	}
}

// TestNoteOfTheAppIsNoOrigin: when the failure says what went wrong, a
// line of text the app logged that reports no error is no origin; with a
// bare status it stays the only lead.
func TestNoteOfTheAppIsNoOrigin(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/share\n",
		"web/get.go": `package web

func get() {}
`,
		"store/downloads.go": `package store

import "log"

// RecordDownload notes a download.
func RecordDownload(id string) {
	log.Printf("recording download of file ID %s", id)
}
`,
	})
	r := shelfReport(root, "seeker can't seek", report.Frame{Function: "example.com/share/web.get", File: "web/get.go", Line: 3})
	r.Logs = []report.LogLine{{Text: "2026/12/03 13:32:28 " + root + "/store/downloads.go:7: recording download of file ID abc"}}
	if got := reasons(Static(r)); len(got["origin"]) != 0 {
		t.Errorf("an app's note is an origin: %v", got["origin"])
	}
	r.Error.Message = ""
	if got := reasons(Static(r)); !contains(got["origin"], "store/downloads.go:RecordDownload") {
		t.Errorf("with a bare status, the logged line is no longer a lead: %v", got)
	}
}
