package offline

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// BenchmarkFirstFailureAfterRestart measures what the first failure of a
// process costs in a module: the static context (appsource.Static) and
// the offline explanation (Analyze), the module understanding included.
// Each round starts as a new process does, with nothing in memory:
//
//   - cold: without a persisted understanding (.explainerr/understanding.json
//     removed), as the very first run in a checkout;
//   - edited: with the understanding persisted by the previous round and
//     the failing file edited since (a comment appended), as a restart
//     after an edit does.
//
// The failure is a returned error whose message one of the module's
// fmt.Errorf or errors.New calls makes (the analyzer and the static
// context look for its origin across the module), and a nil map written
// at the same line (they look for the receiver's constructors).
//
// EXPLAINERR_BENCH_MODULE names a writable module checkout to measure
// (scripts/measure-understanding.sh passes a copy of each checkout);
// without it, a copy of the sample blog in a temporary directory.
func BenchmarkFirstFailureAfterRestart(b *testing.B) {
	root := benchModule(b)
	site := failingSite(b, root)
	for _, state := range []string{"cold", "edited"} {
		for _, kind := range []string{"error", "nilmap"} {
			b.Run(state+"/"+kind, func(b *testing.B) {
				r := site.report(kind)
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					b.StopTimer()
					if state == "cold" {
						os.Remove(filepath.Join(root, ".explainerr", "understanding.json"))
					} else {
						appsource.Load(site.file) // the previous run's understanding, persisted
						appendLine(b, site.file, fmt.Sprintf("// edit %d", i))
					}
					appsource.Forget()
					b.StartTimer()
					appsource.Static(r)
					if Analyze(r) == "" {
						b.Fatal("no explanation")
					}
				}
			})
		}
	}
}

// benchModule returns the root of the module to measure.
func benchModule(b *testing.B) string {
	if dir := os.Getenv("EXPLAINERR_BENCH_MODULE"); dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			b.Fatal(err)
		}
		return abs
	}
	root := b.TempDir()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "blogapp", "app", "*.go"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no sample blog: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		writeBenchFile(b, filepath.Join(root, filepath.Base(f)), data)
	}
	writeBenchFile(b, filepath.Join(root, "go.mod"), []byte("module example.com/blogapp\n"))
	return root
}

func writeBenchFile(b *testing.B, path string, data []byte) {
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
}

func appendLine(b *testing.B, path, line string) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("\n" + line + "\n"); err != nil {
		b.Fatal(err)
	}
}

// benchSite is the failing line of the measured failure.
type benchSite struct {
	file, function, message string
	line                    int
	lines                   []string
}

// reBenchVerb matches a formatting verb, to make a message of a format.
var reBenchVerb = regexp.MustCompile(`%[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]`)

// failingSite picks, in the module at root, a method's fmt.Errorf or
// errors.New call with a distinctive format (the middle one of the
// module's, in file order; a function's when no method has one), and the
// message it makes.
func failingSite(b *testing.B, root string) benchSite {
	gomod := filepath.Join(root, "go.mod")
	m := appsource.Load(gomod)
	if m == nil {
		if m = anyModuleFile(b, root); m == nil {
			b.Fatalf("no Go module at %s", root)
		}
	}
	var methods, funcs []appsource.ErrorMaker
	for _, em := range m.ErrorMakers() {
		switch own := len(reBenchVerb.ReplaceAllString(em.Format, "")); {
		case strings.Contains(em.Func, ".") && own >= 20:
			methods = append(methods, em)
		case em.Func != "" && own >= 12:
			funcs = append(funcs, em)
		}
	}
	picks := methods
	if len(picks) == 0 {
		picks = funcs
	}
	if len(picks) == 0 {
		b.Fatalf("no function of %s makes an error with a format", root)
	}
	em := picks[len(picks)/2]
	format := strings.Trim(em.Format, "\"`")
	msg := reBenchVerb.ReplaceAllStringFunc(format, func(v string) string {
		if strings.HasSuffix(v, "d") {
			return "7"
		}
		return "lost"
	})
	if !appsource.FormatMatches(em.Format, msg, 1) {
		b.Fatalf("made message %q does not match %s", msg, em.Format)
	}
	pkg := strings.TrimSuffix(m.Path+"/"+filepath.ToSlash(filepath.Dir(m.Rel(em.File.Path))), "/.")
	return benchSite{file: em.File.Path, function: pkg + "." + em.Func, message: msg, line: em.Line, lines: em.File.Lines()}
}

// anyModuleFile loads the module from its first Go file below root.
func anyModuleFile(b *testing.B, root string) *appsource.Module {
	var m *appsource.Module
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && m == nil && strings.HasSuffix(path, ".go") {
			m = appsource.Load(path)
		}
		return nil
	})
	return m
}

// report is the failure of kind ("error" or "nilmap") at the site.
func (s benchSite) report(kind string) *report.Report {
	start := max(1, s.line-5)
	end := min(len(s.lines), s.line+5)
	fr := report.Frame{Function: s.function, File: s.file, Line: s.line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: start, Lines: s.lines[start-1 : end], Line: s.line}}
	e := report.Error{Kind: report.KindError, Type: "*fmt.wrapError", Message: s.message}
	if kind == "nilmap" {
		e = report.Error{Kind: report.KindPanic, Type: "runtime.plainError", Message: "assignment to entry in nil map"}
	}
	return &report.Report{Error: e, Frames: []report.Frame{fr}}
}
