package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A snippet that answers the request and stops must end with a return
// that compiles in the function it goes in: a bare return in a handler
// with no results, "return nil" in one that returns an error (an
// explainerr.HandlerFunc, a func(w, r) error), after the response is
// written.

// handlerReturn returns the statement that ends the failing function
// after the snippet wrote the response: "return" when the function has no
// results, "return nil" when it returns only an error, and "" when it has
// other results. Unknown is "return", the plain handler's.
func (a *analysis) handlerReturn() string {
	results, ok := a.enclosingResults()
	switch {
	case !ok || results == nil || len(results.List) == 0:
		return "return"
	case len(results.List) == 1 && len(results.List[0].Names) <= 1 && isErrorType(results.List[0].Type):
		return "return nil"
	}
	return ""
}

// handlerEnd returns the snippet lines that end the function after it
// wrote the response, indented once.
func (a *analysis) handlerEnd() []string {
	if ret := a.handlerReturn(); ret != "" {
		return []string{"\t" + ret}
	}
	return []string{"\t// return here, with the function's results"}
}

// frameworkContext returns the name of the parameter of the function
// holding the failing line that is a gin or echo handler's context
// (*gin.Context, echo.Context), and which framework's it is.
func (a *analysis) frameworkContext() (name, kind string, ok bool) {
	ft, found := a.enclosingSignature()
	if !found || ft == nil || ft.Params == nil {
		return "", "", false
	}
	for _, p := range ft.Params.List {
		t := p.Type
		if star, isStar := t.(*ast.StarExpr); isStar {
			t = star.X
		}
		sel, isSel := t.(*ast.SelectorExpr)
		if !isSel || sel.Sel.Name != "Context" || len(p.Names) != 1 {
			continue
		}
		if pkg, isPkg := sel.X.(*ast.Ident); isPkg && (pkg.Name == "gin" || pkg.Name == "echo") {
			return p.Names[0].Name, pkg.Name, true
		}
	}
	return "", "", false
}

// noResponseWriter reports whether the function holding the failing line
// is known, from its signature, to have no http.ResponseWriter parameter.
func (a *analysis) noResponseWriter() bool {
	ft, ok := a.enclosingSignature()
	if !ok || ft == nil {
		return false
	}
	if ft.Params != nil {
		for _, p := range ft.Params.List {
			if writerParam(p.Type) {
				return false
			}
		}
	}
	return true
}

// otherWriterParam returns the name of the failing function's parameter
// that may write the response (writerParam) when it is not an
// http.ResponseWriter (nor a gin or echo context, frameworkContext).
func (a *analysis) otherWriterParam() (string, bool) {
	ft, ok := a.enclosingSignature()
	if !ok || ft == nil || ft.Params == nil {
		return "", false
	}
	for _, p := range ft.Params.List {
		sel, isSel := p.Type.(*ast.SelectorExpr)
		if isSel && sel.Sel.Name == "ResponseWriter" {
			return "", false
		}
	}
	for _, p := range ft.Params.List {
		if writerParam(p.Type) && len(p.Names) == 1 {
			return p.Names[0].Name, true
		}
	}
	return "", false
}

// writerParam reports whether a parameter of type t may write the
// response: an http.ResponseWriter, or a context or writer of a framework
// or of the app (c model.WebContext, *fiber.Ctx, Writer; not a
// context.Context), through which a function answers without a
// ResponseWriter of its own.
func writerParam(t ast.Expr) bool {
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	name := ""
	switch x := t.(type) {
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && pkg.Name == "context" {
			return false // a context.Context carries no response
		}
		name = x.Sel.Name
	case *ast.Ident:
		name = x.Name
	}
	return strings.HasSuffix(name, "Writer") || strings.HasSuffix(name, "Context") || strings.HasSuffix(name, "Ctx")
}

func isErrorType(t ast.Expr) bool {
	id, ok := t.(*ast.Ident)
	return ok && id.Name == "error"
}

// enclosingSignature returns the signature of the function (declaration
// or literal) holding the failing line: from the frame's window, else from
// the app's parsed source.
func (a *analysis) enclosingSignature() (*ast.FuncType, bool) {
	if a.s.Frame == nil || a.s.Frame.Source == nil {
		return nil, false
	}
	src := a.s.Frame.Source
	if ft, ok := windowSignature(src.Lines, a.s.Line-src.StartLine); ok {
		return ft, true
	}
	return a.sourceSignature()
}

// serverParam reports whether name is a parameter of the function holding
// the failing line whose type is http.ResponseWriter or *http.Request:
// net/http never passes a handler nil ones, so neither is a nil candidate.
func (a *analysis) serverParam(name string) bool {
	ft, ok := a.enclosingSignature()
	if !ok || ft == nil || ft.Params == nil {
		return false
	}
	for _, p := range ft.Params.List {
		t := p.Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		sel, ok := t.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "ResponseWriter" && sel.Sel.Name != "Request" {
			continue
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "http" {
			continue
		}
		if sel.Sel.Name == "Request" && p.Type == t {
			continue // http.Request by value: not a pointer
		}
		for _, n := range p.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}

// enclosingResults returns the result list of the function (declaration
// or literal) holding the failing line: from its signature in the frame's
// window, else from the app's parsed source, else from the return
// statements the window shows. ok is false when none of them tells.
func (a *analysis) enclosingResults() (*ast.FieldList, bool) {
	if ft, ok := a.enclosingSignature(); ok {
		return ft.Results, true
	}
	if a.s.Frame == nil || a.s.Frame.Source == nil {
		return nil, false
	}
	return windowReturns(a.s.Frame.Source.Lines)
}

// windowSignature finds the signature of the function that holds line idx
// of lines: going up, the first "func ... {" line that opens a block still
// open at idx.
func windowSignature(lines []string, idx int) (*ast.FuncType, bool) {
	depth := 0
	for i := idx - 1; i >= 0 && i < len(lines); i-- {
		text := stripLiterals(lines[i])
		depth += strings.Count(text, "}") - strings.Count(text, "{")
		j := strings.Index(text, "func")
		if depth >= 0 || j < 0 || !strings.HasSuffix(strings.TrimSpace(text), "{") {
			continue
		}
		if ft, ok := parseSignature(strings.TrimSpace(lines[i][j:])); ok {
			return ft, true
		}
	}
	return nil, false
}

// parseSignature parses "func ... {" (a declaration or a literal).
func parseSignature(line string) (*ast.FuncType, bool) {
	if e, err := parser.ParseExpr(line + "}"); err == nil {
		if fl, ok := e.(*ast.FuncLit); ok {
			return fl.Type, true
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+line+"}", parser.SkipObjectResolution)
	if err != nil || len(f.Decls) != 1 {
		return nil, false
	}
	if fd, ok := f.Decls[0].(*ast.FuncDecl); ok {
		return fd.Type, true
	}
	return nil, false
}

// stripLiterals blanks out string and rune literals and a line comment,
// so their braces are not counted.
func stripLiterals(line string) string {
	var b strings.Builder
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote && (quote == '`' || i == 0 || line[i-1] != '\\') {
				quote = 0
			}
		case r == '"' || r == '\'' || r == '`':
			quote = r
		case r == '/' && strings.HasPrefix(line[i:], "//"):
			return b.String()
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// sourceSignature returns the type of the innermost function declaration
// or literal of the app's parsed source that holds the failing line.
func (a *analysis) sourceSignature() (*ast.FuncType, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return nil, false
	}
	_, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return nil, false
	}
	ft := fd.Type
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		fl, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		start, end := src.fset.Position(fl.Pos()).Line, src.fset.Position(fl.End()).Line
		if a.s.Line >= start && a.s.Line <= end {
			ft = fl.Type
			return true
		}
		return false
	})
	return ft, true
}

// windowReturns tells the results from the return statements of the
// window: only bare returns, or single values of which at least one is an
// error (nil, err, a new error). Mixed or other returns tell nothing.
func windowReturns(lines []string) (*ast.FieldList, bool) {
	bare, single := false, false
	for _, l := range lines {
		t := strings.TrimSpace(stripLiterals(l))
		switch {
		case t == "return":
			bare = true
		case t == "return nil" || t == "return err" || strings.HasPrefix(t, "return fmt.Errorf(") || strings.HasPrefix(t, "return errors.New("):
			single = true
		case strings.HasPrefix(t, "return ") && topLevelComma(t):
			return nil, false
		}
	}
	switch {
	case bare && !single:
		return nil, true
	case single && !bare:
		return &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("error")}}}, true
	}
	return nil, false
}

// answerAndReturn returns an if block: its head, the lines that write the
// response, and the return that fits the function. In a function known to
// have no http.ResponseWriter (a store method, a parse helper) nothing can
// be written there: the block says to return an error to the handler.
func (a *analysis) answerAndReturn(head string, body ...string) []string {
	return a.answerBlock(true, head, body...)
}

// answerDropped is answerAndReturn for a dropped error, whose status is a
// guess: the function's own blocks say better how it answers.
func (a *analysis) answerDropped(head string, body ...string) []string {
	return a.answerBlock(false, head, body...)
}

// answerBlock writes answerAndReturn's block; strict says the status in
// body is the caller's choice, not a guess (siblingAnswerFor).
func (a *analysis) answerBlock(strict bool, head string, body ...string) []string {
	status := ""
	for _, l := range body {
		if m := compiled(`http\.Error\(w,.*(http\.Status\w+)\)$`).FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			status = m[1]
		}
	}
	if !strict && head == "if err != nil {" {
		if cond, lines, ok := a.ownCondition(clientAnswer.MatchString(status)); ok {
			// The block the failing line opens answers this failure.
			return append(append([]string{"if err != nil || " + cond + " {"}, lines...), "}")
		}
	}
	if sib, ok := a.siblingAnswerFor(status, strict); ok {
		return a.siblingBlock(head, sib)
	}
	if name, kind, ok := a.frameworkContext(); ok {
		// A gin or echo handler answers through its context; the
		// framework's own methods are names the explanation may use.
		a.g.Add("AbortWithError AbortWithStatus NewHTTPError", kind)
		if status == "" {
			status = "http.StatusInternalServerError"
		}
		if kind == "echo" {
			return []string{head, "\treturn echo.NewHTTPError(" + status + ")", "}"}
		}
		if strings.Contains(head, "err != nil") {
			return []string{head, "\t" + name + ".AbortWithError(" + status + ", err)", "\treturn", "}"}
		}
		return []string{head, "\t" + name + ".AbortWithStatus(" + status + ")", "\treturn", "}"}
	}
	if a.noResponseWriter() {
		if l, who, ok := a.statusReturn(); ok {
			// The function answers its caller with a status of its own:
			// the status is its to choose, as its other returns do.
			a.g.Add(l.Text, l.Func)
			where := "line " + strconv.Itoa(l.Line)
			if who != "this function" {
				where = a.fileLoc(l.Path, l.Line)
				who = l.Func
			}
			return []string{head, "\t// no http.ResponseWriter here: return the error with its status,", "\t// as " + who + " does at " + where + ": " + l.Text, "}"}
		}
		if status == "" || status == "http.StatusInternalServerError" {
			// A server error is the caller's guess to make: it may
			// ignore this error on purpose.
			return []string{head, "\t// no http.ResponseWriter here: return an error to the caller", "\t// and let it decide how to answer", "}"}
		}
		return []string{head, "\t// no http.ResponseWriter here: return an error to the caller", "\t// and let the handler answer with " + status, "}"}
	}
	if !strict {
		if out, ok := a.returnsToCaller(head); ok {
			return out
		}
	}
	if name, ok := a.otherWriterParam(); ok {
		// A context of the app's or of another framework: its way of
		// answering is the function's own, not http.Error's.
		a.g.Add(name)
		return []string{head, "\t// answer through " + name + " as this function answers its other errors,", "\t// or return the error to the caller", "}"}
	}
	out := append([]string{head}, body...)
	out = append(out, a.handlerEnd()...)
	return append(out, "}")
}

// topLevelComma reports whether s has a comma outside brackets.
func topLevelComma(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// statusReturn returns a return statement that gives the caller an HTTP
// status (http.StatusBadRequest among its results) of the function
// holding the failing line, when one of its results is an int: its own,
// or one of a function of its package whose call it returns
// (return loadByParams(p)); with the name of the function holding it.
func (a *analysis) statusReturn() (sourceLine, string, bool) {
	f, fd := a.failingFunc()
	if fd == nil || fd.Body == nil || fd.Type.Results == nil {
		return sourceLine{}, "", false
	}
	hasInt := false
	for _, r := range fd.Type.Results.List {
		if id, ok := r.Type.(*ast.Ident); ok && id.Name == "int" {
			hasInt = true
		}
	}
	if !hasInt {
		return sourceLine{}, "", false
	}
	src := a.app()
	if ret := statusReturnIn(fd); ret != nil {
		return src.lineAt(f, ret.Pos(), funcName(fd)), "this function", true
	}
	if src.mod == nil || f.src == nil {
		return sourceLine{}, "", false
	}
	for _, ret := range returnStmtsOf(fd) {
		if len(ret.Results) != 1 {
			continue
		}
		call, ok := ret.Results[0].(*ast.CallExpr)
		if !ok {
			continue
		}
		for _, ref := range src.mod.Callees(f.src, fd, src.fset.Position(call.Pos()).Line) {
			if r := statusReturnIn(ref.Decl); r != nil {
				name := appsource.FuncName(ref.Decl)
				return src.lineAt(src.viewOf(ref.File), r.Pos(), name), code(name), true
			}
		}
	}
	return sourceLine{}, "", false
}

// returnStmtsOf returns fd's return statements, outside function literals.
func returnStmtsOf(fd *ast.FuncDecl) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok {
			out = append(out, ret)
		}
		return true
	})
	return out
}

// statusReturnIn returns the first return statement of fd that gives an
// http.Status constant among its results, nil when none does.
func statusReturnIn(fd *ast.FuncDecl) *ast.ReturnStmt {
	if fd == nil || fd.Body == nil {
		return nil
	}
	for _, ret := range returnStmtsOf(fd) {
		for _, r := range ret.Results {
			if sel, ok := r.(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Status") {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "http" {
					return ret
				}
			}
		}
	}
	return nil
}

// clientInput matches a call's arguments that come from the request: a
// form or query value, a path parameter, the body, a header, the basic
// auth credentials, or a value named so.
var clientInput = regexp.MustCompile(`\b(?:r|req|request|c|ctx)\.(?:Request\(\)\.)?(?:FormValue|PostFormValue|URL|Form|PostForm|Body|Param|Params|Query|QueryParam|PathValue|Bind|BasicAuth|Header|Cookie|FormFile)\b|\b(?:token|input|params|form|body|payload|query)\b`)

// credentialCall matches the name of a call that checks a credential (a
// JWT, a signature); credentialArg an argument read from where requests
// carry credentials (the Authorization header, a cookie). A token in a
// form is the client's input, a 400, not its credential.
var (
	credentialCall = regexp.MustCompile(`(?i)(?:^|\.)(?:jwt\w*\.\w+|\w*(?:jwt|signature|signed)\w*)$`)
	credentialArg  = regexp.MustCompile(`(?i)Header\.Get\("Authorization"\)|\bAuthorization\b|\.Cookie\(`)
)

// readsRequestBody matches a method of *http.Request that reads the
// client's form or body: it fails for what the client sent (a missing
// file field, a malformed form), the client's 400.
var readsRequestBody = regexp.MustCompile(`\.(?:FormFile|ParseMultipartForm|ParseForm|MultipartReader)$`)

// validatesInput matches the name of a call that validates, binds or
// decodes the request's input (getAndValidateTextRequest, BindJSON,
// decodeBody).
var validatesInput = regexp.MustCompile(`(?i)(?:^|\.)\w*(?:validat|bind|decode|unmarshal)\w*$`)

// keyLookup matches the name of a call that looks a row up by its key
// (SelectUserByPK, GetByID, FindOne, LoadToken).
var keyLookup = regexp.MustCompile(`(?:^|\.)(?:[Ss]elect|[Gg]et|[Ff]ind|[Ll]oad|[Ff]etch|[Ll]ookup|[Rr]ead)\w*(?:By[A-Z]\w*|One)$`)

// fromClient reports whether a call's arguments hold a value the request
// gave (clientInput), written there or assigned from it in the failing
// function.
func (a *analysis) fromClient(args string) bool {
	if clientInput.MatchString(args) {
		return true
	}
	f, fd := a.failingFunc()
	text := ""
	if fd != nil && f != nil {
		src := a.app()
		from, to := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		if lines := f.text(); from >= 1 && to <= len(lines) {
			text = strings.Join(lines[from-1:to], "\n")
		}
	}
	for _, name := range argNames.FindAllString(args, -1) {
		if v, ok := a.localAssignment(name); ok && clientInput.MatchString(v.RHS) {
			return true
		}
		// A value the request's body was decoded into.
		if text != "" && compiled(`(?:Decode|Bind\w*|Unmarshal)\([^)]*&`+regexp.QuoteMeta(name)+`\b`).MatchString(text) {
			return true
		}
	}
	return false
}

// parseCall matches the name of a call that parses or checks a value.
var parseCall = regexp.MustCompile(`(?i)(?:^|\.)(?:parse|decode|unmarshal|atoi|validate|verify|bind|unescape)\w*$`)

// parsesValue reports whether call (its text) parses or checks a value:
// such a call gives a nil result only with an error, so checking the
// error is the whole fix of a nil that follows it.
func parsesValue(call string) bool {
	i := strings.IndexByte(call, '(')
	return i > 0 && parseCall.MatchString(call[:i])
}

// argNames matches the names a call's arguments are made of.
var argNames = regexp.MustCompile(`\b[A-Za-z_]\w*\b`)

// discardStatus is the status a dropped error is answered with in a fix
// block: 400 Bad Request when the call that failed parses or checks what
// the client sent (its failure is the client's): an argument written
// from the request, or a local the failing function assigned from it
// (email, pass, ok := r.BasicAuth()); 500 otherwise.
func (a *analysis) discardStatus(call string) string {
	if i := strings.IndexByte(call, '('); i > 0 && parsesValue(call) && (credentialCall.MatchString(call[:i]) || credentialArg.MatchString(call[i:])) {
		// A token or a signature that does not check out is the
		// client's missing or bad credential: 401, not 400.
		return "http.StatusUnauthorized"
	}
	if i := strings.IndexByte(call, '('); i > 0 && keyLookup.MatchString(call[:i]) && a.fromClient(call[i:]) {
		// A row looked up by a key the request gave: none is found for
		// an unknown key, which is the client's 404.
		return "http.StatusNotFound"
	}
	if i := strings.IndexByte(call, '('); i > 0 && (validatesInput.MatchString(call[:i]) || readsRequestBody.MatchString(call[:i])) {
		// A call that validates or decodes the request's input fails
		// for the client's input: 400.
		return "http.StatusBadRequest"
	}
	if !parsesValue(call) {
		return "http.StatusInternalServerError"
	}
	args := call[strings.IndexByte(call, '('):]
	if clientInput.MatchString(args) {
		return "http.StatusBadRequest"
	}
	for _, name := range argNames.FindAllString(args, -1) {
		if v, ok := a.localAssignment(name); ok && clientInput.MatchString(v.RHS) {
			return "http.StatusBadRequest"
		}
	}
	return "http.StatusInternalServerError"
}
