package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestConstructorOfADereferencedField: a nil pointer field of the
// receiver dereferenced on the failing line (return *w.pending) brings
// the receiver type's constructor, which leaves the field out.
func TestConstructorOfADereferencedField(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/pumps\n",
		"pump/pump.go": `package pump

// Pump counts its strokes.
type Pump struct {
	name    string
	strokes *int64
}

// New returns a pump.
func New(name string) *Pump {
	return &Pump{name: name}
}

// Strokes reports the strokes so far.
func (p *Pump) Strokes() int64 {
	return *p.strokes
}
`,
	})
	r := shelfReport(root, "runtime error: invalid memory address or nil pointer dereference",
		report.Frame{Function: "example.com/pumps/pump.(*Pump).Strokes", File: "pump/pump.go", Line: 16})
	r.Error.Kind = report.KindPanic
	got := reasons(Static(r))
	if !contains(got["constructor"], "pump/pump.go:New") {
		t.Errorf("the constructor of the dereferenced field's type is not in the context: %v", got)
	}
}
