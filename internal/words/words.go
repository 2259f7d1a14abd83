// Package words finds text as whole words and measures how far apart two
// strings are, for the evaluation's claim checker, the index and the
// offline analyzer. (blogapp/fixture keeps its own copy, containsWord: the sample
// app's source is the corpus of the index's recorded search figures, which
// any edit of it moves.)
package words

import "strings"

// Contains reports whether s holds part at a place where part's
// identifier characters at either end are not continued by s's: "DEL" is
// not in "DELETE", "Only" is in "Only POST", ":name" is in "x:name".
func Contains(s, part string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], part)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(part)
		before := start == 0 || part == "" || !IsIdentByte(part[0]) || !IsIdentByte(s[start-1])
		after := end == len(s) || part == "" || !IsIdentByte(part[len(part)-1]) || !IsIdentByte(s[end])
		if before && after {
			return true
		}
		i = start + 1
	}
}

// IsIdentByte reports whether b can be part of a Go identifier (ASCII).
func IsIdentByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
