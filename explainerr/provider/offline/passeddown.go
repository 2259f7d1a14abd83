package offline

import (
	"go/ast"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A nil value is often passed down several calls as a parameter of each
// (db in selectUser, SelectUserByName, ... from env.pool in the handler):
// the frames outward say, call by call, what each caller passed, up to
// the expression that is not a parameter of its function, where the nil
// was made or left.

// maxPassedHops bounds how many frames outward passedDown follows.
const maxPassedHops = 4

// passedDown follows param, a parameter of the function of frame fr that
// it passed on unchanged, to the frames outward: it returns the first
// argument that is no parameter of its own function, and the frame that
// passes it; false when the frames do not show one.
func (a *analysis) passedDown(fr *report.Frame, param string) (string, *report.Frame, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return "", nil, false
	}
	frames := a.r.AppFrames()
	at := -1
	for i := range frames {
		if frames[i].File == fr.File && frames[i].Line == fr.Line {
			at = i
		}
	}
	for hop := 0; at >= 0 && at+1 < len(frames) && hop < maxPassedHops; hop++ {
		inner, outer := frames[at], frames[at+1]
		_, fd := src.mod.FuncAt(inner.File, inner.Line)
		i := paramIndex(fd, param)
		if i < 0 {
			return "", nil, false
		}
		arg := ""
		lines := src.mod.FileAt(outer.File)
		if lines == nil || outer.Line < 1 || outer.Line > len(lines.Lines()) {
			return "", nil, false
		}
		for _, call := range linefacts.Analyze(lineSource(lines.Lines(), outer.Line)).Calls {
			if call.Name == fd.Name.Name && i < len(call.Args) {
				arg = strings.TrimSpace(call.Args[i])
			}
		}
		if arg == "" {
			return "", nil, false
		}
		_, ofd := src.mod.FuncAt(outer.File, outer.Line)
		if !isIdent(arg) || paramIndex(ofd, arg) < 0 {
			f := frames[at+1]
			return arg, &f, true
		}
		param, at = arg, at+1
	}
	return "", nil, false
}

// paramIndex returns the place of param among fd's parameters, -1 when
// it is none of them.
func paramIndex(fd *ast.FuncDecl, param string) int {
	if fd == nil || fd.Type.Params == nil {
		return -1
	}
	i := 0
	for _, fl := range fd.Type.Params.List {
		if len(fl.Names) == 0 {
			i++
		}
		for _, n := range fl.Names {
			if n.Name == param {
				return i
			}
			i++
		}
	}
	return -1
}

// passedDownSays writes where a parameter passed down several calls came
// from (passedDown) and, for a field of a parameter or receiver of a
// module struct type, the places that build that type without it.
func (a *analysis) passedDownSays(param, expr string, at *report.Frame) {
	src := a.app()
	a.why(code(param) + " is passed down unchanged from " + code(shortFunction(at.Function)) + ", which passes " + code(expr) + " at " + code(a.fileLoc(at.File, at.Line)) + ".")
	if strings.Count(expr, ".") != 1 {
		return
	}
	root, field := linefacts.RootIdent(expr), lastSelector(expr)
	_, fd := src.mod.FuncAt(at.File, at.Line)
	typ := ""
	if fd != nil && fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 && fd.Recv.List[0].Names[0].Name == root {
		typ = typeName(fd.Recv.List[0].Type)
	} else if fd != nil {
		for _, fl := range fd.Type.Params.List {
			for _, n := range fl.Names {
				if n.Name == root {
					typ = typeName(fl.Type)
				}
			}
		}
	}
	if typ == "" {
		return
	}
	a.fieldOriginSays(filepath.Dir(at.File), typ, field)
}

// lineSource is the source of a module file's line, for linefacts: the
// line alone, or the statement it opens when it spans a few lines.
func lineSource(lines []string, line int) *report.Source {
	end := min(line+maxStatementLines, len(lines))
	return &report.Source{StartLine: line, Lines: lines[line-1 : end], Line: line}
}

// maxStatementLines bounds the lines after a call's line that lineSource
// gives, for a call written over several lines.
const maxStatementLines = 4
