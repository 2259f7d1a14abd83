package offline

import (
	"go/ast"
	"go/token"
	"strings"
)

// A function handed to a transaction helper (dbutil.WithTxV, a store's
// inTx) may keep the transaction in a variable of the function around
// it; once the helper returns, it has committed or rolled the
// transaction back, and a statement on the kept variable fails: pgx says
// "tx is closed", database/sql "transaction has already been committed or
// rolled back".

// closedTxMessages are what the drivers say of a statement on a
// transaction already ended.
var closedTxMessages = []string{"tx is closed", knownSentinels["sql.ErrTxDone"]}

// escapedTx is a transaction a function literal keeps in a variable of
// the function around it, used after the helper the literal was handed
// to returned.
type escapedTx struct {
	name               string
	helper, kept, used sourceLine
}

// txEscaped explains a statement on a transaction used after the helper
// that ran it returned, in the function that made the error's message.
// It reports whether it did.
func (a *analysis) txEscaped(msg string) bool {
	closed := false
	for _, m := range closedTxMessages {
		closed = closed || strings.Contains(msg, m)
	}
	src := a.app()
	if !closed || src == nil {
		return false
	}
	// The functions whose format made the message (several may write
	// the same words): the one that keeps a transaction past its helper.
	var e escapedTx
	var fd *ast.FuncDecl
	n := 0
	for _, at := range a.errorMakersOf(msg) {
		f, d := src.funcAt(at.Path, at.Line)
		if d == nil {
			continue
		}
		if found, ok := src.escapedTxIn(f, d); ok {
			e, fd, n = found, d, n+1
		}
	}
	if n != 1 {
		return false
	}
	a.culprit = e.name
	a.headline("A transaction used after the helper that ran it ended it: " + code(e.name))
	a.why("The error says " + code(shorten(msg, 160)) + ": a statement ran on a transaction already committed or rolled back.")
	a.why("The function handed to the helper at " + a.cite(e.helper) + " keeps its transaction in " + code(e.name) + ", at " + a.cite(e.kept) + "; the helper ends the transaction when that function returns, and " + code(funcName(fd)) + " uses " + code(e.name) + " after, at " + a.cite(e.used) + ".")
	a.fix("Run the statement at " + code(a.fileLoc(e.used.Path, e.used.Line)) + " inside the function handed to the helper, before it returns, or run it outside any transaction (on the pool), not on " + code(e.name) + ".")
	return true
}

// escapedTxIn finds, in fd, a variable declared among its statements,
// assigned inside a function literal passed to a call (the helper), and
// used by a later statement of fd.
func (s *appSource) escapedTxIn(f *appFile, fd *ast.FuncDecl) (escapedTx, bool) {
	if fd.Body == nil {
		return escapedTx{}, false
	}
	fn := funcName(fd)
	declared := map[string]bool{}
	for i, st := range fd.Body.List {
		for _, name := range declaredBy(st) {
			declared[name] = true
		}
		lit, helper := literalArgument(st)
		if lit == nil {
			continue
		}
		for name := range declared {
			kept := assignmentIn(lit.Body, name)
			if kept == nil {
				continue
			}
			for _, later := range fd.Body.List[i+1:] {
				if use := usedIn(later, name); use != nil {
					return escapedTx{
						name:   name,
						helper: s.lineAt(f, helper.Pos(), fn),
						kept:   s.lineAt(f, kept.Pos(), fn),
						used:   s.lineAt(f, use.Pos(), fn),
					}, true
				}
			}
		}
	}
	return escapedTx{}, false
}

// declaredBy returns the names a statement declares: var x T, x := ….
func declaredBy(st ast.Stmt) []string {
	var out []string
	switch st := st.(type) {
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				for _, n := range spec.(*ast.ValueSpec).Names {
					out = append(out, n.Name)
				}
			}
		}
	case *ast.AssignStmt:
		if st.Tok == token.DEFINE {
			for _, l := range st.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					out = append(out, id.Name)
				}
			}
		}
	}
	return out
}

// literalArgument returns the function literal a statement passes to a
// call, and that call.
func literalArgument(st ast.Stmt) (*ast.FuncLit, *ast.CallExpr) {
	var lit *ast.FuncLit
	var call *ast.CallExpr
	ast.Inspect(st, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && lit == nil {
			for _, arg := range c.Args {
				if l, ok := arg.(*ast.FuncLit); ok {
					lit, call = l, c
					return false
				}
			}
		}
		return lit == nil
	})
	return lit, call
}

// assignmentIn returns an assignment (=, not :=) to name in body.
func assignmentIn(body ast.Node, name string) ast.Node {
	var out ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && out == nil {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					out = as
				}
			}
		}
		return out == nil
	})
	return out
}

// usedIn returns the first use of name in n.
func usedIn(n ast.Node, name string) ast.Node {
	var out ast.Node
	ast.Inspect(n, func(c ast.Node) bool {
		if id, ok := c.(*ast.Ident); ok && id.Name == name && out == nil {
			out = id
		}
		return out == nil
	})
	return out
}
