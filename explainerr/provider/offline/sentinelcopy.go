package offline

import (
	"strconv"
	"strings"
)

// A sentinel's text made again with errors.New (return errors.New("post
// not found") where var ErrPostNotFound = errors.New("post not found")
// is declared) reads the same but is another value: errors.Is against
// the sentinel is false for it.

// sentinelCopy returns the one errors.New inside a function that makes
// the text of the module sentinel the test at check compares with, and
// that sentinel's name, when msg ends with its text; false otherwise.
func (a *analysis) sentinelCopy(msg string, check sourceLine) (sourceLine, string, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, "", false
	}
	name, text := src.sentinelTestedBy(check.Text)
	if text == "" || !strings.HasSuffix(msg, text) {
		return sourceLine{}, "", false
	}
	var found []sourceLine
	for _, em := range src.mod.ErrorMakers() {
		if em.Func == "" || em.Call != "errors.New" {
			continue
		}
		if lit, err := strconv.Unquote(em.Format); err != nil || lit != text {
			continue
		}
		found = append(found, src.lineIn(em.File, em.Line, em.Func))
	}
	if len(found) != 1 {
		return sourceLine{}, "", false
	}
	return found[0], name, true
}
