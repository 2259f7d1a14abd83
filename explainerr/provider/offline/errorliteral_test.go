package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTypedErrorMadeInPlaceWrappedWithV: an error value made in place
// (&QuotaError{…}) and formatted with %v no longer matches the handler's
// errors.As, which answers it with 429: the wrap is the fix.
func TestTypedErrorMadeInPlaceWrappedWithV(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/uploads\n\ngo 1.22\n",
		"quota/quota.go": `package quota

import "fmt"

// QuotaError is a user over their quota.
type QuotaError struct{ User string }

func (e *QuotaError) Error() string { return "over quota: " + e.User }

// Reserve reserves n bytes for user.
func Reserve(user string, used, n int64) error {
	if used+n > 1<<20 {
		return fmt.Errorf("reserve %d bytes: %v", n, &QuotaError{User: user}) //!wrap
	}
	return nil
}
`,
		"main.go": `package main

import (
	"errors"
	"net/http"

	"example.com/uploads/quota"
)

func upload(w http.ResponseWriter, r *http.Request) {
	err := quota.Reserve(r.FormValue("user"), 1<<20, 10)
	var qe *quota.QuotaError
	if errors.As(err, &qe) {
		http.Error(w, "over quota", http.StatusTooManyRequests)
		return
	}
	if err != nil {
		http.Error(w, "upload failed", http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	_, wrap := app.line("wrap")
	msg := "reserve 10 bytes: over quota: ann"
	r := statusReport("upload failed", app.frame(t, "status", "upload"))
	r.Logs = append(r.Logs, report.LogLine{Text: `time="2026-12-05T10:00:00Z" level=error msg="upload: ` + msg + `"`})
	text := Analyze(r)
	mustHave(t, text, "`quota.go:"+itoa(wrap)+"`", "Wrap it with `\"%w\"` instead of `\"%v\"` at `quota.go:"+itoa(wrap)+"`")
}
