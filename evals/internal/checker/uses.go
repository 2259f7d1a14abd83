package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/internal/words"
)

// KindUse is a claim about what a function's own code does, read from a
// clause whose subject is the function: "`Tagged` sorts with
// `sort.SliceStable`", "`startPlain` writes ... at gzip.go:161".
const KindUse = "use"

// checkUses judges each clause whose subject is a module function that
// does something in code: every code the clause says it uses must be
// written in that function or a module function it reaches (a name, a
// string it quotes), and every line the clause cites in a Go file must
// fall inside one of them. What a function returns is not looked for in
// its code: it may come from anywhere (`sql.ErrNoRows`).
func (c *Checker) checkUses(prose string, claims []Claim, results []Result) []Result {
	for _, uc := range c.useClauses(prose, claims) {
		r := c.reach(uc.funcs)
		subject := lastName(uc.subject.Text)
		returns := uc.verb == "returns"
		done := map[[2]int]bool{}
		for _, cl := range claims {
			if cl.start < uc.from || cl.end > uc.to || done[[2]int{cl.start, cl.end}] || cl.Proposed {
				continue
			}
			done[[2]int{cl.start, cl.end}] = true
			var reason string
			switch cl.Kind {
			case KindFileLine:
				reason = c.lineOutside(r, cl, subject)
			case KindIdentifier, KindSelector, KindCall:
				// What a function returns may come from anywhere
				// (`sql.ErrNoRows`); a call it is said to return
				// (`http.NotFoundHandler()`) is made by it or by what it
				// reaches.
				if !returns || cl.Kind == KindCall && !cl.fromExpr && strings.HasSuffix(strings.TrimRight(prose[cl.start:cl.end], "` "), ")") {
					reason = c.unused(r, strings.Trim(prose[cl.start:cl.end], "` "), subject, uc.verb != "redirects")
				}
				if reason == "" && cl.Kind == KindCall && !returns && !cl.fromExpr {
					reason = ownCallMissing(uc.funcs, strings.Trim(prose[cl.start:cl.end], "` "))
				}
				if reason == "" && cl.Kind == KindIdentifier && !cl.fromExpr && !cl.fromProse {
					reason = c.othersLocal(r, cl.Text, subject)
				}
			}
			if reason != "" {
				use := Claim{Text: subject + ": " + prose[cl.start:cl.end], Kind: KindUse, start: cl.start, end: cl.end}
				results = append(results, Result{Claim: use, Verdict: Contradicted, Reason: reason})
			}
		}
		if a, b, reason := c.assignedElsewhere(prose, uc, r, subject); reason != "" {
			use := Claim{Text: subject + ": " + prose[a:b], Kind: KindUse, start: a, end: b}
			results = append(results, Result{Claim: use, Verdict: Contradicted, Reason: reason})
		}
		for _, bl := range c.bareLinesOf(prose, claims, uc) {
			if reason := c.bareLineOutside(r, uc, bl); reason != "" {
				use := Claim{Text: subject + ": " + prose[bl.start:bl.end], Kind: KindUse, start: bl.start, end: bl.end}
				results = append(results, Result{Claim: use, Verdict: Contradicted, Reason: reason})
			}
		}
	}
	return results
}

// bareLinesOf returns the lines a use clause cites without a file ("at
// line 31"), when it names no file at all.
func (c *Checker) bareLinesOf(prose string, claims []Claim, uc useClause) []lineRef {
	for _, cl := range claims {
		if cl.start >= uc.from && cl.end <= uc.to && (cl.Kind == KindFile || cl.Kind == KindFileLine) {
			return nil
		}
	}
	var out []lineRef
	for _, mm := range bareLineRe.FindAllStringSubmatchIndex(prose[uc.from:uc.to], -1) {
		a := uc.from + mm[0]
		n, err := strconv.Atoi(prose[uc.from+mm[2] : uc.from+mm[3]])
		if err != nil || n <= 0 || inCode(a, claims) {
			continue
		}
		out = append(out, lineRef{line: n, start: a, end: uc.from + mm[1], result: -1})
	}
	return out
}

// bareLineOutside judges a line cited without a file in the files that
// declare the subject, as lineOutside judges a cited file and line: it is
// wrong only when it is wrong in each of them.
func (c *Checker) bareLineOutside(r *reached, uc useClause, bl lineRef) string {
	var reasons []string
	seen := map[string]bool{}
	for _, f := range uc.funcs {
		if seen[f.File] {
			continue
		}
		seen[f.File] = true
		cl := Claim{Text: fmt.Sprintf("%s:%d", f.File, bl.line), Kind: KindFileLine}
		reason := c.lineOutside(r, cl, lastName(uc.subject.Text))
		if reason == "" {
			return ""
		}
		reasons = append(reasons, reason)
	}
	return strings.Join(reasons, "; ")
}

// lineOutside returns why a Go file's line cited in a use clause is not
// the subject's: it falls inside a module function the subject does not
// reach. It returns "" otherwise, also for a line outside any function
// (the declaration of something the subject uses) or not of a Go file.
func (c *Checker) lineOutside(r *reached, cl Claim, subject string) string {
	file, line := splitFileLine(cl.Text)
	if !strings.HasSuffix(file, ".go") {
		return ""
	}
	// A file name several module files end in ("subscribers.go" of
	// cmd/ and of core/) is outside only when no one of them is reached
	// at that line.
	reason := ""
	for _, f := range c.inRange(c.m.FindFile(file), line) {
		if r.spans(f, line) {
			return ""
		}
		g := c.m.FuncAt(f, line)
		if g == nil {
			return "" // a declaration outside functions: a type, constant or variable it may use
		}
		if reason == "" {
			reason = fmt.Sprintf("%s:%d is in %s, which %s does not reach", f, line, g.QualifiedName(), subject)
		}
	}
	return reason
}

// unused returns why code the clause says its subject uses is written
// neither in it nor in any module function it reaches, or "". Strings
// are judged only when quoted is true: where a function redirects to
// ("`/login`") may be configured anywhere.
func (c *Checker) unused(r *reached, code, subject string, quoted bool) string {
	names, strs := c.usedParts(code)
	if !quoted {
		strs = nil
	}
	for _, s := range strs {
		// Part of a string counts: a log message quoted without its
		// format verbs or newline; not part of a word ("DEL" of "DELETE").
		if !r.quotes(func(have string) bool { return words.Contains(have, s) }) {
			return fmt.Sprintf("%s and the functions it reaches never quote %q", subject, s)
		}
	}
	for _, n := range names {
		// A name may be quoted as a word of a string (a header or form
		// field name), or be the value of a constant the code names
		// (`OPTIONS` for http.MethodOptions).
		if n != subject && !r.names[n] && !r.quotes(func(have string) bool { return containsIdent(have, n) }) && !r.namesConstant(c.constantsValued(n)) {
			return fmt.Sprintf("%s and the functions it reaches never use %s (from %s)", subject, n, code)
		}
	}
	return ""
}

// othersLocal returns why a name written alone ("`params`") is not one
// the subject can be said to use: every variable of that name is local to
// a module function the subject does not reach. It returns "" for any
// other name, and for one the reached code writes. A name that exists
// nowhere is the unknown-name check's.
func (c *Checker) othersLocal(r *reached, name, subject string) string {
	if r.names[name] {
		return ""
	}
	var owners []string
	for _, o := range c.m.Objects[name] {
		v, ok := o.(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return ""
		}
		g := c.m.FuncAt(c.m.Rel(c.m.Fset.Position(v.Pos()).Filename), c.m.Fset.Position(v.Pos()).Line)
		if g == nil {
			return ""
		}
		owners = append(owners, g.QualifiedName())
	}
	if len(owners) == 0 {
		return ""
	}
	return fmt.Sprintf("%s is a variable of %s, which %s does not reach", name, strings.Join(owners, ", "), subject)
}

// quotes reports whether a reached function has a string literal that
// match accepts.
func (r *reached) quotes(match func(string) bool) bool {
	for _, have := range r.strings {
		if match(have) {
			return true
		}
	}
	return false
}

// usedParts returns what a Go expression claims its function writes: each
// name after a selector's first (the first may be a package imported under
// another name, or a variable named otherwise in a helper), the other
// names that are exported (a field: `CreatedAt`) or the module's
// functions or package-level variables and constants (a local name such
// as an argument is often paraphrased: `ctx` for `r.Context()`), and
// string literals. Types, predeclared names,
// function literals and names the snippet declares are left out. Text
// that is not Go gives nothing.
func (c *Checker) usedParts(code string) (names, strs []string) {
	root, _ := parseSnippet(code)
	if root == nil {
		return nil, nil
	}
	declared := map[string]bool{}
	ast.Inspect(root, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					declared[id.Name] = true
				}
			}
		}
		return true
	})
	add := func(name string) {
		if !declared[name] && name != "_" && types.Universe.Lookup(name) == nil && !c.isTypeName(name) {
			names = append(names, name)
		}
	}
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			if id, head := n.X.(*ast.Ident); head && len(c.m.Imported[id.Name]) == 0 && !declared[n.Sel.Name] && n.Sel.Name != "_" {
				// A field or method of a value (`r.Context()`), not a
				// type, though a type of that name may exist
				// (context.Context).
				names = append(names, n.Sel.Name)
			} else {
				add(n.Sel.Name)
			}
			if _, head := n.X.(*ast.Ident); !head {
				ast.Inspect(n.X, walk)
			}
			return false
		case *ast.TypeAssertExpr:
			ast.Inspect(n.X, walk)
			return false
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				ast.Inspect(e, walk)
			}
			return false
		case *ast.Ident:
			if c.packageLevel(n.Name) || token.IsExported(n.Name) {
				add(n.Name)
			}
		case *ast.BasicLit:
			if v, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
				strs = append(strs, v)
			}
		}
		return true
	}
	ast.Inspect(root, walk)
	return names, strs
}

// isTypeName reports whether name is a type of the module, of a package
// it imports, or predeclared.
func (c *Checker) isTypeName(name string) bool {
	if len(c.m.TypeNamed(name)) > 0 {
		return true
	}
	for _, list := range c.m.Imported {
		for _, p := range list {
			if _, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
				return true
			}
		}
	}
	return false
}

// packageLevel reports whether name is a function, method, or
// package-level variable or constant of the module.
func (c *Checker) packageLevel(name string) bool {
	if len(c.m.FuncsNamed(name)) > 0 {
		return true
	}
	for _, o := range c.m.Objects[name] {
		switch o.(type) {
		case *types.Var, *types.Const:
			if o.Pkg() != nil && o.Parent() == o.Pkg().Scope() {
				return true
			}
		}
	}
	return false
}

// namesConstant reports whether a reached function names one of the
// constants ("http.MethodOptions").
func (r *reached) namesConstant(consts []string) bool {
	for _, k := range consts {
		if r.names[lastName(k)] {
			return true
		}
	}
	return false
}
