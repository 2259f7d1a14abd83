package shapes

import (
	"log"
	"math/rand"
	"slices"
	"time"
)

// BeaconPort is where a beacon listens by default.
const BeaconPort = ":9090"

// BeaconLayout is the layout a beacon stamps its signals with.
var BeaconLayout = time.Kitchen

// Signal is what a beacon sends.
type Signal struct{ Level int }

// Emitter sends signals.
type Emitter interface {
	Stamper
	Emit() error
	Strength() int
}

// Stamper stamps a signal.
type Stamper interface {
	Stamp() string
}

// Beacon sends signals to its hooks.
type Beacon struct {
	Label  string
	OnLost func(*Signal)
	hooks  []func(*Beacon)
	level  int
	queued int
	sent   int
	slots  []string
}

// beaconEntry is one line of a beacon's log.
type beaconEntry struct {
	StartTime string
	Level     int
}

// NewBeacon builds a beacon with its default label.
func NewBeacon() *Beacon {
	return &Beacon{Label: "north", slots: make([]string, 4)}
}

// Chain builds three beacons in a row.
func Chain() []*Beacon {
	return Link(NewBeacon(), Spare(), Borrow(2))
}

// Link lists beacons.
func Link(a, b, c *Beacon) []*Beacon { return []*Beacon{a, b, c} }

// Spare returns a beacon with another label.
func Spare() *Beacon { return &Beacon{Label: "south"} }

// Borrow returns a beacon at level n.
func Borrow(n int) *Beacon { return &Beacon{level: n + rand.Intn(2)} }

// Loud reports whether the beacon is loud.
func (b *Beacon) Loud() bool {
	return b.level >= 300 || b.level == 150
}

// Fire runs the hooks, then raises the level.
func (b *Beacon) Fire(s int) {
	b.queued = s
	b.notify()
	b.level = s
}

// notify runs the hooks, the last added first.
func (b *Beacon) notify() {
	for i := len(b.hooks) - 1; i >= 0; i-- {
		b.hooks[i](b)
	}
}

// Replay runs the hooks again, the last added first.
func (b *Beacon) Replay() {
	hooks := slices.Clone(b.hooks)
	slices.Reverse(hooks)
	for _, h := range hooks {
		h(b)
	}
}

// Send sends p and counts what went out.
func (b *Beacon) Send(p []byte) int {
	n := b.out(p)
	b.sent += n
	return n
}

func (b *Beacon) out(p []byte) int { return len(p) / 2 }

// Flush fires the beacon if it is quiet, then sends nothing.
func (b *Beacon) Flush() {
	if b.level == 0 {
		b.Fire(200)
	}
	b.out(nil)
}

// Lose logs a lost beacon.
func (b *Beacon) Lose() {
	log.Printf("beacon %s lost its signal", b.Label)
}

// Time times next and logs when it started.
func (b *Beacon) Time(next func()) {
	start := time.Now()
	next()
	e := beaconEntry{StartTime: start.Format(BeaconLayout), Level: b.level}
	log.Println(e)
}
