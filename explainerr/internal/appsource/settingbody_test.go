package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestSettingParsedEmptyBringsItsLoader: an empty value parsed from a
// chain through the app's settings brings the function that loads the
// settings and gives them their defaults.
func TestSettingParsedEmptyBringsItsLoader(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/feed\n",
		"conf/conf.go": `package conf

// Config holds the settings.
type Config struct{ Page struct{ Size string } }

// SetDefault gives a setting its default.
func SetDefault(key string, v any) {}

// Load reads the settings.
func Load() *Config {
	SetDefault("Page.Title", "Feed")
	return &Config{}
}
`,
		"web/list.go": `package web

import (
	"net/http"
	"strconv"

	"example.com/feed/conf"
)

// Handler serves the feed.
type Handler struct{ config *conf.Config }

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	if _, err := strconv.Atoi(h.config.Page.Size); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, `strconv.Atoi: parsing "": invalid syntax`, report.Frame{Function: "example.com/feed/web.(*Handler).list", File: "web/list.go", Line: 15})
	for _, c := range Static(r) {
		if c.Symbol == "Load" && c.Reason == report.ReasonSetting {
			return
		}
	}
	t.Errorf("the settings' loader is not in the context: %v", reasonsInOrder(Static(r)))
}

// TestConstraintBringsTheTypeTheBodyIsDecodedInto: a CHECK a request
// with a JSON body broke brings the declaration of the type the handler
// decodes the body into.
func TestConstraintBringsTheTypeTheBodyIsDecodedInto(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/cms\n",
		"models/block.go": `package models

// Block is a block of a page.
type Block struct {
	Side string ` + "`json:\"column\"`" + `
}
`,
		"web/add.go": `package web

import (
	"database/sql"
	"encoding/json"
	"net/http"

	"example.com/cms/models"
)

var db *sql.DB

func add(w http.ResponseWriter, r *http.Request) {
	b := new(models.Block)
	json.NewDecoder(r.Body).Decode(b)
	if _, err := db.Exec("INSERT INTO block (side) VALUES (?)", b.Side); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, "CHECK constraint failed: side == 'left' OR side == 'right'", report.Frame{Function: "example.com/cms/web.add", File: "web/add.go", Line: 17})
	r.Request = report.Request{Method: "POST", URL: "/blocks", Body: `{"side":"left"}`}
	for _, c := range Static(r) {
		if c.Symbol == "Block" && c.File == "models/block.go" {
			return
		}
	}
	t.Errorf("the decoded type is not in the context: %v", reasonsInOrder(Static(r)))
}
