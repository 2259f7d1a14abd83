package shapes

import (
	"flag"
	"unicode"
)

// Options reads the kiln's command line.
func Options(args []string) (string, bool) {
	fs := flag.NewFlagSet("kiln", flag.ContinueOnError)
	glaze := fs.String("g", "clear", "the glaze")
	hot := fs.Bool("hot", false, "fire hot")
	_ = fs.Parse(args)
	return *glaze, *hot
}

// Shelf reports whether a shelf label is valid: letters, digits and dots.
func Shelf(label string, strict bool) bool {
	for _, r := range label {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.') {
			return false
		}
	}
	return label != "" || !strict
}

// firstMark returns a label's first byte and whether it is a mark.
func firstMark(label string) (byte, bool) {
	if label == "" {
		return 0, false
	}
	return label[0], label[0] == '#'
}

// Marks lists a label's marks; it returns what it found so far with the
// error of a bad one.
func Marks(label string) ([]byte, error) {
	out := make([]byte, 0, len(label))
	var err error
	for i := 0; i < len(label); i++ {
		if m, ok := firstMark(label[i:]); ok {
			out = append(out, m)
		}
	}
	return out, err
}
