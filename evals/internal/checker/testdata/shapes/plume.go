package shapes

import (
	"fmt"
	"io"
	"strconv"
)

// plumeErr is an error with a label.
type plumeErr struct {
	label string
	cause error
}

func (p *plumeErr) Error() string { return p.label + ": " + p.cause.Error() }

// Plume labels err; it returns nil when err is nil.
func Plume(err error, label string) error {
	if err == nil {
		return nil
	}
	return &plumeErr{label: label, cause: err}
}

// Plumef labels err with a formatted label; it returns nil when err is
// nil.
func Plumef(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return &plumeErr{label: fmt.Sprintf(format, args...), cause: err}
}

// Unplume takes the labels off err.
func Unplume(err error) error {
	for err != nil {
		p, ok := err.(*plumeErr)
		if !ok {
			break
		}
		err = p.cause
	}
	return err
}

// Quill is a position in a file.
type Quill int

func (q Quill) path() string {
	if q <= 0 {
		return "nowhere"
	}
	return "quill.go"
}

func (q Quill) row() int {
	if q <= 0 {
		return -1
	}
	return int(q)
}

func (q Quill) owner() string {
	if q <= 0 {
		return "nowhere"
	}
	return "shapes"
}

// Format writes q for the verbs 's', 'd' and 'v'.
func (q Quill) Format(s fmt.State, verb rune) {
	switch verb {
	case 's':
		if s.Flag('+') {
			io.WriteString(s, q.owner()+"/")
		}
		io.WriteString(s, q.path())
	case 'd':
		io.WriteString(s, strconv.Itoa(q.row()))
	case 'v':
		q.Format(s, 's')
		io.WriteString(s, "#")
		q.Format(s, 'd')
	}
}

// Quills is a list of positions.
type Quills []Quill

// Format writes the list, one per line with '#', else on one line.
func (qs Quills) Format(s fmt.State, verb rune) {
	for _, q := range qs {
		if s.Flag('#') {
			fmt.Fprintf(s, "\n%v", q)
			continue
		}
		fmt.Fprintf(s, " %v", q)
	}
}

// quillRing holds quills.
type quillRing []Quill

// Len counts the quills.
func (r *quillRing) Len() int { return len(*r) }

// plumeBox is a named ring.
type plumeBox struct {
	name string
	*quillRing
}

// Prev is the position before q.
func (q Quill) Prev() Quill { return q - 1 }

// Relabel labels err anew; nil stays nil.
func Relabel(err error, label string) error {
	if err == nil {
		return nil
	}
	return Plume(Unplume(err), label)
}

// Nib holds the hooks of a pen.
type Nib struct {
	Flush func() error
	Close func() error
}

// penState is what the hooks saw.
type penState struct{ flushed, closed bool }

// NewNib makes hooks that record what they saw.
func NewNib(st *penState) Nib {
	return Nib{
		Flush: func() error {
			st.flushed = true
			return nil
		},
		Close: func() error {
			st.closed = true
			return nil
		},
	}
}

// penHolder holds a pen.
type penHolder interface {
	Hold() error
	Drop() error
}

// inkWell fills pens.
type inkWell interface {
	Fill() error
}

// Stamp is what PrintStamp writes the source of.
func Stamp(q Quill) int { return int(q) }

// PrintStamp writes the source of Stamp.
func PrintStamp(w io.Writer) {
	io.WriteString(w, "func Stamp(q Quill) int {\n")
	io.WriteString(w, "var n int\n")
	io.WriteString(w, "return Stamp(Quill{})\n")
}

// Flush marks the state flushed.
func (st *penState) Flush() error { st.flushed = true; return nil }

// label lowers the first letter of s.
func label(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}

// Blot adds the ink a pen used to the well's total.
func Blot(total *int, used int) {
	*total += used
}
