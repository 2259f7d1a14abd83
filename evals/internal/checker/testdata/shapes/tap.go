package shapes

import (
	"errors"
	"strings"
)

// Tap states.
const (
	tapShut = iota
	tapOpen
)

// tap pours from a barrel.
type tap struct {
	state int
	pulls int
	limit int
}

var errTapDry = errors.New("tap ran dry")

// pull pours once; an open tap runs dry at its limit.
func (t *tap) pull() error {
	if t.state == tapOpen && t.pulls >= t.limit {
		return errTapDry
	}
	t.pulls++
	return nil
}

// barrelErrors are the errors of one barrel, written after its prefix.
type barrelErrors []error

func (b barrelErrors) Error() string {
	s := "barrel:"
	for _, e := range b {
		s += " " + e.Error() + ";"
	}
	return strings.TrimSuffix(s, ";")
}

var errCask = errors.New("the cask is empty now")

func tapKey(name string) string  { return "tap:state:" + name }
func lockKey(name string) string { return "tap:lock:" + name }

// drain empties a tap that has a limit and is over it.
func (t *tap) drain() bool {
	if t.limit > 0 && t.pulls > t.limit {
		t.pulls = 0
		return true
	}
	return false
}
