package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// journalFiles append to a journal file through a store reached by an
// interface, opened with flags.
func journalFiles(flags string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/journal\n\ngo 1.22\n",
		"store/files.go": `package store

import (
	"fmt"
	"os"
	"path/filepath"
)

// Files keeps each journal in a file of Dir.
type Files struct{ Dir string }

// Append adds a line to a journal.
func (s Files) Append(name, line string) error {
	f, err := os.OpenFile(filepath.Join(s.Dir, name), ` + flags + `, 0o644)
	if err != nil {
		return fmt.Errorf("appending to journal %s: %v", name, err)
	}
	defer f.Close()
	_, err = f.WriteString(line + "\n")
	return err
}
`,
		"web/web.go": `package web

import (
	"log"
	"net/http"
)

// Appender appends to journals.
type Appender interface{ Append(name, line string) error }

// Post appends the request's line.
func Post(a Appender) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := a.Append("today", r.FormValue("line")); err != nil {
			log.Printf("post: %v", err)
			http.Error(w, "could not save", http.StatusInternalServerError) //! post
		}
	}
}
`,
	}
}

// TestOpenForWritingWithoutCreate: a new file opened for writing without
// os.O_CREATE is never made; the flags are named as the fix, not the
// path's directory. With os.O_CREATE among the flags, nothing of it is
// said.
func TestOpenForWritingWithoutCreate(t *testing.T) {
	const logged = "2026/12/03 10:00:00 post: appending to journal today: open data/today: no such file or directory"
	for _, flags := range []string{"os.O_RDWR|os.O_APPEND", "os.O_RDWR|os.O_APPEND|os.O_CREATE"} {
		app := writeMarkedApp(t, journalFiles(flags))
		r := statusReport("could not save\n", app.frame(t, "post", "example.com/journal/web.Post.func1"))
		r.Logs = []report.LogLine{{Text: logged}}
		text := Analyze(r)
		if strings.Contains(flags, "O_CREATE") {
			mustLack(t, text, "without `os.O_CREATE`")
			continue
		}
		mustHave(t, text, "`Files.Append` opens it for writing at", "without `os.O_CREATE`", "Add `os.O_CREATE` to the flags at `files.go:14`")
		mustLack(t, text, "configured directory")
	}
}
