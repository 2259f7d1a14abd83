package openai

import (
	"fmt"
	"unicode/utf8"
)

// cappedText collects an answer's text up to a byte limit; past it the
// text is cut on a rune boundary and a note saying so is appended.
type cappedText struct {
	limit int
	buf   []byte
	cut   bool
}

// add appends s and returns the part of it that was kept (with the cut
// note when this piece reached the limit); "" once the text is cut.
func (c *cappedText) add(s string) string {
	if c.cut {
		return ""
	}
	room := c.limit - len(c.buf)
	if len(s) <= room {
		c.buf = append(c.buf, s...)
		return s
	}
	for room > 0 && !utf8.RuneStart(s[room]) {
		room--
	}
	kept := s[:room] + c.note()
	c.buf = append(c.buf, kept...)
	c.cut = true
	return kept
}

// note is the line appended to a cut answer.
func (c *cappedText) note() string {
	return fmt.Sprintf("\n\n*(The answer was longer than %d KiB and was cut here.)*", c.limit>>10)
}

// String returns the text kept.
func (c *cappedText) String() string { return string(c.buf) }
