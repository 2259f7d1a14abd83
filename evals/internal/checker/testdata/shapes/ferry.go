package shapes

import (
	"errors"
	"sync"
	"time"
)

// Ferry carries vehicles across; its shapes are the ones the ferry
// sentences speak of.
type Ferry struct {
	dock     *time.Location
	deckMu   sync.Mutex
	sailing  bool
	deck     []Vehicle
	stages   []func(Vehicle) Vehicle
	capacity int
}

// Vehicle is one vehicle on the deck.
type Vehicle struct {
	Plate  string
	Weight int
	Due    time.Time
}

var errOverweight = errors.New("overweight")

// Dock returns the ferry's time zone.
func (f *Ferry) Dock() *time.Location {
	return f.dock
}

// Find returns the vehicle with the given plate, or the zero Vehicle.
func (f *Ferry) Find(plate string) Vehicle {
	for _, v := range f.deck {
		if v.Plate == plate {
			return v
		}
	}
	return Vehicle{}
}

// Count returns how many vehicles are aboard.
func (f *Ferry) Count() int { return len(f.deck) }

// Sail marks the ferry as sailing and unloads it.
func (f *Ferry) Sail() {
	f.deckMu.Lock()
	if f.sailing {
		f.deckMu.Unlock()
		return
	}
	f.sailing = true
	f.deckMu.Unlock()
	f.unload(time.Now())
}

// Board adds a vehicle while holding the deck's lock until it returns.
func (f *Ferry) Board(v Vehicle) error {
	f.deckMu.Lock()
	defer f.deckMu.Unlock()
	if v.Weight > 3500 {
		return errOverweight
	}
	f.deck = append(f.deck, v)
	return nil
}

// unload lets off, in deck order, every vehicle already due.
func (f *Ferry) unload(now time.Time) {
	for _, v := range f.deck {
		if v.Due.After(now) {
			break
		}
		f.deck = f.deck[1:]
	}
}

// Prepare runs the stages over v, the last stage first.
func (f *Ferry) Prepare(v Vehicle) Vehicle {
	for i := range f.stages {
		v = f.stages[len(f.stages)-i-1](v)
	}
	return v
}

// Delayed reports whether the crossing took long.
func Delayed(start time.Time, log func(string)) bool {
	if d := time.Since(start); d > time.Minute {
		log("delayed")
		return true
	}
	return false
}

// Heavy reports whether the deck holds many vehicles.
func (f *Ferry) Heavy() bool { return len(f.deck) >= 2*f.capacity || len(f.deck) > 40 }

// Plated reports whether a plate is long enough to be a real one.
func Plated(plate string) bool { return len(plate) > 6 }

// Manifest returns the ferry's deck prepared by the default stage.
func (f *Ferry) Manifest(v Vehicle) Vehicle {
	return f.Prepare(Vehicle{Plate: v.Plate})
}

// weighVehicle reports the weight of v, rounded when round is set.
func weighVehicle(v Vehicle, round bool) int {
	if round {
		return v.Weight / 100 * 100
	}
	return v.Weight
}

// Load sums the deck's weights, rounded.
func (f *Ferry) Load() int {
	total := 0
	for _, v := range f.deck {
		total += weighVehicle(v, true)
	}
	return total
}

// The ferry's defaults: how long a crossing lasts and whether it waits.
var (
	crossing  = 40 * time.Minute
	waitsFull = true
)
