package failureclass

import (
	"net/http"
	"strconv"
	"strings"
	"unicode"
)

// SaysNothing reports whether a written message says no more than that
// the request failed ("Internal server error", "something went wrong",
// {"code":500,"error":"Internal Server Error"}, or a page titled "500 |
// Internal Server Error"): the error's own words were not shown.
func SaysNothing(msg string) bool {
	texts := BodyTexts(msg)
	if texts == nil {
		texts = []string{msg}
	}
	for _, t := range texts {
		if !genericFailureText(t) {
			return false
		}
	}
	return len(texts) > 0
}

// genericFailureText reports whether one text of a response says only that
// the request failed: a phrase to that effect, or a 5xx status's text with
// at most a few words around it (its number, the app's name, a link back)
// and no colon, which Go's error texts put after what failed.
func genericFailureText(t string) bool {
	m := strings.ToLower(strings.Trim(strings.TrimSpace(t), ".!\n"))
	if m == "" {
		return false
	}
	switch m {
	case "internal error", "server error", "something went wrong", "an error occurred", "an internal error occurred", "error", "unexpected error", "oops, something went wrong":
		return true
	}
	for code := 500; code <= 511; code++ {
		st := strings.ToLower(http.StatusText(code))
		if st == "" || !strings.Contains(m, st) {
			continue
		}
		rest := strings.ReplaceAll(strings.ReplaceAll(m, st, " "), strconv.Itoa(code), " ")
		return !strings.Contains(rest, ":") && len(strings.FieldsFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })) <= maxChromeWords
	}
	return false
}

// maxChromeWords is how many words a page may put around a status's text
// ("Lenpaste", "Back to Home") and still say nothing of the error.
const maxChromeWords = 6
