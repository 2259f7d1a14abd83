package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// ferryFiles is an app whose package variable, a client, is made only
// when a setting is given; a handler calls a method on it through its
// package's name.
var ferryFiles = map[string]string{
	"go.mod": "module example.com/ferry\n\ngo 1.22\n",
	"net/client.go": `package net

import (
	"net/http"
	"time"
)

// Timeout is the upstream timeout in seconds, from the environment.
var Timeout int

// Upstream calls the ferry's upstream.
var Upstream *http.Client

// Setup makes the upstream client.
func Setup() {
	if Timeout != 0 {
		Upstream = &http.Client{Timeout: time.Duration(Timeout) * time.Second} //!made
	}
}
`,
	"main.go": `package main

import (
	"net/http"

	fnet "example.com/ferry/net"
)

func relay(w http.ResponseWriter, r *http.Request) {
	req, err := http.NewRequest("GET", "http://upstream/", nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	resp, err := fnet.Upstream.Do(req) //!do
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	resp.Body.Close()
}
`,
}

// TestNilPackageVariableSetUnderACondition: a method of a library called
// on a package variable of another package (through its import name)
// panics on a nil receiver: the variable is the candidate, and the only
// assignment the module makes to it, under a condition, is where the fix
// goes.
func TestNilPackageVariableSetUnderACondition(t *testing.T) {
	app := writeMarkedApp(t, ferryFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference",
		report.Frame{Function: "net/http.(*Client).Do", File: "/usr/local/go/src/net/http/client.go", Line: 590, Kind: report.FrameStdlib},
		app.frame(t, "do", "relay"))
	r.Mode = report.ModeStatic
	r.Context = appsource.Static(r)
	if !hasChunk(r.Context, "Setup") {
		t.Errorf("the static context lacks the function that sets it: %v", chunkSymbols(r.Context))
	}
	text := Analyze(r)
	mustHave(t, text, "`fnet.Upstream` is nil", "the package variable `Upstream` declared at `client.go:12` without a value",
		"The module sets it only at `client.go:17` in `Setup`, inside `if Timeout != 0 {`", "Set `Upstream` on every path of `Setup`")
	assertGroundedIn(t, r, text, ferryFiles)

	// Set at start with no condition: what ran first is not in sight,
	// and nothing is said of it.
	files := map[string]string{}
	for k, v := range ferryFiles {
		files[k] = v
	}
	files["net/client.go"] = strings.Replace(ferryFiles["net/client.go"], "if Timeout != 0 {", "{", 1)
	app = writeMarkedApp(t, files)
	r = panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference",
		report.Frame{Function: "net/http.(*Client).Do", File: "/usr/local/go/src/net/http/client.go", Line: 590, Kind: report.FrameStdlib},
		app.frame(t, "do", "relay"))
	mustLack(t, Analyze(r), "only at", "is nil")
}
