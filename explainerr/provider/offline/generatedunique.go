package offline

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A unique violation on a value the app makes itself (an id or a code
// drawn from a generator) is no duplicate the client sent: the generator
// gave a value already taken. A 409 would answer the client for the
// app's fault.

// generatedValue is where a function the request reached sets the
// violated column's field from a call of its own.
type generatedValue struct {
	at   sourceLine
	call string
	// copied is, for a row's own id set from another value's id
	// (Id: checkin.Id), that value as written; call is then "".
	copied string
}

// requestReaders are the calls that read the request, whose values are
// the client's.
var requestReaders = compiled(`(?i)(?:FormValue|PostFormValue|Query|Param|URLParam|PathValue|Bind\w*|Decode|Unmarshal|Header|Cookie|GetString|Get)$`)

// generatedColumnValue returns where a function the request reached sets
// the field that stands for column (tracking_id: TrackingID) from a call
// that does not read the request.
func (a *analysis) generatedColumnValue(column string) (generatedValue, bool) {
	src := a.app()
	if src == nil || src.mod == nil || column == "" {
		return generatedValue{}, false
	}
	want := strings.ToLower(strings.ReplaceAll(column, "_", ""))
	fieldIs := func(e ast.Expr) bool {
		var name string
		switch x := e.(type) {
		case *ast.Ident:
			name = x.Name
		case *ast.SelectorExpr:
			name = x.Sel.Name
		default:
			return false
		}
		return strings.ToLower(name) == want
	}
	generated := func(e ast.Expr) (string, bool) {
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && want == "id" && strings.EqualFold(sel.Sel.Name, "id") {
			// The new row's own id copied from another value's: the
			// row every such copy makes has the same id.
			return copiedMark + types.ExprString(sel), true
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return "", false
		}
		name := appsource.CalleeName(call.Fun)
		if name == "" || requestReaders.MatchString(name) {
			return "", false
		}
		return name, true
	}
	// The functions the request reached first; when the stack lost the
	// handler, the module's only function that sets the field so.
	if g, ok := generatedIn(src, a.reached(), fieldIs, generated); ok {
		return g, true
	}
	var only []generatedValue
	src.eachDecl(func(f *appFile, d ast.Decl, _ string) {
		if fd, isFunc := d.(*ast.FuncDecl); isFunc && f.src != nil && !strings.HasSuffix(f.path, "_test.go") {
			if g, ok := generatedIn(src, []appsource.FuncRef{{File: f.src, Decl: fd}}, fieldIs, generated); ok {
				only = append(only, g)
			}
		}
	})
	if len(only) == 1 {
		return only[0], true
	}
	return generatedValue{}, false
}

// copiedMark starts what generated returns for a copied id.
const copiedMark = "copied:"

// generatedIn returns the first place in refs that sets a field fieldIs
// accepts from a call generated accepts.
func generatedIn(src *appSource, refs []appsource.FuncRef, fieldIs func(ast.Expr) bool, generated func(ast.Expr) (string, bool)) (generatedValue, bool) {
	for _, ref := range refs {
		if ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		var found generatedValue
		ok := false
		f := src.viewOf(ref.File)
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			if ok {
				return false
			}
			switch x := n.(type) {
			case *ast.KeyValueExpr:
				if fieldIs(x.Key) {
					if name, gen := generated(x.Value); gen {
						found, ok = newGeneratedValue(src.lineAt(f, x.Pos(), appsource.FuncName(ref.Decl)), name), true
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if _, isSel := l.(*ast.SelectorExpr); isSel && fieldIs(l) && i < len(x.Rhs) {
						if name, gen := generated(x.Rhs[i]); gen {
							found, ok = newGeneratedValue(src.lineAt(f, x.Pos(), appsource.FuncName(ref.Decl)), name), true
						}
					}
				}
			}
			return !ok
		})
		if ok {
			return found, true
		}
	}
	return generatedValue{}, false
}

// explainGeneratedDuplicate says that the violated column's value was
// made by the app's own call, g (generatedColumnValue). It reports that
// it did.
func (a *analysis) explainGeneratedDuplicate(g generatedValue) bool {
	if g.copied != "" {
		a.g.Add(g.copied)
		a.why("The value is set by the app, not sent by the client: " + a.cite(g.at) + " gives the new row the id of another value, " + code(g.copied) + ", which every row made there shares: the first one took it.")
		a.fix("Leave the id out of the new row at " + code(a.fileLoc(g.at.Path, g.at.Line)) + ", so that the database gives it one; answering 409 would blame the client for it.")
		return true
	}
	a.g.Add(g.call)
	a.why("The value is made by the app, not sent by the client: " + a.cite(g.at) + " sets it from " + code(g.call) + ", which gave a value a row already has.")
	if l, ok := a.fixedSeed(g.call); ok {
		a.why(code(g.call) + " draws from a random source seeded with a constant, at " + a.cite(l) + ": it gives the same values at every start, so the rows an earlier run made already have them.")
		a.fix("Seed that source from something that changes (the time, or crypto/rand) at " + code(a.fileLoc(l.Path, l.Line)) + ", or make the values with crypto/rand; answering 409 would blame the client for it.")
		return true
	}
	a.fix("Make " + code(g.call) + " give values that are not taken (a random source seeded once per process, or a UUID), or retry with a new value when the insert meets the constraint; answering 409 would blame the client for it.")
	return true
}

// newGeneratedValue is the generated value at, from what generated
// returned: a call's name, or a copied id after copiedMark.
func newGeneratedValue(at sourceLine, name string) generatedValue {
	if v, ok := strings.CutPrefix(name, copiedMark); ok {
		return generatedValue{at: at, copied: v}
	}
	return generatedValue{at: at, call: name}
}
