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

// TestDeadlineFromASettingNamedOtherwise: a deadline the request met is
// computed, through a local, from a settings struct's field read off a
// call's result (config.Get().QueryTimeoutSeconds) whose tag's key no
// configuration file sets: the deadline, the tag and the configuration's
// key of nearly its name are said, and raising the timeout is not
// advised.
func TestDeadlineFromASettingNamedOtherwise(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":      "module example.com/shop\n",
		"config.yaml": "listen: 127.0.0.1:8080\nquery_timeout_seconds: 5\n",
		"config/config.go": `package config

// Schema is the app's configuration.
type Schema struct {
	Listen              string ` + "`" + `env:"listen"` + "`" + `
	QueryTimeoutSeconds int    ` + "`" + `env:"db_query_timeout_seconds"` + "`" + `
}

var cfg Schema

// Get returns the configuration.
func Get() *Schema { return &cfg }
`,
		"main.go": `package main

import (
	"context"
	"net/http"
	"time"

	"example.com/shop/config"
)

func list(ctx context.Context) error {
	timeout := time.Duration(config.Get().QueryTimeoutSeconds) * time.Second
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	<-ctx.Done()
	return ctx.Err()
}

func reviews(w http.ResponseWriter, r *http.Request) {
	if err := list(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport("context deadline exceeded\n", app.frame(t, "status", "main.reviews")))
	mustHave(t, text, "a deadline set at `list` (`main.go:13`)", "`QueryTimeoutSeconds` is read from the setting `db_query_timeout_seconds`", "The configuration sets `query_timeout_seconds` at `config.yaml:2`", "Use one name for the setting")
	mustLack(t, text, "raise the timeout")
}
