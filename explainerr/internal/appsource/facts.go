package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// What the passes need from the whole module (where functions, methods
// and types are declared, the method sets, the error makers, the SQL
// literals, the functions that read a setting) is read from each file
// once, when its content is new, into fileFacts. The facts persist with
// the file's content hash (persist.go), so a restart reads them instead of
// parsing the module again, and the syntax of a file is parsed only when
// a pass needs that file's code.

// fileFacts are what one file declares and holds, by byte offset and line.
type fileFacts struct {
	Package string
	Imports []importFact
	Funcs   []funcFact
	Types   []typeFact
	Makers  []makerFact
	SQL     []sqlFact
	// Phrases are the string literals of the file's functions that read
	// as a message (messagesites.go).
	Phrases []phraseFact
	// Composites are the type names of the composite literals in the
	// file's functions, each once.
	Composites []string
	// FieldsSet are the names of the fields the file's functions may set
	// (x.f = v, f: v in a literal, &x.f), each once.
	FieldsSet []string
	// BareVars is true when the file declares a package variable with a
	// type and no value (var db *sql.DB), which Shadows looks for.
	BareVars bool
	// ErrorLines are the formats, other than fmt.Errorf's, that put an
	// error in a line of text (logformats.go).
	ErrorLines []errorLineFact
	// Consts are the file's package-level string constants, the
	// variables given a string literal, and the names a function sets to
	// one (sqlTableUsers = "users" in an init function), by name; "" for
	// a name given several.
	Consts map[string]string `json:",omitempty"`
}

// addOnce appends name to list unless seen holds it, and records it.
func addOnce(list *[]string, seen map[string]bool, name string) {
	if name != "" && !seen[name] {
		seen[name] = true
		*list = append(*list, name)
	}
}

// importFact is one import: the name given ("" when none) and the path.
type importFact struct{ Name, Path string }

// funcFact is a function or method declaration with a body.
type funcFact struct {
	Name string
	// Recv is the receiver's type name, "" for a function.
	Recv   string
	Offset int
	// Result is the type of the first result, when it names a type.
	Result typeExpr
	// ReadsSetting is true when the body calls one of settingReaders.
	ReadsSetting bool
}

// typeExpr is a type expression reduced to what names a type: the
// package qualifier ("" for none) and the name, pointers, parentheses and
// type arguments dropped.
type typeExpr struct{ Pkg, Name string }

// typeFact is a type declaration.
type typeFact struct {
	Name string
	// Offset is that of the declaration (the GenDecl) holding the spec.
	Offset    int
	Interface bool
	// Methods are an interface's own method names.
	Methods []string
	// Embedded are the types a struct embeds, or the interfaces an
	// interface embeds.
	Embedded []typeExpr
}

// makerFact is a call of fmt.Errorf or errors.New with a literal format.
type makerFact struct {
	// Call is "fmt.Errorf" or "errors.New".
	Call   string
	Format string
	// Args are the source text of the arguments after the format, ""
	// for one written over several lines.
	Args   []string
	Offset int
	Line   int
	// DeclOffset is the offset of the function holding the call, -1 at
	// package level; Func is its short name.
	DeclOffset int
	Func       string
}

// sqlFact is a string literal holding SQL text.
type sqlFact struct {
	Value              string
	Offset, DeclOffset int
	Line, EndLine      int
	DDL                bool
	// Args are, for the format of a fmt.Sprintf call, the names of the
	// arguments its verbs take ("" for one that is no name): a table's
	// name kept in a constant (INSERT INTO %s … with sqlTableAdmins).
	Args []string `json:",omitempty"`
}

// factsOf reads the facts of a parsed file whose content is src.
func factsOf(fset *token.FileSet, af *ast.File, src []byte) *fileFacts {
	ff := &fileFacts{Package: af.Name.Name}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	line := func(p token.Pos) int { return fset.Position(p).Line }
	for _, im := range af.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := ""
		if im.Name != nil {
			name = im.Name.Name
		}
		ff.Imports = append(ff.Imports, importFact{name, p})
	}
	composites, fieldsSet := map[string]bool{}, map[string]bool{}
	for _, d := range af.Decls {
		fd, _ := d.(*ast.FuncDecl)
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				fact := funcFact{Name: d.Name.Name, Recv: astutil.ReceiverName(d), Offset: off(d.Pos()), ReadsSetting: readsSetting(d.Body)}
				if d.Type.Results != nil && len(d.Type.Results.List) > 0 {
					fact.Result = typeExprOf(d.Type.Results.List[0].Type)
				}
				ff.Funcs = append(ff.Funcs, fact)
			}
		case *ast.GenDecl:
			if d.Tok == token.TYPE {
				for _, sp := range d.Specs {
					ff.Types = append(ff.Types, typeFactOf(sp.(*ast.TypeSpec), off(d.Pos())))
				}
			}
			if d.Tok == token.CONST || d.Tok == token.VAR {
				stringConsts(ff, d)
			}
			if d.Tok == token.VAR {
				for _, sp := range d.Specs {
					if vs := sp.(*ast.ValueSpec); len(vs.Values) == 0 && vs.Type != nil {
						ff.BareVars = true
					}
				}
			}
		}
		declOffset, in := -1, ""
		if fd != nil {
			declOffset, in = off(fd.Pos()), FuncName(fd)
		}
		compared := comparedLiterals(d)
		joined := map[*ast.BasicLit]bool{}
		formatArgs := map[*ast.BasicLit][]string{} // the Sprintf formats' argument names
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if lit, args, ok := sprintfFormat(n); ok {
					formatArgs[lit] = args
				}
				if call, format, ok := errorMakerFormat(n); ok {
					mf := makerFact{Call: call, Format: format, Offset: off(n.Pos()), Line: line(n.Pos()), DeclOffset: declOffset, Func: in}
					for _, a := range n.Args[1:] {
						mf.Args = append(mf.Args, oneLineText(fset, src, a))
					}
					ff.Makers = append(ff.Makers, mf)
				}
				if el, ok := errorLineFormat(n); ok {
					ff.ErrorLines = append(ff.ErrorLines, el)
				}
				if lit, ok := wrapName(n); ok && fd != nil {
					ff.Phrases = append(ff.Phrases, phraseFact{Value: lit, Line: line(n.Pos()), DeclOffset: declOffset})
				}
			case *ast.CompositeLit:
				if fd != nil && n.Type != nil {
					addOnce(&ff.Composites, composites, TypeName(n.Type))
				}
			case *ast.AssignStmt:
				if fd != nil && n.Tok == token.ASSIGN {
					assignedStrings(ff, n)
				}
				for _, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && fd != nil {
						addOnce(&ff.FieldsSet, fieldsSet, sel.Sel.Name)
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && fd != nil {
					addOnce(&ff.FieldsSet, fieldsSet, k.Name)
				}
			case *ast.UnaryExpr:
				if sel, ok := n.X.(*ast.SelectorExpr); ok && n.Op == token.AND && fd != nil {
					addOnce(&ff.FieldsSet, fieldsSet, sel.Sel.Name)
				}
			case *ast.BinaryExpr:
				// A statement written over several literals joined with
				// + is read as one ("select … " + "from heartbeats " + …).
				if parts := concatenation(n); len(parts) > 1 && !joined[parts[0]] {
					if v, ddl, ok := joinedSQL(parts); ok {
						for _, p := range parts {
							joined[p] = true
						}
						ff.SQL = append(ff.SQL, sqlFact{Value: v, Offset: off(parts[0].Pos()), DeclOffset: off(d.Pos()), Line: line(n.Pos()), EndLine: line(n.End()), DDL: ddl})
					}
				}
			case *ast.BasicLit:
				if joined[n] {
					break
				}
				if v, ddl, ok := sqlText(n); ok {
					ff.SQL = append(ff.SQL, sqlFact{Value: v, Offset: off(n.Pos()), DeclOffset: off(d.Pos()), Line: line(n.Pos()), EndLine: line(n.End()), DDL: ddl, Args: formatArgs[n]})
				} else if v, ok := phraseText(n); ok && fd != nil && !compared[n] {
					ff.Phrases = append(ff.Phrases, phraseFact{Value: v, Line: line(n.Pos()), DeclOffset: declOffset})
				}
			}
			return true
		})
	}
	return ff
}

// typeFactOf reads a type spec.
func typeFactOf(ts *ast.TypeSpec, declOffset int) typeFact {
	t := typeFact{Name: ts.Name.Name, Offset: declOffset}
	switch x := ts.Type.(type) {
	case *ast.StructType:
		if x.Fields != nil {
			for _, f := range x.Fields.List {
				if len(f.Names) == 0 {
					t.Embedded = append(t.Embedded, typeExprOf(f.Type))
				}
			}
		}
	case *ast.InterfaceType:
		t.Interface = true
		if x.Methods != nil {
			for _, f := range x.Methods.List {
				for _, n := range f.Names {
					t.Methods = append(t.Methods, n.Name)
				}
				if len(f.Names) == 0 {
					t.Embedded = append(t.Embedded, typeExprOf(f.Type))
				}
			}
		}
	}
	return t
}

// typeExprOf reduces a type expression to its qualifier and name; zero
// when it names no type (a func, map or struct type).
func typeExprOf(t ast.Expr) typeExpr {
	switch x := namedPart(t).(type) {
	case *ast.Ident:
		return typeExpr{Name: x.Name}
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok {
			return typeExpr{Pkg: pkg.Name, Name: x.Sel.Name}
		}
	}
	return typeExpr{}
}

// formatVerb is a verb of a Printf format.
var formatVerb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)

// errorMakerFormat returns which of errorMakerCalls call is, or which
// constructor of the app's own errors given a format, and its literal
// format, as written.
func errorMakerFormat(call *ast.CallExpr) (name, format string, ok bool) {
	if len(call.Args) == 0 {
		return "", "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", "", false
	}
	lit, isLit := call.Args[0].(*ast.BasicLit)
	if !isLit || lit.Kind != token.STRING {
		return "", "", false
	}
	if pkg, ok := sel.X.(*ast.Ident); ok && errorMakerCalls[pkg.Name+"."+sel.Sel.Name] {
		return pkg.Name + "." + sel.Sel.Name, lit.Value, true
	}
	// An app's own error constructor given a format: errors.Errorf of
	// pkg/errors, apperr.Newf, xerr.BadParam.New("cannot scan %T", v).
	switch sel.Sel.Name {
	case "Errorf", "Newf":
	case "New":
		if !formatVerb.MatchString(lit.Value) {
			return "", "", false
		}
	default:
		return "", "", false
	}
	// Only an errors package's or value's (a logger's Errorf logs).
	if recv := astutil.SelectorChain(sel.X); errorsPath(recv) {
		return recv + "." + sel.Sel.Name, lit.Value, true
	}
	return "", "", false
}

// errorsPath reports whether a name or chain of selectors names errors
// (pkgerrors, xerr.BadParam, apperrors) and no logger.
func errorsPath(path string) bool {
	lower := strings.ToLower(path)
	return strings.Contains(lower, "err") && !strings.Contains(lower, "log")
}

// oneLineText is the source text of n, "" when it spans several lines.
func oneLineText(fset *token.FileSet, src []byte, n ast.Node) string {
	start, end := fset.Position(n.Pos()), fset.Position(n.End())
	if start.Line != end.Line || start.Offset < 0 || end.Offset > len(src) || start.Offset > end.Offset {
		return ""
	}
	return string(src[start.Offset:end.Offset])
}

// sqlText returns the value of a string literal holding SQL text and
// whether it defines a schema.
func sqlText(lit *ast.BasicLit) (value string, ddl, ok bool) {
	if lit.Kind != token.STRING {
		return "", false, false
	}
	v, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false, false
	}
	if ddl := reDDL.MatchString(v); ddl || reStatement.MatchString(v) {
		return v, ddl, true
	}
	return "", false, false
}

// concatenation returns the string literals of a chain of + whose
// operands are string literals or other expressions (nil stands for
// one of those), left to right; nil when n is not such a chain or holds
// no string literal.
func concatenation(n *ast.BinaryExpr) []*ast.BasicLit {
	var out []*ast.BasicLit
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			return x.Op == token.ADD && walk(x.X) && walk(x.Y)
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return false
			}
			out = append(out, x)
		default:
			out = append(out, nil)
		}
		return true
	}
	if n.Op != token.ADD || !walk(n) {
		return nil
	}
	lits := out[:0:0]
	for _, l := range out {
		if l != nil {
			lits = append(lits, l)
		}
	}
	if len(lits) == 0 || out[0] == nil {
		return nil // a chain that starts with a value is not a statement's text
	}
	return out
}

// joinedSQL returns the text of a concatenation's parts, each value that
// is not a literal written as "?", when it holds SQL text, and whether it
// defines a schema.
func joinedSQL(parts []*ast.BasicLit) (value string, ddl, ok bool) {
	var b strings.Builder
	for _, p := range parts {
		if p == nil {
			b.WriteString("?")
			continue
		}
		v, err := strconv.Unquote(p.Value)
		if err != nil {
			return "", false, false
		}
		b.WriteString(v)
	}
	v := b.String()
	if ddl := reDDL.MatchString(v); ddl || reStatement.MatchString(v) {
		return v, ddl, true
	}
	return "", false, false
}

// readsSetting reports whether body calls one of settingReaders.
func readsSetting(body *ast.BlockStmt) bool {
	reads := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && settingReaders[pkg.Name+"."+sel.Sel.Name] {
					reads = true
				}
			}
		}
		return !reads
	})
	return reads
}

// sprintfFormat reads a call of fmt.Sprintf given a literal format: the
// format and the names of the arguments after it ("" for one that is no
// name).
func sprintfFormat(call *ast.CallExpr) (*ast.BasicLit, []string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Sprintf" || len(call.Args) < 2 {
		return nil, nil, false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fmt" {
		return nil, nil, false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, nil, false
	}
	var args []string
	for _, a := range call.Args[1:] {
		name := ""
		if id, ok := a.(*ast.Ident); ok {
			name = id.Name
		}
		args = append(args, name)
	}
	return lit, args, true
}

// stringConsts records the string constants a const declaration gives,
// or the string literals a var declaration gives its variables.
func stringConsts(ff *fileFacts, d *ast.GenDecl) {
	for _, sp := range d.Specs {
		vs := sp.(*ast.ValueSpec)
		for i, n := range vs.Names {
			if i < len(vs.Values) {
				recordString(ff, n, vs.Values[i])
			}
		}
	}
}

// assignedStrings records the string literals an assignment in a
// function gives plain names.
func assignedStrings(ff *fileFacts, as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok {
			recordString(ff, id, as.Rhs[i])
		}
	}
}

// recordString records in ff.Consts the value e gives name when e is a
// string literal; a name given two values keeps neither ("").
func recordString(ff *fileFacts, name *ast.Ident, e ast.Expr) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return
	}
	v, err := strconv.Unquote(lit.Value)
	if err != nil {
		return
	}
	if ff.Consts == nil {
		ff.Consts = map[string]string{}
	}
	if old, seen := ff.Consts[name.Name]; seen && old != v {
		v = ""
	}
	ff.Consts[name.Name] = v
}
