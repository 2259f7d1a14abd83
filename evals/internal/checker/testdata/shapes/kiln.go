package shapes

import (
	"errors"
	"fmt"
	"strings"
)

// errKilnCold is returned when the kiln is below its firing heat.
var errKilnCold = errors.New("kiln is below firing heat")

// Glaze is one glaze recipe.
type Glaze struct {
	Name  string
	Cone  int
	Notes error
}

// Kiln fires the pieces loaded in it.
type Kiln struct {
	heat   int
	pieces []string
}

// Fire names each piece after its glaze: trimmed, prefixed, lower-cased.
func (k *Kiln) Fire(prefix string, names []string) ([]string, error) {
	if k.heat < 900 {
		return nil, errKilnCold
	}
	var out []string
	for _, n := range names {
		key := strings.TrimSpace(n)
		if prefix != "" {
			key = fmt.Sprintf("%s-%s", prefix, key)
		}
		key = strings.ToLower(key)
		out = append(out, key)
	}
	return out, nil
}

// Stack reads a stack description, "shelf:piece", and returns its shelf.
func Stack(desc string) (string, error) {
	parts := strings.Split(desc, ":")
	if len(parts) != 2 {
		return "", fmt.Errorf("bad stack %q", desc)
	}
	return strings.ToUpper(parts[0]), nil
}

// Unload counts the pieces front to back, then takes them out back to
// front.
func (k *Kiln) Unload() []string {
	n := 0
	for i := 0; i < len(k.pieces); i++ {
		n += len(k.pieces[i])
	}
	out := make([]string, 0, n)
	for i := len(k.pieces) - 1; i >= 0; i-- {
		out = append(out, k.pieces[i])
	}
	return out
}
