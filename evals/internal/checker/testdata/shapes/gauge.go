package shapes

// Measure measures a value of a few kinds, through a type switch whose
// variable is named nowhere else.
func Measure(value any) int {
	switch gauged := value.(type) {
	case []byte:
		return len(gauged)
	case string:
		return len(gauged)
	}
	return -1
}

// unitName names what a gauge measures in.
type unitName string

// gauge keeps its last readings in an array and its unit as a named
// type of the package's own, lower-case.
type gauge struct {
	readings [4]int
	unit     unitName
}

// Last returns the gauge's newest reading.
func (g *gauge) Last() int { return g.readings[len(g.readings)-1] }

// Clamp keeps a reading within the gauge's scale and reports whether it
// was already there.
func Clamp(n int) (int, bool) {
	if n < 0 {
		return 0, false
	}
	if n > 100 {
		return 100, false
	}
	return n, true
}

// Reset marks the gauge's first two readings as unset and clears its
// unit.
func (g *gauge) Reset() {
	g.readings[0] = -1
	g.readings[1] = -2
	g.unit = "none"
}

// calibrated is a gauge read with an offset.
type calibrated struct {
	gauge
	offset int
}
