package stack

import "io"

// ParseDump reads a crash dump with the default options, as the tests and
// the fuzz target do.
func ParseDump(r io.Reader, c *Classifier) (*Dump, error) {
	return ParseDumpWith(r, c, DumpOptions{})
}
