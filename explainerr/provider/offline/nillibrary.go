package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A library that takes a value in its options (a logger, a client) and
// calls its methods panics inside those methods when the app left the
// value out: the innermost frames are methods of one pointer type of
// another package (log/slog's (*Logger).Handler, then Enabled, then
// InfoContext), called by the library's own code, and no frame of the
// app's is near. The value is the library's, and the app gave it: the
// fix is in the literal of the library's options that leaves it out.

// methodFrameRe splits a frame's function into its package path and its
// pointer receiver type: "log/slog.(*Logger).Handler".
var methodFrameRe = regexp.MustCompile(`^(.*?)([\w-]+)\.\(\*(\w+)\)\.\w+$`)

// libraryNilValue is a nil value of type Pkg.Type that a library
// (Library, the package of the frame Caller) called methods on.
type libraryNilValue struct {
	Pkg, Type string
	Caller    report.Frame
	Library   string
}

// nilInLibrary finds, for a nil dereference, the nil value of the
// innermost frames' pointer type that a library's frame called methods
// on; false when the innermost frames are not such methods or an app
// frame called them.
func (a *analysis) nilInLibrary() (libraryNilValue, bool) {
	fr := a.r.Frames
	if len(fr) < 2 {
		return libraryNilValue{}, false
	}
	m := methodFrameRe.FindStringSubmatch(fr[0].Function)
	if m == nil || fr[0].Kind == report.FrameApp {
		return libraryNilValue{}, false
	}
	head := m[1] + m[2] + ".(*" + m[3] + ")."
	i := 1
	for i < len(fr) && strings.HasPrefix(fr[i].Function, head) {
		i++
	}
	if i >= len(fr) || fr[i].Kind != report.FrameDependency {
		return libraryNilValue{}, false
	}
	lib := strings.ReplaceAll(fr[i].Function, "[...]", "")
	if j := strings.LastIndexByte(lib, '/'); j >= 0 {
		lib = lib[j+1:]
	}
	lib, _, _ = strings.Cut(lib, ".")
	return libraryNilValue{Pkg: m[2], Type: m[3], Caller: fr[i], Library: lib}, true
}

// explainNilInLibrary explains a nil value a library called methods on,
// with the app's literals of the library's types that leave out a field
// named as the value's type (Logger for a *slog.Logger). It reports
// whether it did.
func (a *analysis) explainNilInLibrary() bool {
	v, ok := a.nilInLibrary()
	if !ok {
		return false
	}
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	holders := libraryTypesHolding(filepath.Dir(v.Caller.File), v.Pkg, v.Type)
	if len(holders) == 0 {
		return false
	}
	var left []sourceLine
	for _, f := range src.files {
		if strings.HasSuffix(f.path, "_test.go") || !appsource.LinesHold(f.text(), v.Library+".") {
			continue
		}
		ast.Inspect(f.syntax(), func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || lit.Type == nil || len(lit.Elts) == 0 {
				return true
			}
			if typ := astutil.SelectorChain(lit.Type); !strings.HasPrefix(typ, v.Library+".") || !holders[strings.TrimPrefix(typ, v.Library+".")] {
				return true
			}
			if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); !keyed || litSets(lit, v.Type) {
				return true
			}
			fn := ""
			if _, fd := src.funcAt(f.path, src.fset.Position(lit.Pos()).Line); fd != nil {
				fn = funcName(fd)
			}
			left = append(left, src.lineAt(f, lit.Pos(), fn))
			return true
		})
	}
	if len(left) != 1 {
		return false
	}
	l := left[0]
	typ := "*" + v.Pkg + "." + v.Type
	a.culprit = v.Type
	a.g.Add(v.Type, typ, v.Library)
	a.headline("A nil " + code(typ) + " inside the library " + code(v.Library) + ": the app's options leave out " + code(v.Type))
	a.why("The panic is in the methods of " + code(typ) + ", which " + code(qualifiedShort(v.Caller.Function)) + " (" + code(v.Library) + ", a library) called at " + code(a.fileLoc(v.Caller.File, v.Caller.Line)) + " on a " + code(typ) + " that is " + code("nil") + ": the library holds the value, and the app gives it.")
	a.why("The app gives " + code(v.Library) + " its options at " + a.cite(l) + ", a literal that sets no " + code(v.Type) + ".")
	a.fix("Set " + code(v.Type) + " in the literal at " + code(a.fileLoc(l.Path, l.Line)) + " (the " + code(typ) + " the app means the library to use).")
	return true
}

// libraryTypesHolding returns the struct types, declared in the Go files
// of a library's directory (outside tests), that have a field of type
// *pkg.typ: the options through which an app gives the library that
// value. The directory is the one a frame of the library's names, in the
// module cache; only its declarations are parsed.
func libraryTypesHolding(dir, pkg, typ string) map[string]bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					if star, ok := fl.Type.(*ast.StarExpr); ok && astutil.SelectorChain(star.X) == pkg+"."+typ {
						out[ts.Name.Name] = true
					}
				}
			}
		}
	}
	return out
}
