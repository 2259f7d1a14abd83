package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// quotaFiles answer errors through a helper that asserts the app's own
// error type to find its status; the upload check wraps that error with
// verb before it is handed on.
func quotaFiles(verb string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/quota\n\ngo 1.22\n",
		"web/errors.go": `package web

import (
	"log"
	"net/http"
)

// StatusError is an error with its status.
type StatusError struct {
	Code int
	Msg  string
}

func (e StatusError) Error() string { return e.Msg }

func answer(w http.ResponseWriter, err error) {
	if se, ok := err.(StatusError); ok {
		http.Error(w, se.Msg, se.Code)
		return
	}
	log.Printf("unexpected: %v", err)
	http.Error(w, "internal error", http.StatusInternalServerError) //! answer
}
`,
		"web/upload.go": `package web

import (
	"fmt"
	"net/http"
)

func check(size int) error {
	var err error
	if size > 64 {
		err = StatusError{Code: http.StatusRequestEntityTooLarge, Msg: "file too large"}
	}
	if err != nil {
		return fmt.Errorf("checking the upload of %d bytes: %` + verb + `", size, err)
	}
	return nil
}

// Upload takes an upload.
func Upload(w http.ResponseWriter, r *http.Request) {
	if err := check(int(r.ContentLength)); err != nil {
		answer(w, err) //! upload
	}
}
`,
	}
}

// TestTypeAssertionBehindATextWrap: a helper on the stack finds the
// error's status by a type assertion on its parameter; the error was
// wrapped with %v, whose format gives the logged message: the assertion
// is false and the wrap is the fix. With %w, the assertion is still
// false (it sees the outermost error) and the same is said.
func TestTypeAssertionBehindATextWrap(t *testing.T) {
	app := writeMarkedApp(t, quotaFiles("v"))
	r := statusReport("internal error\n", app.frame(t, "answer", "example.com/quota/web.answer"), app.frame(t, "upload", "example.com/quota/web.Upload"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 10:00:00 unexpected: checking the upload of 81 bytes: file too large"}}
	text := Analyze(r)
	mustHave(t, text, "does not pass the type assertion to `StatusError`", "`answer` tests the error's type with a type assertion at",
		"At `upload.go:14`, return `err` as it is, or wrap it with `\"%w\"` and test it with `errors.As` in `answer`")
}
