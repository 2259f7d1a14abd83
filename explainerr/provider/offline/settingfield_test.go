package offline

import "testing"

// feedFiles: a feed's page size is a settings struct's field whose tag
// names FEED_ITEMS_LIMIT, while the app's .env file sets FEED_ITEMS_COUNT;
// a handler divides by the page size, the request's value defaulting to
// the setting.
var feedFiles = map[string]string{
	"go.mod":   "module example.com/feed\n",
	"feed.env": "FEED_TITLE=news\nFEED_ITEMS_COUNT=10\n",
	"main.go": `package main

import (
	"fmt"
	"net/http"
	"strconv"
)

type Settings struct {
	Title string ` + "`" + `mapstructure:"FEED_TITLE"` + "`" + `
	Limit int    ` + "`" + `mapstructure:"FEED_ITEMS_LIMIT"` + "`" + `
}

var settings Settings

func pages(w http.ResponseWriter, r *http.Request) {
	size := r.URL.Query().Get("size")
	if size == "" {
		size = strconv.Itoa(settings.Limit)
	}
	perPage, _ := strconv.Atoi(size)
	total := 42
	fmt.Fprint(w, (total+perPage-1)/perPage) //! divide
}
`,
}

// TestSettingKeyNamedOtherwise: a zero divisor read, through locals, from
// a settings struct's field whose tag's key no configuration file sets is
// explained by that key and the configuration's key of nearly its name.
func TestSettingKeyNamedOtherwise(t *testing.T) {
	app := writeMarkedApp(t, feedFiles)
	text := Analyze(panicReport("runtime.Error", "runtime error: integer divide by zero", app.frame(t, "divide", "example.com/feed.pages")))
	mustHave(t, text, "`settings.Limit` is read from the setting `FEED_ITEMS_LIMIT`", "The configuration sets `FEED_ITEMS_COUNT` at `feed.env:2`", "Use one name for the setting")
	mustLack(t, text, "nothing here shows it comes from the request")
}
