package offline

import "testing"

// archiverFiles give a store's writes a deadline of a field its
// constructor copies from a parameter, which the set-up passes as a
// count of seconds converted to a Duration.
var archiverFiles = map[string]string{
	"go.mod": "module example.com/archiver\n\ngo 1.22\n",
	"store/writer.go": `package store

import (
	"context"
	"time"
)

// Writer writes entries with a deadline.
type Writer struct{ timeout time.Duration }

// NewWriter returns a writer whose writes last at most timeout.
func NewWriter(timeout time.Duration) *Writer {
	return &Writer{timeout: timeout}
}

// Write writes an entry.
func (w *Writer) Write(entry string) error {
	ctx, cancel := context.WithTimeout(context.Background(), w.timeout)
	defer cancel()
	<-ctx.Done()
	return ctx.Err()
}
`,
	"main.go": `package main

import (
	"net/http"
	"time"

	"example.com/archiver/store"
)

type settings struct{ WriteTimeout time.Duration }

var writer *store.Writer

func setup(s settings) {
	limit := time.Duration(s.WriteTimeout.Seconds())
	writer = store.NewWriter(limit)
}

func archive(w http.ResponseWriter, r *http.Request) {
	if err := writer.Write(r.FormValue("entry")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestDeadlineOfAFieldFollowedToItsSetting: a deadline whose length is
// a field copied from a constructor's parameter is followed to the value
// the constructor's caller passes, and a count of seconds converted to a
// Duration is read as the nanoseconds it becomes.
func TestDeadlineOfAFieldFollowedToItsSetting(t *testing.T) {
	app := writeMarkedApp(t, archiverFiles)
	text := Analyze(statusReport("context deadline exceeded", app.frame(t, "status", "archive")))
	mustHave(t, text, "Context deadline exceeded",
		"The deadline's length, `w.timeout`, is set by `NewWriter` from its parameter `timeout`, which `setup` passes as `time.Duration(s.WriteTimeout.Seconds())` (`main.go:15`)",
		"converts a count of seconds into a `time.Duration`",
		"In `setup`, pass the duration itself (`s.WriteTimeout`)")
}
