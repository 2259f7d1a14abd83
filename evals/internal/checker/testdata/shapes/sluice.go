package shapes

import "errors"

// sluice raises boats through a lock.
type sluice struct {
	level    int
	maxLevel int
	log      []error
}

// gatekeeper admits boats into a sluice.
type gatekeeper interface {
	admit(name string, n int) error
}

// lockState is what a sluice shows of itself.
type lockState struct {
	Level int
	Gate  string
	Since int64
}

// sluiceConfig configures a sluice.
type sluiceConfig struct {
	maxLevel int
	rise     int
	measure  func(*sluiceConfig) int
}

var mainGates = []string{"upper", "lower"}

var altGates = mainGates

// fill raises the water by a gate's share.
func (s *sluice) fill(level int, gate string, now int64) { s.level = level }

// cycleSluice fills the sluice once per boat, reporting before counting.
func (s *sluice) cycleSluice(boats []string) {
	n, now := 0, int64(0)
	for _, boat := range boats {
		s.report(n)
		n++
		s.fill(n, boat, now)
		if n == s.maxLevel-1 {
			break
		}
	}
}

// report records a cycle.
func (s *sluice) report(n int) { s.log = append(s.log, errors.New("cycle")) }

// full reports whether the sluice is over its top.
func (s *sluice) full() bool {
	return s.level > s.maxLevel
}

// deep reports whether the water is deep enough for a boat.
func deep(s *sluice) bool {
	return s.level > 5
}

// validGate reports whether a gate's name is one a sluice has.
func validGate(name string) bool {
	if name == "" || name[0] == '-' {
		return false
	}
	for _, c := range name {
		if (c < 'a' || c > 'z') && c != '-' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// copyGates copies a list of gates.
func copyGates(gates []string) []string {
	if gates == nil {
		return []string{}
	}
	out := make([]string, len(gates))
	copy(out, gates)
	return out
}

// openSluice opens one gate of a sluice at a level.
func openSluice(level int, gate string) lockState {
	return lockState{
		Level: level,
		Gate:  gate,
		Since: 1,
	}
}

// closedState is the state of a shut sluice.
func closedState() lockState {
	return lockState{Level: 0, Gate: "none"}
}

// newSluiceConfig is the default configuration.
func newSluiceConfig() *sluiceConfig {
	return &sluiceConfig{
		rise:    2,
		measure: riseOf,
	}
}

// riseOf reads how far a configuration raises.
func riseOf(c *sluiceConfig) int {
	if c.maxLevel > 0 {
		return c.maxLevel
	}
	return c.rise
}

// shut wraps err as a gate that will not open.
func shut(err error) error { return err }

// logFailure records a failure of the sluice.
func (s *sluice) logFailure(err error) {
	s.log = append(s.log, shut(err))
}
