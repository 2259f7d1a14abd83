package web

import "bytes"

// csvBuffer collects an export before anything is written, so that a
// failed export is answered with an error rather than half a file.
type csvBuffer struct{ bytes.Buffer }
