package offline

import (
	"go/ast"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A file opened for writing with os.OpenFile but without os.O_CREATE is
// never made: opening a new one fails with "no such file or directory",
// wherever its directory is. The flags are the fix, not the path.

// openWithoutCreate returns the one os.OpenFile call, in the functions
// the request reached, that opens a file for writing without
// os.O_CREATE.
func (a *analysis) openWithoutCreate() (sourceLine, string, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, "", false
	}
	var found []sourceLine
	var flags string
	reach := src.mod.RequestReach(a.r)
	{
		// An implementation the reach did not follow: the module's
		// functions whose wrap made the message.
		reach = append(reach, a.funcsWrappingMessage()...)
	}
	seen := map[*ast.FuncDecl]bool{}
	for _, ref := range reach {
		if seen[ref.Decl] || ref.Decl.Body == nil {
			continue
		}
		seen[ref.Decl] = true
		f := src.viewOf(ref.File)
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if pkg, isPkg := selX(sel); !ok || !isPkg || pkg != "os" || sel.Sel.Name != "OpenFile" {
				return true
			}
			text := src.exprText(f, call.Args[1])
			writes := strings.Contains(text, "O_WRONLY") || strings.Contains(text, "O_RDWR")
			if writes && !strings.Contains(text, "O_CREATE") {
				found = append(found, src.lineAt(f, call.Pos(), appsource.FuncName(ref.Decl)))
				flags = text
			}
			return true
		})
	}
	if len(found) != 1 {
		return sourceLine{}, "", false
	}
	return found[0], flags, true
}

// funcsWrappingMessage returns the functions of wrapsGivingMessage.
func (a *analysis) funcsWrappingMessage() []appsource.FuncRef {
	src := a.app()
	var out []appsource.FuncRef
	for _, w := range a.wrapsGivingMessage() {
		if f, fd := src.mod.FuncAt(w.Line.Path, w.Line.Line); fd != nil {
			out = append(out, appsource.FuncRef{File: f, Decl: fd})
		}
	}
	return out
}

// wrapsGivingMessage returns the module's fmt.Errorf calls of an error
// with a verb other than %w that give the failure's message, or whose
// format's words before its first verb the message holds.
func (a *analysis) wrapsGivingMessage() []textWrap {
	src := a.app()
	var out []textWrap
	msg := a.r.Error.Message + "\n" + a.fromLog
	for _, w := range src.textWraps() {
		lead, _ := strconv.Unquote(w.Format)
		if i := strings.IndexByte(lead, '%'); i >= 0 {
			lead = lead[:i]
		}
		if a.wrapGivesMessage(w) || len(strings.TrimSpace(lead)) >= minFormatText && strings.Contains(msg, lead) {
			out = append(out, w)
		}
	}
	return out
}

// selX returns the package name a selector is taken from (os of
// os.OpenFile).
func selX(sel *ast.SelectorExpr) (string, bool) {
	if sel == nil {
		return "", false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", false
	}
	return id.Name, true
}
