package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// discardOnPath adds, for a statement that referred to a row that does not
// exist, the first function the request reached (appsource's Reach: the
// frames' functions and what they call, through interfaces too, nearest
// the innermost frame first) that drops an error while keeping the
// call's value: that value, zero when the call
// failed, may be what the statement was given. It reports whether it
// found one.
func (a *analysis) discardOnPath() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	// The logged stack's frames too: a helper may have written the status.
	for _, ref := range src.mod.Reach(a.stackFrames()) {
		for _, d := range src.mod.Discards(ref) {
			if d.Call == "" || !src.discardsAnError(d.Call) {
				continue
			}
			at := a.cite(originLine(ref, d.Line))
			v := d.LHS[0]
			dropped, instead := a.droppedHow(d)
			a.why(code(appsource.FuncName(ref.Decl)) + " " + dropped + " " + code(d.Call) + " at " + at + ": when that call fails (nothing found, say), " + code(v) + " keeps its zero value, and a statement given it (an id of 0, an empty id) refers to a row that does not exist.")
			a.fix("Check the error of " + code(d.Call) + " at " + code(a.fileLoc(ref.File.Path, d.Line)) + " " + instead + ": when nothing is found, answer 404 (or 400) before writing.")
			return true
		}
	}
	return false
}

// stdErrorReturners are standard library functions, by package and name
// prefix, whose last result is an error.
var stdErrorReturners = []string{"strconv.", "time.Parse", "url.Parse", "json.", "http.NewRequest", "os.Open", "os.Create", "os.ReadFile", "os.Stat", "uuid.Parse", "net.", "io.ReadAll", "filepath.Abs", "regexp.Compile", "template.New", "mail.ParseAddress"}

// discardsAnError reports whether the value a call's "_" drops is known to
// be an error: the module's functions of the call's name all end their
// results with error, or a standard library function does; a method of a
// library the module does not show (ua.Browser(), whose second result is a
// version) is not taken for one.
func (s *appSource) discardsAnError(call string) bool {
	head := call
	if i := strings.IndexByte(head, '('); i >= 0 {
		head = head[:i]
	}
	for _, p := range stdErrorReturners {
		if strings.HasPrefix(head, p) {
			return true
		}
	}
	name := head
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	var sigs []*ast.FuncType
	for _, d := range s.funcs(name, "") {
		sigs = append(sigs, d.fd.Type)
	}
	if len(sigs) == 0 {
		sigs = s.interfaceMethods(name)
	}
	if len(sigs) == 0 {
		return false
	}
	for _, ft := range sigs {
		res := ft.Results
		if res == nil || len(res.List) == 0 {
			return false
		}
		if id, ok := res.List[len(res.List)-1].Type.(*ast.Ident); !ok || id.Name != "error" {
			return false
		}
	}
	return true
}

// interfaceMethods returns the signatures of the module's interface
// methods called name.
func (s *appSource) interfaceMethods(name string) []*ast.FuncType {
	var out []*ast.FuncType
	for _, f := range s.files {
		ast.Inspect(f.syntax(), func(n ast.Node) bool {
			it, ok := n.(*ast.InterfaceType)
			if !ok {
				return true
			}
			for _, m := range it.Methods.List {
				if ft, ok := m.Type.(*ast.FuncType); ok && len(m.Names) == 1 && m.Names[0].Name == name {
					out = append(out, ft)
				}
			}
			return false
		})
	}
	return out
}

// droppedHow says how a discard drops its call's error, for "F ___
// `call`", and what checking it replaces: "_", or a variable assigned
// again before anything reads it.
func (a *analysis) droppedHow(d appsource.Discard) (dropped, instead string) {
	if d.Overwritten == 0 {
		return "drops the error of", "instead of discarding it with " + code("_")
	}
	a.g.Add(d.Err)
	if d.Overwritten >= a.app().mod.Fset.Position(d.Func.Decl.Body.Rbrace).Line {
		return "never checks the error of", "right after the call (" + code(d.Err) + " is not read before the function ends)"
	}
	return "never checks the error of", "right after the call (" + code(d.Err) + " is assigned again at " + code(a.fileLoc(d.Func.File.Path, d.Overwritten)) + " before anything reads it)"
}
