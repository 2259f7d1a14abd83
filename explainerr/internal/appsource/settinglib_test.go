package appsource

import "testing"

// TestSettingGivenToTheLibraryThatComplains: a library's error about a
// missing key ("sealer: hash key is not set") brings the module's
// function that gives the library its key, before readers of other
// settings.
func TestSettingGivenToTheLibraryThatComplains(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/keys\n",
		"sealer/sealer.go": `package sealer

import "errors"

// Sealer seals cookies.
type Sealer struct{ hash []byte }

// New returns a sealer.
func New(hash []byte) *Sealer { return &Sealer{hash: hash} }

// Seal seals v.
func (s *Sealer) Seal(v string) (string, error) {
	if len(s.hash) == 0 {
		return "", errors.New("sealer: hash key is not set")
	}
	return v, nil
}
`,
		"config/config.go": `package config

import (
	"os"

	"example.com/keys/sealer"
)

// Listen is the address to listen on.
func Listen() string { return os.Getenv("APP_LISTEN") }

// Home is the data directory.
func Home() string { return os.Getenv("APP_HOME") }

// Cookies is the cookie sealer.
var Cookies *sealer.Sealer

// Init sets the sealer up from the settings.
func Init(settings map[string]string) {
	Cookies = sealer.New([]byte(settings["cookie_encryption"]))
}
`,
		"web/handler.go": `package web

import "net/http"

func login(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "sealer: hash key is not set", http.StatusInternalServerError)
}
`,
	})
	r := ledgerReport(t, root, "web/handler.go", 6, "example.com/keys/web.login", "sealer: hash key is not set")
	cs := Static(r)
	for _, c := range cs {
		if c.Reason == "setting" {
			if c.Symbol != "Init" {
				t.Errorf("the first setting chunk is %s, want Init, which gives the sealer its key: %v", c.Symbol, reasonsInOrder(cs))
			}
			return
		}
	}
	t.Errorf("no setting chunk: %v", reasonsInOrder(cs))
}
