package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The passes' test data, in the manner of x/tools' analysistest: each
// directory testdata/passes/<pass name>/ is a small module's source. A Go
// file that holds a failure directive is one case:
//
//	//explainerr:failure panic runtime.boundsError runtime error: index out of range [5] with length 3
//
// (the report's kind, the error's Go type, its message, which may be a
// quoted Go string when it spans lines). Frames the failure ran through
// inside the failing line's call, innermost first, are given as
//
//	//explainerr:inner stdlib runtime.cgocall /usr/local/go/src/runtime/cgocall.go:167
//
// (the frame's kind, function, file and line), and the app's recoverer
// that took a panic's value, when one did, as
//
//	//explainerr:recoverer main.recoverPanics.func1
//
// The failing
// line carries the findings expected in the explanation, as regular
// expressions in Go string syntax:
//
//	return items[i] // want `index \x60i\x60` "bounds check"
//
// The driver writes the directory to a temporary module (with a go.mod of
// example.com/app unless it has one), without the directives and the want
// comments, builds the report of a failure at that line of its enclosing
// function, and checks that the pass named by the directory recognises the
// failure, that the explanation matches every want, and that a pass that
// does not declare needModule does not load the module understanding.

// failureDirective is the comment that describes a case's failure.
const failureDirective = "//explainerr:failure "

// innerDirective is the comment that adds a frame inside the failing line.
const innerDirective = "//explainerr:inner "

// recovererDirective is the comment that names the recoverer that took
// the panic's value.
const recovererDirective = "//explainerr:recoverer "

// wantComment matches the expectations on a failing line.
var wantComment = regexp.MustCompile(`\s*// want (.*)$`)

// passCase is one failure of a pass's test data.
type passCase struct {
	file  string // absolute, in the temporary module
	line  int
	err   report.Error
	inner []report.Frame
	wants []*regexp.Regexp
}

func TestPasses(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("testdata", "passes"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		t.Run(d.Name(), func(t *testing.T) {
			p := passNamed(d.Name())
			if p == nil {
				t.Fatalf("testdata/passes/%s names no pass", d.Name())
			}
			cases := writePassModule(t, filepath.Join("testdata", "passes", d.Name()))
			if len(cases) == 0 {
				t.Fatalf("testdata/passes/%s has no %s case", d.Name(), strings.TrimSpace(failureDirective))
			}
			for _, c := range cases {
				r := &report.Report{
					Error:   c.err,
					Frames:  slices.Concat(c.inner, []report.Frame{passFrame(t, c.file, c.line)}, serveFrames()),
					Request: report.Request{Method: "GET", URL: "/"},
				}
				a := newAnalysis(r)
				if got := a.f.Class; !slices.Contains(p.classes, got) {
					t.Errorf("%s:%d: the failure is %s, which pass %s does not recognise", filepath.Base(c.file), c.line, got, p.name)
				}
				text := a.explain()
				if readsModule(r, p) && !slices.Contains(p.needs, needModule) {
					t.Errorf("%s:%d: pass %s read the module understanding, which it does not declare it needs", filepath.Base(c.file), c.line, p.name)
				}
				for _, w := range c.wants {
					if !w.MatchString(text) {
						t.Errorf("%s:%d: the explanation does not match %q:\n%s", filepath.Base(c.file), c.line, w, text)
					}
				}
			}
		})
	}
}

// readsModule reports whether p's explain step, run on r after the
// location section, loads the module understanding.
func readsModule(r *report.Report, p *pass) bool {
	a := newAnalysis(r)
	a.where()
	before := a.srcLoaded
	p.explain(a)
	return !before && a.srcLoaded
}

// passNamed returns the registered pass called name, or nil.
func passNamed(name string) *pass {
	for _, p := range passes {
		if p.name == name {
			return p
		}
	}
	return nil
}

// writePassModule writes the test data of dir to a temporary module and
// returns its cases.
func writePassModule(t *testing.T, dir string) []passCase {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/app\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var cases []passCase
	err := filepath.WalkDir(dir, func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out := filepath.Join(root, rel)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text, c := passCaseOf(t, string(data), out)
		if c != nil {
			cases = append(cases, *c)
		}
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, []byte(text), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// passCaseOf returns src without its directive and want comments, and the
// case it describes (nil when it has no failure directive).
func passCaseOf(t *testing.T, src, file string) (string, *passCase) {
	t.Helper()
	lines := strings.Split(src, "\n")
	var c passCase
	found, recoverer := false, ""
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), failureDirective); ok {
			kind, rest, _ := strings.Cut(rest, " ")
			typ, msg, _ := strings.Cut(rest, " ")
			if strings.HasPrefix(msg, `"`) {
				var err error
				if msg, err = strconv.Unquote(msg); err != nil {
					t.Fatalf("%s: failure message: %v", file, err)
				}
			}
			c.err = report.Error{Kind: kind, Type: typ, Message: msg}
			found = true
			lines[i] = ""
			continue
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), recovererDirective); ok {
			recoverer = strings.TrimSpace(rest)
			lines[i] = ""
			continue
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), innerDirective); ok {
			c.inner = append(c.inner, innerFrame(t, file, rest))
			lines[i] = ""
			continue
		}
		if m := wantComment.FindStringSubmatchIndex(l); m != nil {
			if c.line != 0 {
				t.Fatalf("%s: two lines with want comments", file)
			}
			c.line = i + 1
			c.wants = parseWants(t, file, l[m[2]:m[3]])
			lines[i] = l[:m[0]]
		}
	}
	if !found {
		return src, nil
	}
	if c.line == 0 {
		t.Fatalf("%s: a failure directive but no line with a want comment", file)
	}
	c.file = file
	c.err.Recoverer = recoverer
	return strings.Join(lines, "\n"), &c
}

// innerFrame reads the frame of an inner directive: "kind function
// file:line".
func innerFrame(t *testing.T, file, spec string) report.Frame {
	t.Helper()
	f := strings.Fields(spec)
	if len(f) != 3 {
		t.Fatalf("%s: inner frame %q: want kind, function and file:line", file, spec)
	}
	at, lineText, _ := strings.Cut(f[2], ":")
	line, err := strconv.Atoi(lineText)
	if err != nil {
		t.Fatalf("%s: inner frame %q: %v", file, spec, err)
	}
	return report.Frame{Kind: f[0], Function: f[1], File: at, Line: line}
}

// parseWants reads the quoted regular expressions of a want comment.
func parseWants(t *testing.T, file, s string) []*regexp.Regexp {
	t.Helper()
	var out []*regexp.Regexp
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			t.Fatalf("%s: want %s: %v", file, s, err)
		}
		u, _ := strconv.Unquote(q)
		out = append(out, regexp.MustCompile(u))
		s = s[len(q):]
	}
	return out
}

// passFrame is the app frame at line of file, in its enclosing function,
// with the five-line window the middleware gives.
func passFrame(t *testing.T, file string, line int) report.Frame {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, data, 0)
	if err != nil {
		t.Fatal(err)
	}
	fn := ""
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fset.Position(fd.Pos()).Line <= line && line <= fset.Position(fd.End()).Line {
			fn = funcDeclName(fd)
		}
	}
	if fn == "" {
		t.Fatalf("%s:%d is in no function", file, line)
	}
	pkg := "example.com/app/" + f.Name.Name
	if f.Name.Name == "main" {
		pkg = "main"
	}
	lines := strings.Split(string(data), "\n")
	start, end := max(1, line-5), min(len(lines), line+5)
	return report.Frame{Function: pkg + "." + fn, File: file, Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: start, Lines: lines[start-1 : end], Line: line}}
}

// funcDeclName is the name the runtime gives fd: "f", "T.m" or "(*T).m".
func funcDeclName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	switch r := fd.Recv.List[0].Type.(type) {
	case *ast.StarExpr:
		if id, ok := r.X.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + fd.Name.Name
		}
	case *ast.Ident:
		return r.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}
