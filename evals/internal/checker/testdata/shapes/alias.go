package shapes

import strs "strings"

// Shout upper-cases a word; its parameter is named like a package the
// file imports under another name.
func Shout(strings string) string {
	return strs.ToUpper(strings)
}

// retries and Limit are constants whose values a text may state.
const (
	retries = 3
	Limit   = 1 << 4
)
