package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// settingsApp is an app whose web package keeps the settings main fills
// in; main sets every field but Audit (only a test sets it), and the
// handler's helper writes through it.
func settingsApp(mainSetsAudit bool) map[string]string {
	audit := ""
	if mainSetsAudit {
		audit = "\n\tcfg.Audit = log.New(os.Stderr, \"audit \", 0)"
	}
	return map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.22\n",
		"settings/settings.go": `package settings

import "log"

// Settings are the program's settings.
type Settings struct {
	Name  string
	Debug bool
	Info  *log.Logger
	Audit *log.Logger
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/shop/settings"
)

var cfg *settings.Settings

// Use keeps the settings.
func Use(s *settings.Settings) { cfg = s }

// Buy records a purchase.
func Buy(w http.ResponseWriter, r *http.Request) {
	cfg.Audit.Println("buy", r.URL.Path) //!audit
}
`,
		"web/web_test.go": `package web

import (
	"log"
	"os"
	"testing"

	"example.com/shop/settings"
)

func TestMain(m *testing.M) {
	s := &settings.Settings{}
	s.Audit = log.New(os.Stderr, "", 0)
	cfg = s
	os.Exit(m.Run())
}
`,
		"main.go": `package main

import (
	"log"
	"os"

	"example.com/shop/settings"
	"example.com/shop/web"
)

var cfg settings.Settings

func setup() {
	cfg.Name = "shop"
	cfg.Debug = true
	cfg.Info = log.New(os.Stdout, "info ", 0)` + audit + `
	web.Use(&cfg)
}

func main() { setup() }
`,
	}
}

// TestNilFieldNeverSetNamesTheSetUp: the nil field of a package variable
// is set nowhere but in a test, so the set-up that fills in the type's
// other fields is named as where to set it, not a nil check.
func TestNilFieldNeverSetNamesTheSetUp(t *testing.T) {
	app := writeMarkedApp(t, settingsApp(false))
	frames := []report.Frame{libFrame(report.FrameStdlib, "log.(*Logger).Println", "/usr/local/go/src/log/log.go", 290), app.frame(t, "audit", "web.Buy")}
	frames[1].Function = "example.com/shop/web.Buy"
	text := Analyze(panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference", frames...))
	mustHave(t, text, "`Audit` is never set", "Set `Audit` in `setup`")
	mustLack(t, text, "cfg.Audit == nil")

	// Set in main: nothing is said to be never set.
	app = writeMarkedApp(t, settingsApp(true))
	frames = []report.Frame{libFrame(report.FrameStdlib, "log.(*Logger).Println", "/usr/local/go/src/log/log.go", 290), app.frame(t, "audit", "web.Buy")}
	frames[1].Function = "example.com/shop/web.Buy"
	text = Analyze(panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference", frames...))
	mustLack(t, text, "is never set")
}
