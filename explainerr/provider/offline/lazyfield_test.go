package offline

import (
	"strings"
	"testing"
)

// pumpFiles is an app whose Pump is built without its counter, which only
// a method the status request never runs sets, lazily.
var pumpFiles = map[string]string{
	"go.mod": "module example.com/pumps\n\ngo 1.22\n",
	"pump/pump.go": `package pump

import "sync"

// Pump moves water and counts its strokes.
type Pump struct {
	mu      sync.Mutex
	strokes *int64
}

// New returns a pump.
func New() *Pump {
	return &Pump{}
}

// Strokes reports the strokes so far.
func (p *Pump) Strokes() int64 {
	return *p.strokes //!read
}

// Run starts the pump.
func (p *Pump) Run() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.strokes == nil {
		p.strokes = new(int64)
	}
	*p.strokes++
}
`,
	"web/server.go": `package web

import (
	"fmt"
	"net/http"

	"example.com/pumps/pump"
)

// Server answers the pump's requests.
type Server struct {
	pump *pump.Pump
}

// NewServer returns a server with its pump.
func NewServer() *Server {
	return &Server{pump: pump.New()}
}

func (s *Server) status(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintln(w, s.pump.Strokes()) //!call
}

func (s *Server) start(w http.ResponseWriter, r *http.Request) {
	s.pump.Run()
}
`,
}

// TestFieldSetOnlyByAMethodTheRequestDidNotRun: a field the constructor
// leaves out and only another method sets (lazily) is nil when the
// request never ran that method; the receiver, one of two candidates, is
// not said to be nil.
func TestFieldSetOnlyByAMethodTheRequestDidNotRun(t *testing.T) {
	app := writeMarkedApp(t, pumpFiles)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "read", "(*Pump).Strokes"), app.frame(t, "call", "(*Server).status"))
	text := Analyze(r)
	mustHave(t, text, "sets it, in a function this request did not run", "Set `strokes` where the `Pump` is built")
	for _, wrong := range []string{"nothing shows that `p.strokes` is `nil`", "and `s.pump` is `nil`"} {
		if strings.Contains(text, wrong) {
			t.Errorf("says %q:\n%s", wrong, text)
		}
	}
}

// TestGenericStructFieldIsNoNilCandidate: a field whose type is an
// instance of a generic struct (Opt[Logo]) cannot be nil; the pointer it
// holds is the one.
func TestGenericStructFieldIsNoNilCandidate(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/brand\n\ngo 1.22\n",
		"brand.go": `package brand

// Logo is an image's bytes.
type Logo []byte

// Opt is a value that may be set.
type Opt[T any] struct {
	Set   bool
	Value *T
}

// Params are the changes asked for.
type Params struct {
	Name string
	Logo Opt[Logo]
}

// Apply applies the changes.
func Apply(p Params) int {
	return len(*p.Logo.Value) //!read
}
`,
	})
	text := Analyze(panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "read", "example.com/brand.Apply")))
	mustHave(t, text, "Nil pointer dereference: `p.Logo.Value` is nil")
	if strings.Contains(text, "one of `p.Logo`") {
		t.Errorf("counts the struct-valued field as a candidate:\n%s", text)
	}
}
