package appsource

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A generated Go file made from a template of its own language (templ's
// navbar.partial.templ makes navbar.partial_templ.go, quicktemplate's
// page.qtpl makes page.qtpl.go, a protocol buffer's foo.proto foo.pb.go)
// is fixed in that template, not in the Go code: a frame in the generated
// file is read again in the template, at the line that writes the same
// expression.

// reSourceComment is the line of a generated file's header that names
// what it was made from ("// source: api/foo.proto").
var reSourceComment = regexp.MustCompile(`^//\s*source:\s*(\S+)\s*$`)

// TemplateSource returns where the generated module file at path (absolute)
// was made from, at the line that best matches text, the generated line's
// code: the file its header names as its source, else the one beside it
// whose name the generated file's extends ("x.templ" of "x_templ.go",
// "x.qtpl" of "x.qtpl.go"). It is false for a file written by hand, for
// a source that is itself Go, and for a line that shares no expression
// with the source's.
func (m *Module) TemplateSource(path, text string) (SourceLine, bool) {
	at, _, _, ok := m.templateSource(path, text)
	return at, ok
}

// templateSource is TemplateSource with the template's size and lines,
// read once for both.
func (m *Module) templateSource(path, text string) (SourceLine, int, []string, bool) {
	f := m.FileAt(path)
	if _, gen := m.GeneratedBy(path); !gen || f == nil {
		return SourceLine{}, 0, nil, false
	}
	src := ""
	for _, l := range f.Lines()[:min(12, len(f.Lines()))] {
		if mm := reSourceComment.FindStringSubmatch(strings.TrimSpace(l)); mm != nil {
			src = m.sourceNamed(filepath.Dir(path), mm[1])
		}
	}
	if src == "" {
		src = besideSource(path)
	}
	if src == "" || strings.HasSuffix(src, ".go") || !strings.HasPrefix(src, m.Root+string(filepath.Separator)) {
		return SourceLine{}, 0, nil, false
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return SourceLine{}, 0, nil, false
	}
	best, bestLen := 0, 0
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	for i, l := range lines {
		if n := commonCode(l, text); n > bestLen {
			best, bestLen = i+1, n
		}
	}
	if bestLen < 6 {
		return SourceLine{}, 0, nil, false
	}
	return SourceLine{Path: src, Line: best, Text: strings.TrimSpace(lines[best-1])}, len(data), lines, true
}

// sourceNamed returns the module file a generated file's header names,
// relative to the generated file's directory or to the module's root.
func (m *Module) sourceNamed(dir, name string) string {
	for _, p := range []string{filepath.Join(dir, name), filepath.Join(m.Root, filepath.FromSlash(name))} {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

// besideSource returns the file beside the generated Go file at path whose
// name, its extension joined by "_" or "." and ".go" added, is the
// generated file's: "navbar.partial.templ" of "navbar.partial_templ.go".
func besideSource(path string) string {
	dir, base := filepath.Split(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range entries {
		name := e.Name()
		ext := filepath.Ext(name)
		if e.IsDir() || ext == "" || ext == ".go" {
			continue
		}
		stem := strings.TrimSuffix(name, ext)
		if base == stem+"_"+ext[1:]+".go" || base == name+".go" {
			return filepath.Join(dir, name)
		}
	}
	return ""
}

// commonCode is the length of the longest run of bytes two lines share,
// white space aside at their ends, counting only a run that holds a
// letter: the expression a template writes and its generated code keeps.
func commonCode(a, b string) int {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == "" || b == "" {
		return 0
	}
	best := 0
	prev := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
				if cur[j] > best && strings.ContainsAny(a[i-cur[j]:i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") && strings.ContainsAny(a[i-cur[j]:i], "([.") {
					best = cur[j]
				}
			}
		}
		prev = cur
	}
	return best
}

// templateSourceChunk returns the template a generated frame's file was
// made from, around the line that writes the frame's expression, as a
// template chunk.
func (m *Module) templateSourceChunk(fr report.Frame) (report.Chunk, bool) {
	path := fr.File
	f := m.FileAt(path)
	if f == nil || fr.Line < 1 || fr.Line > len(f.Lines()) {
		return report.Chunk{}, false
	}
	at, size, lines, ok := m.templateSource(path, f.Lines()[fr.Line-1])
	if !ok {
		return report.Chunk{}, false
	}
	return m.templateChunk(at.Path, size, lines, at.Line, filepath.Base(at.Path), report.ReasonTemplate), true
}
