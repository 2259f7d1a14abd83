package checker

import "strings"

// enumeratedExample reports whether name is one of a numbered sequence the
// sentence lists as example values ("so the keys are `ids0`, `ids1`, and
// so on"): it ends in digits, and another identifier claim of the same
// sentence has the same stem with other digits. Code seldom declares such
// siblings that the module lacks; a sentence that shows generated keys,
// columns or file names does.
func enumeratedExample(claims []Claim, name string) bool {
	stem, ok := digitStem(name)
	if !ok {
		return false
	}
	for _, cl := range claims {
		if cl.Kind != KindIdentifier || cl.Text == name {
			continue
		}
		if s, ok := digitStem(cl.Text); ok && s == stem {
			return true
		}
	}
	return false
}

// digitStem returns name without its trailing digits, and whether it had
// both a stem and digits.
func digitStem(name string) (string, bool) {
	stem := strings.TrimRight(name, "0123456789")
	return stem, stem != "" && stem != name
}
