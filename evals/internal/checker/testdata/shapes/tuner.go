package shapes

import (
	"errors"
	"fmt"
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

// presetKey is the form key a preset is sent under.
const presetKey = "_preset"

// defaultVolume is the volume a tuner starts at.
var defaultVolume = 7

// clampVolume keeps a volume within range.
func clampVolume(v int) int {
	if v > 11 {
		v = 11
	}
	return v
}

// firstSeparated returns what comes before the first ", " of s.
func firstSeparated(s string) string {
	i := strings.Index(s, ", ")
	if i < 0 {
		i = len(s)
	}
	return s[:i]
}

// scanLabels stops at the first label that names a preset.
func (t *Tuner) scanLabels(labels []string) string {
	found := ""
L:
	for _, l := range labels {
		switch {
		case t.presets[l] != 0:
			found = l
			break L
		}
	}
	return found
}

// station is a tuned station.
type station struct {
	name string
	freq float64
	loud bool
}

// tuneLoud returns a loud station.
func tuneLoud(name string, freq float64) station {
	return station{name, freq, true}
}

// tuneQuiet returns a quiet station.
func tuneQuiet(name string, freq float64) station {
	return station{name: name, freq: freq, loud: false}
}

// badPreset says a preset is unknown.
func badPreset(name string, known []string) error {
	return fmt.Errorf("unknown preset %q; expected one of %q", name, known)
}
