package shapes

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
)

// lampPool keeps lamps for reuse.
var lampPool = sync.Pool{New: func() any { return new(lamp) }}

// lamp is a light with a few settings.
type lamp struct {
	watts  int
	bright [6]byte
	label  string
}

// lampMode is how a lamp glows.
type lampMode int

const (
	// lampSteady glows without a break.
	lampSteady lampMode = iota + 1
	// lampBlink blinks.
	lampBlink
)

// errLampDark is returned for a lamp that gives no light.
var errLampDark = errors.New("shapes: the lamp gives no light")

// NewLamp takes a lamp from the pool with the default power.
func NewLamp(label string) *lamp {
	l := lampPool.Get().(*lamp)
	l.watts = 40
	l.label = label
	return l
}

// defaultLamp is the lamp a shop shows.
func defaultLamp() lamp {
	return lamp{watts: 60, label: "shop"}
}

// Glow reads the lamp's brightness from the middle of its bytes.
func (l *lamp) Glow() uint16 {
	return binary.BigEndian.Uint16(l.bright[2:4])
}

// Check reports a lamp without power.
func (l *lamp) Check(v any) error {
	if l.watts == 0 {
		return fmt.Errorf("shapes: lamp %q has no power: %T", l.label, v)
	}
	return nil
}

// Dim lowers the power and puts the lamp back.
func (l *lamp) Dim(by int, hard bool) {
	l.watts -= by
	if hard {
		l.watts = 0
	}
	lampPool.Put(l)
}

// lampCount counts the lamps made, from one.
var lampCount = 1

// lampCap is the most lamps a shop shows.
const lampCap = 12

// Code writes the lamp's label for a URL.
func (l lamp) Code() string {
	return base64.StdEncoding.EncodeToString([]byte(l.label))
}
