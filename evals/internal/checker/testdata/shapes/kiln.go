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

// Sealer seals a piece.
type Sealer interface{ Seal(p string) error }

// Painter paints a piece.
type Painter interface{ Paint(p string) error }

func sealerOf(v any) Sealer {
	s, _ := v.(Sealer)
	return s
}

func painterOf(v any) Painter {
	p, _ := v.(Painter)
	return p
}

// Finish seals a piece when it can be sealed, else paints it.
func Finish(v any, piece string) error {
	if s := sealerOf(v); s != nil {
		return s.Seal(piece)
	}
	if p := painterOf(v); p != nil {
		return p.Paint(piece)
	}
	return nil
}

func glazeOne(p string) error { return nil }

func dryOne(p string) error { return nil }

// GlazeAll glazes every piece, stopping at the first that fails; it dries
// them all, skipping those that fail.
func GlazeAll(pieces []string) error {
	for _, p := range pieces {
		if err := glazeOne(p); err != nil {
			return err
		}
	}
	for _, p := range pieces {
		err := dryOne(p)
		if err != nil {
			continue
		}
	}
	return nil
}
