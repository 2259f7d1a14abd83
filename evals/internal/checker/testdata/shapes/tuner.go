package shapes

import (
	"errors"
	"strings"
	"sync"
	"time"
)

// errNoStation says no station has the name asked for.
var errNoStation = errors.New("shapes: no station is tuned to that name")

// stationsMu guards stations.
var stationsMu = &sync.Mutex{}

// stations are the stations by name.
var stations = map[string]*Tuner{}

// defaultDwell is how long a tuner stays on a station.
const defaultDwell = 3 * time.Second

// Band is a range of frequencies a tuner scans.
type Band interface {
	Next(after float64) float64
	Contains(freq float64) bool
}

// Tuner scans a band.
type Tuner struct {
	Name    string
	Dwell   time.Duration
	Retries int
	Loud    bool
	Muted   bool
	presets map[string]float64
}

// NewTuner returns a tuner that dwells defaultDwell on each station.
func NewTuner(name string) *Tuner {
	return &Tuner{
		Name:    name,
		Dwell:   defaultDwell,
		Retries: 2,
		Loud:    true,
		presets: map[string]float64{},
	}
}

// pickPreset returns the frequency of the first preset the listener
// names that the tuner has.
func (t *Tuner) pickPreset(asked []string) float64 {
	for _, name := range asked {
		for presetName, presetFreq := range t.presets {
			if strings.EqualFold(presetName, name) {
				return presetFreq
			}
		}
	}
	return 0
}

// firstLoud tells whether a loud tuner is among tuners.
func firstLoud(tuners []*Tuner) bool {
	found := false
	for _, t := range tuners {
		if !t.Loud {
			continue
		}
		found = true
		break
	}
	return found
}

// register stores a tuner under its name.
func register(t *Tuner) {
	stationsMu.Lock()
	defer stationsMu.Unlock()
	stations[t.Name] = t
}

// waitDwell sleeps for the tuner's dwell.
func waitDwell() *Tuner {
	return withDwell(time.Second)
}

// withDwell returns a tuner that dwells d.
func withDwell(d time.Duration) *Tuner {
	t := NewTuner("scan")
	t.Dwell = d
	return t
}
