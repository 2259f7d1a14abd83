package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestEmptyEnvironmentVariableParsedWhereItIsRead: a function on the
// request's way parses an environment variable the process lacks
// (strconv.Atoi(os.Getenv(…))); the error names no frame. The static
// context brings that function as a setting, and the analysis names the
// variable and a default there, not a 400 for the client.
func TestEmptyEnvironmentVariableParsedWhereItIsRead(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/pantry\n\ngo 1.22\n",
		"service/jars.go": `package service

import (
	"os"
	"strconv"
)

// List returns the jars of one page.
func List(page int) ([]string, error) {
	limit, err := pageLimit()
	if err != nil {
		return nil, err
	}
	return make([]string, 0, limit), nil
}

// pageLimit is the largest page: the setting PANTRY_TEST_UNSET_PAGE_LIMIT.
func pageLimit() (int, error) {
	return strconv.Atoi(os.Getenv("PANTRY_TEST_UNSET_PAGE_LIMIT")) //!parse
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/pantry/service"
)

// listJars answers the jars.
func listJars(w http.ResponseWriter, r *http.Request) {
	if _, err := service.List(1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!fail
		return
	}
}
`,
	})
	_, parse := app.line("parse")
	r := panicReport("http.Status", `strconv.Atoi: parsing "": invalid syntax`, app.frame(t, "fail", "example.com/pantry/web.listJars"))
	r.Error.Kind = report.KindStatus
	r.Status = 500
	found := false
	for _, c := range appsource.Static(r) {
		if c.Symbol == "pageLimit" && c.Reason == report.ReasonSetting {
			found = true
		}
	}
	if !found {
		t.Errorf("the static context lacks the function that parses the unset variable: %v", appsource.Static(r))
	}
	text := Analyze(r)
	mustHave(t, text, "`PANTRY_TEST_UNSET_PAGE_LIMIT`", "give it a default in `pageLimit` (`jars.go:"+itoa(parse)+"`)")
	mustLack(t, text, "400 Bad Request", "a missing parameter")
}
