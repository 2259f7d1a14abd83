package offline

import (
	"go/ast"
	"go/token"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// Where a value was made, one step back from the failing line, found in
// the app's parsed source (appsource.go).

// builder is a composite literal of a struct type: where a value is built.
type builder struct {
	Line sourceLine
	// Sets are the fields the literal, or a later assignment in the same
	// function, sets; All is true for a literal without keys.
	Sets map[string]bool
	All  bool
	// Dir is the directory of the package whose type the literal
	// builds, "" when it is not known (a package outside the module).
	Dir string
}

// literalDir returns the directory of the package whose type a composite
// literal of the file f names: f's own for a bare name, the module
// package the file imports under the qualifier otherwise; "" when it is
// not one of the module's.
func (s *appSource) literalDir(f *appFile, t ast.Expr) string {
	switch x := t.(type) {
	case *ast.Ident:
		return filepath.Dir(f.path)
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && s.mod != nil && f.src != nil {
			if dir, ok := s.mod.PackageDir(f.src, pkg.Name); ok {
				return dir
			}
		}
	}
	return ""
}

// builders returns the composite literals of the struct type typ in the
// module, with the fields each sets; only the files whose facts hold such
// a literal are parsed.
func (s *appSource) builders(typ string) []builder {
	var out []builder
	holds := func(f *appFile) bool { return f.src == nil || f.src.HasComposite(typ) }
	structIn := map[string]bool{} // structNamed's answers, by package ("" for any)
	s.eachFuncWhere(holds, func(f *appFile, fd *ast.FuncDecl) {
		fn := funcName(fd)
		var found []builder
		assigned := map[string]bool{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if x.Type == nil || typeName(x.Type) != typ || s.foreignType(f, x.Type) {
					return true
				}
				pkg := ""
				if _, bare := x.Type.(*ast.Ident); bare {
					pkg = f.pkg()
				}
				known, ok := structIn[pkg]
				if !ok {
					known = s.structNamed(pkg, typ)
					structIn[pkg] = known
				}
				if !known {
					return true
				}
				b := builder{Line: s.lineAt(f, x.Pos(), fn), Sets: map[string]bool{}, Dir: s.literalDir(f, x.Type)}
				for _, e := range x.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						b.All = true
						continue
					}
					if k, ok := kv.Key.(*ast.Ident); ok && !isNilIdent(kv.Value) {
						b.Sets[k.Name] = true
					}
				}
				found = append(found, b)
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && (len(x.Rhs) != len(x.Lhs) || !isNilIdent(x.Rhs[i])) {
						assigned[sel.Sel.Name] = true
					}
				}
			}
			return true
		})
		for _, b := range found {
			for k := range assigned {
				b.Sets[k] = true
			}
			out = append(out, b)
		}
	})
	return out
}

// foreignType reports whether t, a type in file f, is qualified by a
// package outside the module (strings.Builder is no Builder of the app).
func (s *appSource) foreignType(f *appFile, t ast.Expr) bool {
	sel, ok := t.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok || s.mod == nil || s.mod.Path == "" {
		return false
	}
	for _, im := range f.syntax().Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		if name == pkg.Name {
			return p != s.mod.Path && !strings.HasPrefix(p, s.mod.Path+"/")
		}
	}
	return true // no import of that name: a standard or vendored package
}

func isNilIdent(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}

// leftUnset returns the builders of typ that do not set field; ok is false
// when the module builds no typ at all. With dir set, typ is the type of
// the package in dir (typeDir), and only its literals count.
func (s *appSource) leftUnset(typ, field, dir string) (unset []builder, ok bool) {
	var bs []builder
	for _, b := range s.builders(typ) {
		// Types of one name in several packages (user.User, the model
		// gorsk.User, pgsql.User): only the literals of dir's own.
		if dir == "" || b.Dir == "" || filepath.Clean(b.Dir) == filepath.Clean(dir) {
			bs = append(bs, b)
		}
	}
	for _, b := range bs {
		if !b.All && !b.Sets[field] {
			unset = append(unset, b)
		}
	}
	return unset, len(bs) > 0
}

// funcs returns the declarations named name; with recv set, only the
// methods of that receiver type. The understanding's facts say which
// files declare them: only those are parsed.
func (s *appSource) funcs(name, recv string) []struct {
	f  *appFile
	fd *ast.FuncDecl
} {
	var out []struct {
		f  *appFile
		fd *ast.FuncDecl
	}
	if s.mod == nil {
		return nil
	}
	for _, ref := range s.mod.Named(name, recv) {
		out = append(out, struct {
			f  *appFile
			fd *ast.FuncDecl
		}{s.viewOf(ref.File), ref.Decl})
	}
	return out
}

// nilReturns returns the return statements of the functions named name
// whose first result is nil and whose other results are nil too (a value
// that is not there, and no error saying so).
func (s *appSource) nilReturns(name string) []sourceLine {
	var out []sourceLine
	for _, d := range s.funcs(name, "") {
		fn := funcName(d.fd)
		for _, pos := range allNilReturns(d.fd.Body) {
			out = append(out, s.lineAt(d.f, pos, fn))
		}
	}
	return out
}

// textWrap is an error formatted into another with %v or %s instead of
// %w: the new error keeps its text but not its identity.
type textWrap struct {
	Line sourceLine
	// Arg is the wrapped error as written ("ErrNotFound", "err").
	Arg string
	// Verb is the verb's letter ("v" of "%v").
	Verb string
	// Format is the format's literal as written, quotes included.
	Format string
}

// fmtVerb matches the verbs of a format string.
var fmtVerb = regexp.MustCompile(`%[-+# 0]*[0-9]*(?:\.[0-9]+)?[a-zA-Z%]`)

// findTextWraps returns the fmt.Errorf calls of the module's functions
// that format an error value (a name starting with Err or err) with a verb
// other than %w, from the module understanding's error makers: no file is
// parsed to find them. textWraps remembers its answer.
func (s *appSource) findTextWraps() []textWrap { return s.findWraps(false) }

// findWraps lists the fmt.Errorf calls of the module that format a
// sentinel or an error variable: with a verb other than %w (text-only
// wraps), or, when wrapped is set, with %w.
func (s *appSource) findWraps(wrapped bool) []textWrap {
	var out []textWrap
	for _, em := range s.mod.ErrorMakers() {
		if em.Call != "fmt.Errorf" || em.Func == "" || len(em.Args) == 0 {
			continue
		}
		format, err := strconv.Unquote(em.Format)
		if err != nil || s.loggedOnly(em.File, em.Line, em.Func) {
			continue
		}
		var verbs []string
		for _, v := range fmtVerb.FindAllString(format, -1) {
			if v != "%%" {
				verbs = append(verbs, v)
			}
		}
		for i, a := range em.Args {
			if i >= len(verbs) || strings.HasSuffix(verbs[i], "w") != wrapped || a == "" {
				continue
			}
			if name := lastSelector(a); strings.HasPrefix(name, "Err") || name == "err" || strings.HasSuffix(name, "Err") || errorLiteral(a) {
				out = append(out, textWrap{Line: s.lineIn(em.File, em.Line, em.Func), Arg: a, Verb: verbs[i][len(verbs[i])-1:], Format: em.Format})
			}
		}
	}
	return out
}

// reErrorLiteral matches an error made as a composite literal of a type
// named as errors are: "&InvalidCredentialsError{Username: u}",
// "auth.ErrExpired{}".
var reErrorLiteral = regexp.MustCompile(`^&?(?:\w+\.)?(?:\w*Error|Err\w*)\{`)

// errorLiteral reports whether an argument, as written, is a value of an
// error type made on the spot (reErrorLiteral).
func errorLiteral(arg string) bool { return reErrorLiteral.MatchString(arg) }

// reLoggedErrorf finds a fmt.Errorf made as the argument of a logging
// method (Errorln(fmt.Errorf(…)), log.Print(fmt.Errorf(…))): the method's
// name, and what comes before it on the line.
var reLoggedErrorf = regexp.MustCompile(`^(.*?)\b(Print|Printf|Println|Debug|Debugf|Debugln|Info|Infof|Infoln|Warn|Warnf|Warnln|Warning|Warningf|Error|Errorf|Errorln|Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln|Log|Logf)\(\s*fmt\.Errorf\(`)

// reLoggerChain matches the start of a call chain on a logger: the
// package or a variable named like one, or logrus' and zap's field
// builders.
var reLoggerChain = regexp.MustCompile(`\b(?:log|logger|logrus|zap|zerolog|slog|lg)\b|\.(?:WithField|WithFields|WithError|With|Sugar)\(`)

// loggedOnly reports whether the fmt.Errorf at file:line is made only to
// be logged: the argument of a logging method on a logger (the chain may
// start on the lines above, "log.WithField(…).\n\tErrorln(fmt.Errorf(…))").
// Its result goes to the log, not on the error's way: no test of the
// error sees it.
func (s *appSource) loggedOnly(file *appsource.File, line int, fn string) bool {
	m := reLoggedErrorf.FindStringSubmatch(s.lineIn(file, line, fn).Text)
	if m == nil {
		return false
	}
	before := m[1]
	for l := line - 1; l > 0 && l >= line-4 && (strings.TrimSpace(before) == "" || strings.HasSuffix(strings.TrimSpace(before), ".")); l-- {
		prev := strings.TrimSpace(s.lineIn(file, l, fn).Text)
		if !strings.HasSuffix(prev, ".") {
			break
		}
		before = prev + before
	}
	return reLoggerChain.MatchString(before)
}

// params returns the parameter names of the functions named name, in
// order ("" for an unnamed one), from the first declaration found.
func (s *appSource) params(name, recv string) ([]string, bool) {
	decls := s.funcs(name, recv)
	if len(decls) == 0 {
		return nil, false
	}
	var out []string
	for _, fl := range decls[0].fd.Type.Params.List {
		if len(fl.Names) == 0 {
			out = append(out, "")
		}
		for _, n := range fl.Names {
			out = append(out, n.Name)
		}
	}
	return out, true
}

// paramType returns the name of the type of the parameter param of the
// function recv.name (without pointer or package: "Server" of s *Server),
// "" when it has none such.
func (s *appSource) paramType(name, recv, param string) string {
	for _, d := range s.funcs(name, recv) {
		for _, fl := range d.fd.Type.Params.List {
			for _, n := range fl.Names {
				if n.Name == param {
					return typeName(fl.Type)
				}
			}
		}
	}
	return ""
}

// receiverOf returns the receiver variable's name of the method recv.name,
// "" when not found.
func (s *appSource) receiverOf(name, recv string) string {
	for _, d := range s.funcs(name, recv) {
		if l := d.fd.Recv.List; len(l) > 0 && len(l[0].Names) > 0 {
			return l[0].Names[0].Name
		}
	}
	return ""
}

// allNilReturns returns the positions of the return statements of body
// (not those of function literals in it) whose results are all nil.
func allNilReturns(body *ast.BlockStmt) []token.Pos {
	cleared := notFoundCleared(body)
	var out []token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return true
		}
		for i, r := range ret.Results {
			// The error result may be the variable a not-found branch set
			// to nil: "if err == gorm.ErrRecordNotFound { err = nil }".
			if id, ok := r.(*ast.Ident); ok && i == len(ret.Results)-1 && len(ret.Results) > 1 && cleared[id.Name] {
				continue
			}
			if !isNilIdent(r) {
				return true
			}
		}
		out = append(out, ret.Pos())
		return true
	})
	return out
}

// notFoundCleared returns the variables body sets to nil when they hold
// a driver's or an ORM's not-found error (sql.ErrNoRows,
// gorm.ErrRecordNotFound), tested with == or errors.Is.
func notFoundCleared(body *ast.BlockStmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		tested := notFoundTested(is.Cond)
		if tested == "" {
			return true
		}
		for _, st := range is.Body.List {
			if as, ok := st.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && isNilIdent(as.Rhs[0]) {
				if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == tested {
					out[tested] = true
				}
			}
		}
		return true
	})
	return out
}

// structNamed reports whether the module declares a struct type called
// typ in the package called pkg (in any package when pkg is ""): a
// literal's bare type name is its own package's, and another package may
// declare an interface of the same name (a handler's AccountStore beside
// the store's).
func (s *appSource) structNamed(pkg, typ string) bool {
	for range s.structTypes(typ, pkg) {
		return true
	}
	return false
}

// notFoundTested returns the variable a condition tests against a
// driver's or an ORM's not-found sentinel (err == sql.ErrNoRows,
// errors.Is(err, gorm.ErrRecordNotFound)), "" when it tests none.
func notFoundTested(cond ast.Expr) string {
	isNotFound := func(e ast.Expr) bool {
		name := ""
		switch x := e.(type) {
		case *ast.SelectorExpr:
			name = x.Sel.Name
		case *ast.Ident: // the app's own sentinel of that name
			name = x.Name
		}
		return name == "ErrRecordNotFound" || name == "ErrNoRows"
	}
	switch c := cond.(type) {
	case *ast.BinaryExpr:
		if id, ok := c.X.(*ast.Ident); ok && c.Op == token.EQL && isNotFound(c.Y) {
			return id.Name
		}
	case *ast.CallExpr:
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Is" && len(c.Args) == 2 && isNotFound(c.Args[1]) {
			if id, ok := c.Args[0].(*ast.Ident); ok {
				return id.Name
			}
		}
	}
	return ""
}

// testsNotFound returns the first if statement of body whose condition
// tests a not-found sentinel (notFoundTested), nil when none does.
func testsNotFound(body *ast.BlockStmt) *ast.IfStmt {
	var found *ast.IfStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if is, ok := n.(*ast.IfStmt); ok && found == nil && notFoundTested(is.Cond) != "" {
			found = is
		}
		return found == nil
	})
	return found
}
