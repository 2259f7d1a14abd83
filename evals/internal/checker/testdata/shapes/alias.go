package shapes

import (
	"io"
	"os"
	strs "strings"
)

// Shout upper-cases a word and prints it; its parameter is named like a
// package the file imports under another name.
func Shout(strings string) string {
	os.Stdout.WriteString(strings)
	return strs.ToUpper(strings)
}

// retries and Limit are constants whose values a text may state.
const (
	retries = 3
	Limit   = 1 << 4
)

// Headers has a field whose type the field pattern must read.
type Headers struct {
	Values map[string][]string
}

// Feed has a field of interface type.
type Feed struct {
	Source io.Reader
}
