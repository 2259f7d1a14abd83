package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A duplicate that an app's adapter answers (the handler returned the
// error, the stack shows only the adapter) was written by code no frame
// shows. That code may still look for the value first: the handler the
// log names, or a function it calls, assigns a look-up of the constraint's
// column (ExistsEmail, FindByName) and tests it. Advising the look-up
// would repeat it; the look-up itself is where the two disagree.

// maxUnseenLookupFuncs bounds the functions read for such a look-up.
const maxUnseenLookupFuncs = 40

// unseenUniqueLookup returns a tested look-up of one of the constraint's
// columns in the functions the request ran past the stack: those that
// made the error's message (the handler that logged it) and the functions
// they call, two calls deep. lookupIn is the function holding it, and
// callee the module function the look-up calls, when there is one.
func (a *analysis) unseenUniqueLookup() (lookup corpus.Line, lookupIn string, callee appsource.FuncRef, ok bool) {
	src := a.app()
	keys := a.constraintColumns()
	if src == nil || src.mod == nil || len(keys) == 0 {
		return corpus.Line{}, "", appsource.FuncRef{}, false
	}
	var funcs []appsource.FuncRef
	seen := map[*ast.FuncDecl]bool{}
	add := func(ref appsource.FuncRef) {
		if ref.Decl != nil && ref.Decl.Body != nil && !seen[ref.Decl] && len(funcs) < maxUnseenLookupFuncs {
			seen[ref.Decl] = true
			funcs = append(funcs, ref)
		}
	}
	for _, site := range src.mod.FailureSites(a.r) {
		add(appsource.FuncRef{File: site.File, Decl: site.Decl()})
	}
	for depth := 0; depth < 2; depth++ {
		for _, ref := range funcs[:len(funcs):len(funcs)] {
			for _, c := range src.mod.Callees(ref.File, ref.Decl, 0) {
				add(c)
			}
		}
	}
	// A look-up about the constraint's column: its name or an argument
	// names one of them (ExistsEmail(c, user.Email)).
	aboutKey := func(c *ast.CallExpr) bool {
		if keyIn(normalColumn(calleeName(c.Fun)), keys) {
			return true
		}
		for _, arg := range c.Args {
			for _, name := range valueNames(arg) {
				if keys[normalColumn(name)] {
					return true
				}
			}
		}
		return false
	}
	for _, ref := range funcs {
		n := lookupTested(src, ref.Decl.Body, 0, aboutKey)
		if n == 0 || n > len(ref.File.Lines()) {
			continue
		}
		lookup = corpus.Line{File: a.fileName(ref.File.Path), Number: n, Text: strings.TrimSpace(ref.File.Lines()[n-1])}
		for _, c := range src.mod.Callees(ref.File, ref.Decl, n) {
			if strings.Contains(lookup.Text, "."+c.Decl.Name.Name+"(") || strings.Contains(lookup.Text, " "+c.Decl.Name.Name+"(") {
				callee = c
				break
			}
		}
		return lookup, appsource.FuncName(ref.Decl), callee, true
	}
	return corpus.Line{}, "", appsource.FuncRef{}, false
}

// keyIn reports whether a call's name, normalised, holds one of the
// constraint's columns longer than two letters (existsemail: email).
func keyIn(name string, keys map[string]bool) bool {
	for k := range keys {
		if len(k) > 2 && strings.Contains(name, k) {
			return true
		}
	}
	return false
}

// valueTransforms returns the calls of fn that change the case or the
// blanks of a value (strings.ToLower(email)), as written: a look-up that
// searches a value so changed compares otherwise than the unique index.
func valueTransforms(fn appsource.FuncRef) []string {
	var out []string
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			switch astutil.ExprString(c.Fun) {
			case "strings.ToLower", "strings.ToUpper", "strings.TrimSpace", "strings.Title", "strings.EqualFold":
				out = append(out, astutil.ExprString(c))
			}
		}
		return true
	})
	return out
}

// explainUnseenUniqueLookup says that the request looked for the value
// before the write and still met a duplicate, so the look-up is where
// the fix belongs, and how it may compare otherwise than the index.
func (a *analysis) explainUnseenUniqueLookup(uc uniqueCheck) {
	a.g.Add(uc.lookup.Text, uc.lookupIn)
	a.why("The request already looks for an existing row before it writes: " + code(uc.lookupIn) + " at " + quoteLine(uc.lookup) + ", and tests what it found. The write still met one, so that look-up does not search what the unique constraint compares (another case, blanks, or rows it leaves out), or the row was written after it.")
	target := "the lookup at " + code(loc(uc.lookup.File, uc.lookup.Number))
	if c := uc.lookupCallee; c.Decl != nil {
		name := appsource.FuncName(c.Decl)
		line := a.app().fset.Position(c.Decl.Pos()).Line
		a.g.Add(name)
		a.g.AddScanned(a.fileLoc(c.File.Path, line))
		target = code(name) + " (" + code(a.fileLoc(c.File.Path, line)) + ")"
		if tr := valueTransforms(c); len(tr) > 0 {
			a.g.Add(tr...)
			a.why(code(name) + " changes the value before it searches: " + code(tr[0]) + ". A value the look-up finds nothing for in that form can still equal a stored one as the unique index compares it, or the other way round.")
		}
	}
	a.fix("Make " + target + " search the value exactly as the write stores it and as the unique constraint compares it: the same case and trimming, and the rows it leaves out (deleted ones) counted.")
	a.fix("Two requests can both pass the lookup: recognise the constraint error as well, and answer 409 Conflict (" + code("http.StatusConflict") + ").")
}
