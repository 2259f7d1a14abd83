package shapes

import "strings"

// Strict makes a weir refuse names with upper case; it is on by default.
var Strict = true

// MaxDepth is how deep a weir lets water stand.
var MaxDepth int

// weir holds water back.
type weir struct {
	Height uint32
	gates  []string
	marks  map[string]int
}

// held is an error a weir keeps as it is.
type held struct{ err error }

func (h held) Error() string { return h.err.Error() }

// holdError keeps an error as a held one.
func holdError(err error) error {
	return held{err}
}

// weirName writes a weir's name, lower-cased under Strict.
func weirName(name string) string {
	name = strings.TrimSpace(name)
	if Strict {
		name = strings.ToLower(name)
	}
	return name
}

// levels lists the gates' levels of a weir.
func levels(w *weir) []int {
	var out []int
	for _, g := range w.gates {
		out = append(out, w.marks[g])
	}
	return out
}
