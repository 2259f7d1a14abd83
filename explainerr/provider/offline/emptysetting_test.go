package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// signerFiles read the signing algorithm from viper under a name the
// environment file gives in short.
var signerFiles = map[string]string{
	"go.mod":  "module example.com/signer\n",
	"app.env": "# local settings\nSIGNER_SECRET=dev-only\nSIGNER_ALG=HS256\n",
	"signer.go": `package main

import (
	"errors"
	"net/http"

	"github.com/spf13/viper"
)

type Signer struct{ alg, secret string }

func NewSigner() *Signer {
	return &Signer{alg: viper.GetString("signer_algorithm"), secret: viper.GetString("signer_secret")}
}

func (s *Signer) Sign(claims string) (string, error) {
	if s.alg != "HS256" {
		return "", errors.New("unsupported signature algorithm \"" + s.alg + "\"")
	}
	return claims, nil
}

func (s *Signer) Token(w http.ResponseWriter, r *http.Request) error {
	tok, err := s.Sign(r.FormValue("sub")) //! token
	if err != nil {
		return err
	}
	w.Write([]byte(tok))
	return nil
}
`,
}

// TestEmptyValueOfASettingReadUnderAnotherName: an error quoting an empty
// value names the setting read with a word of the error, and the key of
// the configuration that names it otherwise.
func TestEmptyValueOfASettingReadUnderAnotherName(t *testing.T) {
	app := writeMarkedApp(t, signerFiles)
	r := panicReport("*errors.errorString", `unsupported signature algorithm ""`, app.frame(t, "token", "(*Signer).Token"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "the setting `signer_algorithm` is read", "with `viper.GetString` at `NewSigner`",
		"The configuration sets `SIGNER_ALG` at `app.env:3`", "read `SIGNER_ALG` at `signer.go:13`, or rename the configuration's key to `signer_algorithm`")
	mustLack(t, text, "SIGNER_SECRET")
}

// TestBodyErrorBeatsAnUnrelatedLogLine: a response that quotes a Go
// error's text is analysed as it is, not replaced by a logged line about
// something else ("record not found" from another lookup).
func TestBodyErrorBeatsAnUnrelatedLogLine(t *testing.T) {
	app := writeMarkedApp(t, signerFiles)
	r := statusReport(`{"message": "mail: missing '@' or angle-addr", "success": false}`, app.frame(t, "token", "(*Signer).Token"))
	r.Logs = []report.LogLine{{Text: `time="2026-12-02T10:06:04Z" level=error msg="record not found"`}}
	text := Analyze(r)
	mustLack(t, text, "named something that does not exist", "record not found")
	mustHave(t, text, "mail: missing")
}

// routeFiles register a handler whose error an error handler passes on.
var routeFiles = map[string]string{
	"go.mod": "module example.com/shop\n",
	"main.go": `package main

import "errors"

type Group struct{}

func (g *Group) GET(path string, h func(c Ctx) error) {}

type Ctx interface{ Param(string) string }

type Orders struct{}

func (o *Orders) Show(c Ctx) error {
	return errors.New("order: no such column: totl")
}

func routes(g *Group, h *Orders) {
	g.GET("/orders/:id", h.Show)
}

func onError(err error, c Ctx) {
	_ = err //! handover
}
`,
}

// TestHandedOverErrorNamesTheRoutesHandler: the location of an error an
// error handler passed on names the handler the module registers for the
// request's route.
func TestHandedOverErrorNamesTheRoutesHandler(t *testing.T) {
	app := writeMarkedApp(t, routeFiles)
	r := statusReport("order: no such column: totl", app.frame(t, "handover", "onError"))
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	r.Request.Method, r.Request.Route = "GET", "/api/orders/:id"
	mustHave(t, Analyze(r), "The module registers `(*Orders).Show` (`main.go:13`) for that route.")
}

// wordedFiles word a store's error in a helper of the handler's, which
// an error handler passes on; the store is reached through an interface.
var wordedFiles = map[string]string{
	"go.mod": "module example.com/depot\n",
	"main.go": `package main

import (
	"errors"
	"fmt"
)

type Stock interface{ Reserve(sku string) error }

type memStock struct{ left map[string]int }

func (m *memStock) Reserve(sku string) error {
	if m.left[sku] == 0 {
		return errors.New("nothing left")
	}
	return nil
}

type Ctx interface{ Param(string) string }

type Carts struct{ stock Stock }

func fail(err error, words string) error { return fmt.Errorf("%s: %v", words, err) }

func (c *Carts) Add(x Ctx) error {
	err := c.stock.Reserve(x.Param("sku"))
	if err != nil {
		return fail(err, "could not reserve the item")
	}
	return nil
}

func onError(err error, c Ctx) {
	_ = err //! handover
}
`,
}

// TestHandedOverErrorNamesWhereItsWordsAre: the location of an error an
// error handler passed on names where the module writes the words of its
// message, the call whose error they carry on and the implementation that
// call reaches through its interface.
func TestHandedOverErrorNamesWhereItsWordsAre(t *testing.T) {
	app := writeMarkedApp(t, wordedFiles)
	r := statusReport("could not reserve the item: nothing left", app.frame(t, "handover", "onError"))
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	text := Analyze(r)
	mustHave(t, text, "Its words `nothing left` are written at `(*memStock).Reserve` (`main.go:14`)")
	mustHave(t, text, "Read `(*memStock).Reserve` around `main.go:14`, which writes the innermost of the words of the message found in the module")
	mustLack(t, text, "4xx")
	mustHave(t, text, "Its words `could not reserve the item` are written at `(*Carts).Add` (`main.go:28`)")
	mustHave(t, text, "about the error of `main.go:26`: `err := c.stock.Reserve(x.Param(\"sku\"))`, which reaches `(*memStock).Reserve` (`main.go:12`)")
}

// TestFourXXOnlyForTheRequestsInput: an unrecognised error gets the 4xx
// advice only when its words are about the request's input.
func TestFourXXOnlyForTheRequestsInput(t *testing.T) {
	app := writeMarkedApp(t, wordedFiles)
	for msg, want := range map[string]bool{
		"page size must be between 1 and 100": true,
		"invalid cursor: xyz":                 true,
		"export: 12 rows exceed the limit":    false,
		"ambiguous column name: id":           false,
	} {
		r := statusReport(msg, app.frame(t, "handover", "onError"))
		r.Error.Kind = report.KindError
		if got := strings.Contains(Analyze(r), "4xx"); got != want {
			t.Errorf("%q: 4xx advice %v, want %v", msg, got, want)
		}
	}
}
