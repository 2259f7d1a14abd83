package shapes

import (
	"errors"
	"time"
)

// Slot is the state of a locker slot.
type Slot int

// The states a slot goes through.
const (
	Free Slot = iota
	Taken
	Broken
)

// Locker keeps parcels by code.
type Locker struct {
	parcels map[string]string
	Grace   time.Duration
	state   Slot
	ttl     int
}

// Collect hands the parcel over and frees its slot.
func (l *Locker) Collect(code string) string {
	p, ok := l.parcels[code]
	if !ok {
		return ""
	}
	delete(l.parcels, code)
	l.state = Free
	return p
}

// Extend gives the slot its grace time when one is set.
func (l *Locker) Extend() {
	if l.Grace > 0 {
		l.state = Taken
	}
	l.ttl = -1
}

// ErrJammed says a slot does not open.
var ErrJammed = errors.New("jammed")

// Door is a slot's door and the fault it last had.
type Door struct {
	Fault error
}

// Jam records a jammed door.
func (d *Door) Jam() { d.Fault = ErrJammed }
