package offline

import (
	"strings"
	"testing"
)

// TestStatusBranchIsQuoted: a 500 the app writes in a branch is explained
// with that branch's condition, which held for the request, even when the
// message itself is not recognised; a status written outside any branch
// gets no such claim.
func TestStatusBranchIsQuoted(t *testing.T) {
	src := `
package views

func GetTasksFuncAPI(w http.ResponseWriter, r *http.Request) {
	token := r.Header.Get("Token")
	IsTokenValid, username := ValidateToken(token)
	if !IsTokenValid {
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(` + "`" + `{"status": "error", "message": "token invalid"}` + "`" + `)) //!
		return
	}
	fmt.Fprintln(w, username)
}
`
	r := statusReport(`{"status": "error", "message": "token invalid"}`,
		appFrame(t, "example.com/tasks/views.GetTasksFuncAPI", "api.go", src))
	text := Analyze(r)
	if !strings.Contains(text, "It is written in the branch `api.go:6`: `if !IsTokenValid {`: `!IsTokenValid` held for this request.") {
		t.Errorf("the branch is not quoted:\n%s", text)
	}

	flat := strings.Replace(strings.Replace(src, "\tif !IsTokenValid {\n", "", 1), "\t\treturn\n\t}\n", "", 1)
	flat = strings.ReplaceAll(flat, "\t\tw.", "\tw.")
	r = statusReport(`{"status": "error", "message": "token invalid"}`,
		appFrame(t, "example.com/tasks/views.GetTasksFuncAPI", "api.go", flat))
	if text := Analyze(r); strings.Contains(text, "It is written in the") {
		t.Errorf("a branch is claimed for a status written outside any:\n%s", text)
	}
}
