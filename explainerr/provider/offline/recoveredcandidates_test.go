package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// flowerBedFiles is an app whose value-receiver routes read a finder of
// their receiver inside a closure; the server's method that builds the
// routes leaves that finder out.
var flowerBedFiles = map[string]string{
	"go.mod": "module example.com/garden\n\ngo 1.22\n",
	"routes.go": `package main

// PlantFinder finds plants.
type PlantFinder interface{ Name(id int) string }

// Bed is a flower bed.
type Bed struct {
	ID    int
	Plant int
}

type bedRoutes struct {
	beds   map[int]*Bed
	plants PlantFinder
}

func (br bedRoutes) label(bed *Bed, run func(func() error) error) (string, error) {
	if bed.ID == 0 {
		return "", nil
	}
	var name string
	err := run(func() error {
		name = br.plants.Name(bed.Plant) //!call
		return nil
	})
	return name, err
}
`,
	"server.go": `package main

// Server serves the garden.
type Server struct{ beds map[int]*Bed }

func (s *Server) bedRoutes() bedRoutes {
	return bedRoutes{ //!built
		beds: s.beds,
	}
}
`,
}

// TestRecoveredPanicWeighsItsNilCandidates: a panic an app's recoverer
// took, in a closure of a value-receiver method: the parameter read
// through before the closure is ruled out, not said to be the closure's,
// and the receiver's field that the server's method leaves out of its
// literal is named, with that method in the context.
func TestRecoveredPanicWeighsItsNilCandidates(t *testing.T) {
	app := writeMarkedApp(t, flowerBedFiles)
	_, built := app.line("built")
	r := panicReport("(recovered: value unknown)", "a panic recovered by github.com/go-chi/chi/v5/middleware.Recoverer.func1.1; its value did not reach explainerr",
		app.frame(t, "call", "main.bedRoutes.label.func1"))
	r.Error.Recoverer = "github.com/go-chi/chi/v5/middleware.Recoverer.func1.1"
	if cs := appsource.Static(r); !hasChunk(cs, "(*Server).bedRoutes") {
		t.Errorf("the static context lacks the method that builds the routes: %v", chunkSymbols(cs))
	}
	text := Analyze(r)
	mustHave(t, text, "`bedRoutes` is built without setting `plants` at `(*Server).bedRoutes` (`server.go:"+itoa(built)+"`)", "`bed` is not it")
	mustLack(t, text, "is a parameter of `bedRoutes.label.func1`", "passed it in")
}
