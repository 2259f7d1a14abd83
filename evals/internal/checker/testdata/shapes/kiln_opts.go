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
