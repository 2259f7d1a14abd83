package offline

import "testing"

// TestNilLetThroughByTheErrorCheck: a value assigned with its error,
// whose check leaves one error out (err != nil && !errors.Is(err, X)), is
// nil when the call fails with X: the check and X are named. A field
// promoted from an embedded value that the constructor's literal sets is
// not said to be left out by that literal.
func TestNilLetThroughByTheErrorCheck(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/parcels\n\ngo 1.22\n",
		"main.go": `package main

import (
	"errors"
	"log/slog"
)

// ErrNoParcel is returned for a parcel that is not there.
var ErrNoParcel = errors.New("no parcel")

// Parcel is a parcel.
type Parcel struct{ ID int64 }

// Bundle is what every endpoint shares.
type Bundle struct {
	Logger *slog.Logger
	Find   func(id int64) (*Parcel, error)
}

// sendEndpoint sends parcels.
type sendEndpoint struct {
	Bundle
}

func newSendEndpoint(b Bundle) *sendEndpoint {
	return &sendEndpoint{Bundle: b}
}

// Send sends the parcels of ids, skipping those already gone.
func (e *sendEndpoint) Send(ids []int64) error {
	for _, id := range ids {
		p, err := e.Find(id) //!find
		if err != nil && !errors.Is(err, ErrNoParcel) { //!check
			return err
		}
		e.Logger.Info("sent", "id", p.ID) //!use
	}
	return nil
}
`,
	})
	_, check := app.line("check")
	text := Analyze(panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "main.(*sendEndpoint).Send")))
	mustHave(t, text, "`p` is nil", "(`main.go:"+itoa(check)+"`)", "leaves out `ErrNoParcel`", "fails with `ErrNoParcel`")
	mustLack(t, text, "is built without setting `Logger`")
}
