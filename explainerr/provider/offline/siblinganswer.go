package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A fix block must answer the way the function answers its other
// failures. A handler of the app's own framework returns its errors
// (return auth.NewAuthError(…)), another writes through a helper of the
// app (respondError(w, …)); http.Error there would be a second way of
// answering, and often the wrong status. When the function holding the
// failing line has an if block of its own that leaves (a return ends it)
// and answers without http.Error, the fix block points at that block,
// the nearest one of the kind wanted: a client's error for a 4xx answer,
// the error passed on for a 500.

// clientAnswer matches an answer that is the client's error: a 4xx
// status, or a call of a constructor named for bad input, credentials or
// the request (serverAnswer's 500 aside).
var clientAnswer = regexp.MustCompile(`http\.Status(?:BadRequest|Unauthorized|Forbidden|NotFound|MethodNotAllowed|NotAcceptable|Conflict|Gone|PreconditionFailed|RequestEntityTooLarge|UnsupportedMediaType|UnprocessableEntity|TooManyRequests)\b|\b4[0-9][0-9]\b|(?i)\b\w*(?:auth|credential|valid|field|bad|invalid|unauthori[sz]ed|forbidden|notfound|conflict|client|input|param|request)\w*\(`)

// serverStatus matches a 500 written out.
var serverStatus = regexp.MustCompile(`http\.StatusInternalServerError\b|\b500\b`)

// serverAnswer matches an answer that passes the error on or says 500.
var serverAnswer = regexp.MustCompile(`http\.StatusInternalServerError\b|\b500\b|\berr\b`)

// namedStatuses are the 4xx statuses an answer names, as a constant, a
// number or a word of a helper's name.
var namedStatuses = map[string]*regexp.Regexp{
	"http.StatusBadRequest":   regexp.MustCompile(`(?i)BadRequest|\b400\b|invalid|malformed`),
	"http.StatusUnauthorized": regexp.MustCompile(`(?i)Unauthori[sz]ed|\b401\b|auth`),
	"http.StatusForbidden":    regexp.MustCompile(`(?i)Forbidden|\b403\b`),
	"http.StatusNotFound":     regexp.MustCompile(`(?i)NotFound|\b404\b`),
	"http.StatusConflict":     regexp.MustCompile(`(?i)Conflict|\b409\b|duplicate`),
}

// sameStatus reports whether an answer's text fits the status wanted:
// it names that status, or none of the others.
func sameStatus(status, text string) bool {
	if re, ok := namedStatuses[status]; ok && re.MatchString(text) {
		return true
	}
	for name, re := range namedStatuses {
		if name != status && re.MatchString(text) {
			return false
		}
	}
	return true
}

// siblingAnswer is an if block of the failing function that answers a
// failure: the lines of its body, the first one's place.
type siblingAnswer struct {
	At    sourceLine
	Lines []string
	// Client says the block answers a client's error.
	Client bool
}

// siblingAnswerFor returns the block of the failing function closest to
// the failing line (those above it first) that answers the kind of
// failure status is (4xx: the client's; else the server's), when the
// function answers so without http.Error. When strict, the status is the
// caller's choice (a parse failure's 400): a block that names another
// client's status does not answer it, and no other kind does. Else the
// status is a guess (a dropped error's), and a function that answers by
// returning an error alone is answered as its nearest block answers.
func (a *analysis) siblingAnswerFor(status string, strict bool) (siblingAnswer, bool) {
	f, fd := a.failingFunc()
	src := a.app()
	if fd == nil || fd.Body == nil || src == nil {
		return siblingAnswer{}, false
	}
	body := innermostBody(src, fd, a.s.Line)
	if sib, ok := a.nearestSibling(f, fd, body, status, true, strict); ok {
		return sib, true
	}
	if results := resultsOf(fd, body); !strict && results != nil && len(results.List) == 1 && len(results.List[0].Names) <= 1 && isErrorType(results.List[0].Type) {
		return a.nearestSibling(f, fd, body, status, false, false)
	}
	return siblingAnswer{}, false
}

// innermostBody returns the body of the innermost function literal of fd
// that holds line, else fd's.
func innermostBody(src *appSource, fd *ast.FuncDecl, line int) *ast.BlockStmt {
	body := fd.Body
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			if src.fset.Position(lit.Pos()).Line <= line && line <= src.fset.Position(lit.End()).Line {
				body = lit.Body
			}
		}
		return true
	})
	return body
}

// resultsOf returns the results of the function whose body is body: a
// literal's inside fd, or fd's.
func resultsOf(fd *ast.FuncDecl, body *ast.BlockStmt) *ast.FieldList {
	var out *ast.FieldList
	if body == fd.Body {
		return fd.Type.Results
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Body == body {
			out = lit.Type.Results
		}
		return out == nil
	})
	return out
}

// nearestSibling returns the block of body closest to the failing line
// (those above it first) that answers a failure without http.Error: of
// the kind client says when kind is set, else of any kind.
func (a *analysis) nearestSibling(f *appFile, fd *ast.FuncDecl, body *ast.BlockStmt, status string, kind, strict bool) (siblingAnswer, bool) {
	client := clientAnswer.MatchString(status)
	src := a.app()
	var best siblingAnswer
	bestDist := -1
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		is, ok := n.(*ast.IfStmt)
		if !ok || len(is.Body.List) == 0 || len(is.Body.List) > 2 || !astutil.Leaves(is.Body) {
			return true
		}
		if _, ret := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); !ret {
			return true // a loop's break or continue answers nothing
		}
		first := src.fset.Position(is.Body.List[0].Pos()).Line
		last := src.fset.Position(is.Body.Rbrace).Line - 1
		if first < 1 || last > len(f.text()) || first > last {
			return true
		}
		start := src.fset.Position(is.Pos()).Line
		if a.s.Line >= first && a.s.Line <= last+1 {
			return true // the failing line's own block (its condition may fail: that block still answers)
		}
		var lines []string
		for _, l := range f.text()[first-1 : last] {
			lines = append(lines, strings.TrimSpace(l))
		}
		text := strings.Join(lines, "\n")
		if strings.Contains(text, "http.Error(") || strings.Contains(text, "panic(") || strings.Contains(text, "Fatal") {
			return true
		}
		isClient := clientAnswer.MatchString(text) && !serverStatus.MatchString(text)
		if kind && (client != isClient || !client && !serverAnswer.MatchString(text)) || strict && client && !sameStatus(status, text) {
			// A client's status the caller chose (a parse failure's
			// 400) is not answered with another's (a 404).
			return true
		}
		dist := a.s.Line - start
		if dist < 0 {
			dist = 1000 - dist // below the failing line: after every block above
		}
		if bestDist < 0 || dist < bestDist {
			best, bestDist = siblingAnswer{At: src.lineAt(f, is.Body.List[0].Pos(), funcName(fd)), Lines: lines, Client: isClient}, dist
		}
		return true
	})
	return best, bestDist >= 0
}

// siblingBlock returns the if block that answers as sib does: head, then
// sib's lines as comments, after the place they are at.
func (a *analysis) siblingBlock(head string, sib siblingAnswer) []string {
	kind := "its other errors"
	if sib.Client {
		kind = "its other bad input"
	}
	a.g.Add(sib.At.Text)
	a.g.Add(sib.Lines...)
	out := []string{head, "\t// answer as this function answers " + kind + ", at " + a.fileLoc(sib.At.Path, sib.At.Line) + ":"}
	for _, l := range sib.Lines {
		out = append(out, "\t// "+l)
	}
	return append(out, "}")
}
