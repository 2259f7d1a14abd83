package offline

import (
	"go/ast"
	"regexp"
	"strings"
)

// A dropped error's fix block is a guess at how the function answers;
// two shapes of the function's own code say it better.
//
// The failing line may be the condition of an if block that already
// answers the failure the value stands for: with the error dropped,
// token, _ := parse(…) leaves token nil and `if !token.Valid { return
// c.NoContent(401) }` reads it. The error joins that condition, and the
// block answers both, as it was written to.
//
// A function that returns one error and writes no response of its own
// (a handler adapted by the app: func(w, r) error) answers through the
// caller that called it: the fix returns the error, and the caller
// answers it as it answers every other (a not-found as 404 where its
// mapping says so), instead of a second answer written here.

// ownCondition returns the condition of the if statement whose condition
// holds the failing line, and the lines of its body, when the body leaves
// (a return ends it), writes nothing with http.Error, and answers a
// failure of the kind client says (a client's 4xx, or the server's).
func (a *analysis) ownCondition(client bool) (cond string, body []string, ok bool) {
	f, fd := a.failingFunc()
	src := a.app()
	if fd == nil || fd.Body == nil || src == nil {
		return "", nil, false
	}
	lines := f.text()
	ast.Inspect(innermostBody(src, fd, a.s.Line), func(n ast.Node) bool {
		if ok {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		is, isIf := n.(*ast.IfStmt)
		if !isIf || is.Init != nil || is.Else != nil || len(is.Body.List) == 0 || len(is.Body.List) > 2 || !leavesBlock(is.Body) {
			return true
		}
		from, to := src.fset.Position(is.Cond.Pos()), src.fset.Position(is.Cond.End())
		if from.Line != a.s.Line || to.Line != a.s.Line || from.Line > len(lines) {
			return true
		}
		text := lines[from.Line-1]
		if to.Column-1 > len(text) {
			return true
		}
		var block []string
		first, last := src.fset.Position(is.Body.List[0].Pos()).Line, src.fset.Position(is.Body.Rbrace).Line-1
		if first < 1 || last > len(lines) || first > last {
			return true
		}
		for _, l := range lines[first-1 : last] {
			block = append(block, "\t"+strings.TrimSpace(l))
		}
		joined := strings.Join(block, "\n")
		if strings.Contains(joined, "http.Error(") || strings.Contains(joined, "panic(") {
			return true
		}
		isClient := clientAnswer.MatchString(joined) && !serverStatus.MatchString(joined)
		if isClient != client || !isClient && !serverAnswer.MatchString(joined) {
			return true
		}
		cond, body, ok = text[from.Column-1:to.Column-1], block, true
		return false
	})
	return cond, body, ok
}

// leavesBlock reports whether a block's last statement is a return.
func leavesBlock(b *ast.BlockStmt) bool {
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// httpErrorCall matches a response written with http.Error.
var httpErrorCall = regexp.MustCompile(`\bhttp\.Error\(`)

// returnsToCaller returns the block that hands a dropped error to the
// caller, when the function holding the failing line returns one error
// and writes no response with http.Error: "return err", saying which
// caller answers it when the trace shows the call.
func (a *analysis) returnsToCaller(head string) ([]string, bool) {
	f, fd := a.failingFunc()
	src := a.app()
	if fd == nil || fd.Body == nil || src == nil || !strings.Contains(head, "err != nil") {
		return nil, false
	}
	body := innermostBody(src, fd, a.s.Line)
	results := resultsOf(fd, body)
	if results == nil || len(results.List) != 1 || len(results.List[0].Names) > 1 || !isErrorType(results.List[0].Type) {
		return nil, false
	}
	start, end := src.fset.Position(body.Lbrace).Line, src.fset.Position(body.Rbrace).Line
	lines := f.text()
	if start < 1 || end > len(lines) || start > end {
		return nil, false
	}
	if httpErrorCall.MatchString(strings.Join(lines[start-1:end], "\n")) {
		return nil, false
	}
	out := []string{head}
	if c := a.s.Caller; c != nil && c.Source != nil {
		if call := strings.TrimSpace(c.Source.LineText()); strings.Contains(call, "err") {
			a.g.Add(call)
			out = append(out, "\t// the caller, "+a.frameName(c)+" at "+a.fileLoc(c.File, c.Line)+", receives it: "+call)
		}
	}
	return append(out, "\treturn err", "}"), true
}
