package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// parcelFiles wrap a store's not-found error with %v; the handler logs
// the error through a logger whose switch tells an error from a string,
// then tests it with errors.Is.
var parcelFiles = map[string]string{
	"go.mod": "module example.com/parcel\n",
	"main.go": `package main

import (
	"errors"
	"fmt"
	"log"
	"net/http"
)

var ErrNoParcel = errors.New("parcel not found")

type Logger struct{}

func (l Logger) Error(message interface{}, where string) {
	switch msg := message.(type) {
	case error:
		log.Print(where, ": ", msg.Error())
	case string:
		log.Print(where, ": ", msg)
	default:
		log.Print(where, ": ", msg)
	}
}

type app struct{ l Logger }

func find(id string) error { return ErrNoParcel }

func track(id string) error {
	if err := find(id); err != nil {
		return fmt.Errorf("track - find: %v", err)
	}
	return nil
}

func (a app) parcel(w http.ResponseWriter, r *http.Request) {
	err := track(r.FormValue("id"))
	if err != nil {
		a.l.Error(err, "parcel")
		if errors.Is(err, ErrNoParcel) {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		http.Error(w, "internal error", http.StatusInternalServerError) //! parcel
	}
}
`,
}

// TestLoggerSwitchIsNoErrorMapping: a logger's type switch on error and
// string tells no error apart; the %v wrap the handler's errors.Is
// misses is fixed with %w.
func TestLoggerSwitchIsNoErrorMapping(t *testing.T) {
	app := writeMarkedApp(t, parcelFiles)
	r := panicReport("*fmt.wrapError", "track - find: parcel not found", app.frame(t, "parcel", "app.parcel"))
	r.Error.Kind = report.KindStatus
	text := Analyze(r)
	mustLack(t, text, "whether with", "tells the app's errors apart")
	mustHave(t, text, "%w")
}
