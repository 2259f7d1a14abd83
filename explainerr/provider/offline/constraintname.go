package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// An app that answers a duplicate with 409 often recognises it by the
// constraint's name in the error's text (strings.Contains(err.Error(),
// `unique constraint "users_email_unique"`)). When the name it tests is
// not the one the database gives (a constraint renamed, or PostgreSQL's
// default name for a UNIQUE column, <table>_<column>_key), the check
// never matches and the duplicate is answered as a 500, while the code
// on the page already holds the 409 that advice would add.

// constraintNameLit matches a constraint's name in a literal the code
// tests an error with: after "constraint", or a name ending the way
// constraint and index names do.
var constraintNameLit = regexp.MustCompile(`(?i)constraint\s+\\?["'` + "`" + `]?([a-z_][a-z0-9_]*)|\b([a-z_][a-z0-9_]*_(?:key|unique|uniq|unq|ukey|uk|idx|index|pkey))\b`)

// constraintTest is an if statement whose condition tests an error
// against a constraint's name written in a string literal.
type constraintTest struct {
	Line sourceLine
	Name string
}

// constraintTests returns the tests of a constraint's name in the
// functions that make the failure's message and in the failing one, else
// in the functions the request reached (a handler a library ran, which
// the stack does not show).
func (a *analysis) constraintTests() []constraintTest {
	src := a.app()
	if src == nil || src.mod == nil {
		return nil
	}
	var out []constraintTest
	seen := map[*ast.FuncDecl]bool{}
	for _, site := range src.mod.FailureSites(a.r) {
		out = append(out, a.constraintTestsIn(src.viewOf(site.File), site.Decl(), seen)...)
	}
	f, fd := a.failingFunc()
	out = append(out, a.constraintTestsIn(f, fd, seen)...)
	if len(out) > 0 {
		return out
	}
	for _, ref := range a.reached() {
		out = append(out, a.constraintTestsIn(src.viewOf(ref.File), ref.Decl, seen)...)
	}
	return out
}

// constraintTestsIn returns the tests of a constraint's name in fd (once:
// seen records it).
func (a *analysis) constraintTestsIn(f *appFile, fd *ast.FuncDecl, seen map[*ast.FuncDecl]bool) []constraintTest {
	if fd == nil || fd.Body == nil || seen[fd] {
		return nil
	}
	seen[fd] = true
	src := a.app()
	var out []constraintTest
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || !astutil.Mentions(is.Cond, "err") {
			return true
		}
		if name, ok := a.constraintNamedIn(f, is.Cond, true); ok {
			out = append(out, constraintTest{Line: src.lineAt(f, is.Pos(), funcName(fd)), Name: name})
		}
		return true
	})
	return out
}

// similarConstraintTests returns the tests of a constraint's name
// anywhere in the module (outside tests) whose name starts as named does,
// by two words at least ("river_job_kind_unique_key_idx" for
// "river_job_unique_idx"): a test of that constraint under an older name,
// in code the stack and the request's reach do not show.
func (a *analysis) similarConstraintTests(named string) []constraintTest {
	src := a.app()
	words := strings.Split(strings.ToLower(named), "_")
	if src == nil || len(words) < 3 {
		return nil
	}
	prefix := words[0] + "_" + words[1] + "_"
	var out []constraintTest
	seen := map[*ast.FuncDecl]bool{}
	for _, f := range src.files {
		if strings.HasSuffix(f.path, "_test.go") || !appsource.LinesHold(f.text(), prefix) {
			continue
		}
		for _, d := range f.syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				for _, t := range a.constraintTestsIn(f, fd, seen) {
					if strings.HasPrefix(strings.ToLower(t.Name), prefix) {
						out = append(out, t)
					}
				}
			}
		}
	}
	return out
}

// constraintNamedIn returns the constraint's name an expression tests
// an error against: written in a string literal, held by a constant of
// the package ("pgErr.ConstraintName == uniqueName"), or, when deeper is
// true, in the body of a module function the expression hands the error
// to (isUniqueConflict(err)).
func (a *analysis) constraintNamedIn(f *appFile, e ast.Node, deeper bool) (string, bool) {
	src := a.app()
	name := ""
	ast.Inspect(e, func(c ast.Node) bool {
		if name != "" {
			return false
		}
		switch c := c.(type) {
		case *ast.BasicLit:
			if c.Kind != token.STRING {
				return true
			}
			if text, err := strconv.Unquote(c.Value); err == nil {
				if m := constraintNameLit.FindStringSubmatch(text); m != nil {
					name = m[1] + m[2]
				}
			}
		case *ast.Ident:
			if text, ok := src.constValue(f, c.Name); ok {
				if m := constraintNameLit.FindStringSubmatch(text); m != nil {
					name = m[1] + m[2]
				}
			}
		case *ast.CallExpr:
			if !deeper || !astutil.Mentions(c, "err") {
				return true
			}
			for _, d := range src.funcs(calleeName(c.Fun), "") {
				if d.fd.Body != nil {
					if n, ok := a.constraintNamedIn(d.f, d.fd.Body, false); ok {
						name = n
						return false
					}
				}
			}
		}
		return true
	})
	return name, name != ""
}

// constValue returns the value of a string constant of f's package
// called name ("const uniqueName = \"jobs_key_idx\""), from the
// declarations of the files of f's directory.
func (s *appSource) constValue(f *appFile, name string) (string, bool) {
	if f == nil {
		return "", false
	}
	_, vs, i, ok := s.packageValueSpec(filepath.Dir(f.path), "", name, token.CONST)
	if !ok || i >= len(vs.Values) {
		return "", false
	}
	lit, ok := vs.Values[i].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(lit.Value)
	return v, err == nil
}

// staleConstraintName explains a unique violation that a test of another
// constraint's name let through; it reports whether it did.
func (a *analysis) staleConstraintName() bool {
	named := a.f.Captures["constraint"]
	if named == "" {
		named = a.loggedConstraint()
	}
	tests := a.constraintTests()
	if len(tests) == 0 && named != "" {
		tests = a.similarConstraintTests(named)
	}
	var test constraintTest
	found := false
	for _, t := range tests {
		if named != "" && strings.EqualFold(t.Name, named) {
			return false // the test names it: the failure is elsewhere
		}
		if !found {
			test, found = t, true
		}
	}
	if !found {
		return false
	}
	a.g.Add(test.Name)
	said := "This error was not answered there, so the database named another constraint than " + code(test.Name)
	if named != "" {
		said += ": " + code(named)
	}
	a.why(code(test.Line.Func) + " already recognises a duplicate at " + a.cite(test.Line) + ", by the constraint " + code(test.Name) + ". " + said + ".")
	if stmts := a.app().mod.SchemaFileStatements(compiled(`\b` + regexp.QuoteMeta(test.Name) + `\b`)); len(stmts) == 0 {
		a.why("No schema file of the module names " + code(test.Name) + ".")
	}
	target := "the constraint the database reports"
	if named != "" {
		target = code(named)
	}
	a.fix("Make the test at " + code(a.fileLoc(test.Line.Path, test.Line.Line)) + " match " + target + ", or test the error's code alone, not a name: a unique violation is SQLSTATE 23505 in PostgreSQL, 1062 in MySQL, and an extended code 2067 (or 1555 for a primary key) in SQLite.")
	return true
}

// violatedConstraintRe finds the constraint a unique violation names in
// any text that carries the database's message.
var violatedConstraintRe = regexp.MustCompile(`violates unique constraint \\*"(\w+)\\*"`)

// loggedConstraint returns the constraint a unique violation names in the
// error's message or in the request's log lines (a stack trace logged
// whole carries the driver's message past the app's own), "" when none.
func (a *analysis) loggedConstraint() string {
	texts := []string{a.r.Error.Message}
	for _, l := range a.r.Logs {
		texts = append(texts, l.Text)
	}
	for _, t := range texts {
		if m := violatedConstraintRe.FindStringSubmatch(t); m != nil {
			return m[1]
		}
	}
	return ""
}
