package offline

import "testing"

// codecFiles register their message types with a codec, one call each,
// but not the type a handler encodes.
var codecFiles = map[string]string{
	"go.mod": "module example.com/codec\n\ngo 1.22\n",
	"wire/wire.go": `package wire

import "fmt"

// Codec encodes registered types.
type Codec struct{ names map[string]bool }

// Register adds a type.
func (c *Codec) Register(v any) { c.names[fmt.Sprintf("%T", v)] = true }

// Encode encodes a registered value.
func (c *Codec) Encode(v any) error {
	if !c.names[fmt.Sprintf("%T", v)] {
		return fmt.Errorf("no codec found for type: %T", v)
	}
	return nil
}
`,
	"msgs/msgs.go": `package msgs

// Ping, Pong, Join and Leave are messages.
type (
	Ping  struct{}
	Pong  struct{}
	Join  struct{}
	Leave struct{}
)
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/codec/msgs"
	"example.com/codec/wire"
)

var codec = &wire.Codec{}

func setup() {
	codec.Register(msgs.Ping{})
	codec.Register(msgs.Pong{})
	codec.Register(msgs.Join{})
}

func leave(w http.ResponseWriter, r *http.Request) {
	if err := codec.Encode(msgs.Leave{}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestTypeARegistryDoesNotKnow: an error that a type is not registered
// is traced to the function that registers the module's other types.
func TestTypeARegistryDoesNotKnow(t *testing.T) {
	app := writeMarkedApp(t, codecFiles)
	text := Analyze(statusReport("no codec found for type: msgs.Leave", app.frame(t, "status", "leave")))
	mustHave(t, text, "The type `Leave` is not registered",
		"`setup` registers the module's types with `Register`, one call each (`Ping`, `Pong`, `Join`, from `main.go:13`",
		"Register `Leave` in `setup` with another `Register` call")
}
