package checker

import (
	"go/types"
	"strings"
)

// stepByObjectWords returns the one function of calls whose name holds,
// its first word (a verb) aside, every word of four letters or more of a
// step's object, two at least, each as itself or as a word it starts or
// that starts it: "draws the randomized interval" is
// `randomValueFromInterval`, "measures the elapsed time"
// `getElapsedTime`. It is the last way a step is found, for a verb the
// function's name does not use.
func stepByObjectWords(calls []call, object string) (step, bool) {
	var words []string
	for _, w := range proseWordRe.FindAllString(strings.ToLower(outsideCode(object)), -1) {
		if len(w) >= 4 && !objectStopWords[w] {
			words = append(words, w)
		}
	}
	if len(words) < 2 {
		return nil, false
	}
	found := step{}
	for _, cl := range calls {
		if _, ok := cl.fn.(*types.Func); !ok {
			continue
		}
		parts := camelWords(cl.fn.Name())
		if len(parts) < 2 || !allWordsIn(words, parts[1:]) {
			continue
		}
		found[cl.fn] = true
	}
	return found, len(found) == 1
}

// objectStopWords are words of an object that name no part of a
// function's name.
var objectStopWords = map[string]bool{"that": true, "this": true, "with": true, "from": true, "into": true, "each": true, "every": true, "their": true, "them": true, "then": true, "value": true}

// allWordsIn reports whether each of words is a word of parts, or starts
// one or is started by one of four letters or more.
func allWordsIn(words, parts []string) bool {
	for _, w := range words {
		fits := false
		for _, p := range parts {
			fits = fits || w == p || len(p) >= 4 && (strings.HasPrefix(w, p) || strings.HasPrefix(p, w))
		}
		if !fits {
			return false
		}
	}
	return true
}
