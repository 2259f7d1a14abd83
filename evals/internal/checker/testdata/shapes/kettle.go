package shapes

import (
	"errors"
	"fmt"
	"sync"
)

// kettleKey is the default key of a kettle's notes.
const kettleKey = "_note"

// errKettleCold is returned for a kettle that never boiled.
var errKettleCold = errors.New("kettle cold")

// kettle boils water for named cups.
type kettle struct {
	mu     sync.RWMutex
	litres map[string]float64
	notes  []string
}

// Pour takes n litres for the cup named.
func (k *kettle) Pour(name string, n float64) error {
	k.mu.Lock()
	v, ok := k.litres[name]
	if !ok {
		k.mu.Unlock()
		return fmt.Errorf(
			"kettle: no water for %q", name)
	}
	if v < n {
		k.mu.Unlock()
		return fmt.Errorf("kettle %s holds too little water", name)
	}
	k.litres[name] = v - n
	k.mu.Unlock()
	return nil
}

// Summary says how many notes the kettle has.
func (k *kettle) Summary() string {
	switch len(k.notes) {
	case 0:
		return "(0 notes)"
	case 1:
		return k.notes[0]
	}
	return fmt.Sprintf("%d notes", len(k.notes))
}

// Fill adds n litres for the cup named, when the name is valid.
func (k *kettle) Fill(name string, n float64) error {
	if !validCup(name) {
		return fmt.Errorf("kettle: bad cup name %q", name)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.litres[name] += n
	return nil
}

// validCup reports whether a cup name is usable.
func validCup(name string) bool { return name != "" }

// kettleOptions are a kettle's settings.
type kettleOptions struct {
	Size  int
	Hot   bool
	Spout bool
	Label string
}

// defaultKettleOptions returns the settings of a new kettle.
func defaultKettleOptions() *kettleOptions {
	o := &kettleOptions{
		Size:  2 * 1000,
		Label: "kettle",
	}
	o.Hot = false
	return o
}

// litre is an amount of water.
type litre int

// fullKettle is what a kettle holds when full.
const fullKettle litre = 2

// cups counts the cups the kettle knows.
func (k *kettle) cups() int {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return len(k.litres)
}

// tag writes the kettle's tag for a cup.
func (k *kettle) tag(b interface{ WriteString(string) (int, error) }, name string) {
	b.WriteString(kettleKey)
	b.WriteString(name)
	b.WriteString(k.notes[0])
}

// spill empties a cup that is over full.
func (k *kettle) spill(name string, most float64) {
	if k.litres != nil && k.litres[name] > most {
		delete(k.litres, name)
	}
}
