package stack

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr/report"
)

// DefaultRadius is how many lines of source are shown on each side of a
// frame's line.
const DefaultRadius = 5

// maxSourceFile is the largest source file Sources will read.
const maxSourceFile = 4 << 20

// Sources reads source files once and serves windows of their lines. It is
// safe for concurrent use. Files that cannot be read are remembered as such.
type Sources struct {
	mu    sync.RWMutex
	files map[string][]string // nil slice: unreadable
}

// NewSources returns an empty source cache.
func NewSources() *Sources { return &Sources{files: map[string][]string{}} }

// Lines returns the lines of file, reading it on first use; nil when the
// file cannot be read or is not a Go source file (see isGoSourceName).
func (s *Sources) Lines(file string) []string {
	s.mu.RLock()
	lines, ok := s.files[file]
	s.mu.RUnlock()
	if ok {
		return lines
	}
	lines = readLines(file)
	s.mu.Lock()
	s.files[file] = lines
	s.mu.Unlock()
	return lines
}

func readLines(file string) []string {
	if !isGoSourceName(file) {
		return nil
	}
	st, err := os.Stat(file)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxSourceFile {
		return nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	data = bytes.TrimSuffix(data, []byte("\n"))
	parts := bytes.Split(data, []byte("\n"))
	lines := make([]string, len(parts))
	for i, p := range parts {
		lines[i] = string(bytes.TrimSuffix(p, []byte("\r")))
	}
	return lines
}

// Window returns radius lines on each side of line in file, or nil when the
// file or the line is not available.
func (s *Sources) Window(file string, line, radius int) *report.Source {
	lines := s.Lines(file)
	if line < 1 || line > len(lines) {
		return nil
	}
	start := max(1, line-radius)
	end := min(len(lines), line+radius)
	return &report.Source{StartLine: start, Lines: lines[start-1 : end], Line: line}
}

// Attach fills Source for every app frame of frames that has none.
func (s *Sources) Attach(frames []report.Frame, radius int) {
	for i := range frames {
		if frames[i].Kind == report.FrameApp && frames[i].Source == nil {
			frames[i].Source = s.Window(frames[i].File, frames[i].Line, radius)
		}
	}
}

// isGoSourceName reports whether file names a Go source file the way a
// compiler records one: a clean path ending in ".go", with no ".." inside
// it (a relative path may start with ".." elements, as Clean leaves them).
// Frames name files at will in a crash dump, and only Go source is ever
// shown.
func isGoSourceName(file string) bool {
	return strings.HasSuffix(file, ".go") && filepath.Clean(file) == file
}
