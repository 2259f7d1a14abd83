package offline

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// lineFacts are the operations the failing line performs, each as the exact
// source text of its operands, in source order (outermost expression first).
type lineFacts struct {
	// Parsed is true when the line (with neighbouring lines as needed)
	// parsed as Go.
	Parsed bool
	// Indexes are the a[i] expressions; Assign marks those written to.
	Indexes []indexOp
	// Slices are the a[lo:hi:max] expressions.
	Slices []sliceOp
	// Selectors are the x.f expressions; Base is x.
	Selectors []selectorOp
	// Derefs are the *p expressions; the text is p.
	Derefs []string
	// Asserts are the x.(T) expressions.
	Asserts []assertOp
	// Divisions are the x / y, x % y, x /= y and x %= y operations.
	Divisions []divisionOp
	// Sends are the channels of ch <- v statements.
	Sends []string
	// Closes are the arguments of close(ch) calls.
	Closes []string
	// Calls are the call expressions; Fun is the called expression's text.
	Calls []callOp
	// Assigned are the texts of the left-hand sides of := and = on the line,
	// with the text of the right-hand side.
	Assigned []assignOp
}

type indexOp struct {
	X, Index string
	// Assign is true when the element is written (m[k] = v, m[k]++, m[k] += v).
	Assign bool
	// Nested is true when X is itself an index expression (m[a][b]).
	Nested bool
}

type sliceOp struct{ X, Low, High, Max string }

type selectorOp struct {
	Base, Sel string
	// Call is true when the selector is the function of a call (x.f()).
	Call bool
}

type assertOp struct{ X, Type string }

type divisionOp struct{ X, Y, Op string }

type callOp struct {
	Fun string
	// Receiver is the base of a selector Fun (x in x.f()); "" otherwise.
	Receiver string
	// Name is the last name of Fun (f in x.f(), or the identifier itself).
	Name string
	Args []string
	// Indexed is true when Fun is an index expression (m[k]() calls the
	// func value a map or slice holds, or a generic function instantiated
	// with a type argument).
	Indexed bool
}

type assignOp struct {
	LHS []string
	RHS string
	// Define is true for :=.
	Define bool
}

// maxExtend bounds how many lines before and after the failing line are
// joined to it to make it parse.
const maxExtend = 6

// analyzeLine parses the failing line of src (joining neighbouring lines of
// the window when the statement spans several) and returns what it does.
// It never fails: an unparsable line gives facts with Parsed false.
func analyzeLine(src *report.Source) lineFacts {
	if src == nil {
		return lineFacts{}
	}
	idx := src.Line - src.StartLine
	if idx < 0 || idx >= len(src.Lines) {
		return lineFacts{}
	}
	if t := strings.TrimSpace(src.Lines[idx]); t == "" || strings.HasPrefix(t, "//") {
		return lineFacts{}
	}
	key := itoa(idx) + "\n" + strings.Join(src.Lines, "\n")
	if facts, ok := lineFactsCache.get(key); ok {
		return facts
	}
	facts := parseWindow(src, idx)
	lineFactsCache.put(key, facts)
	return facts
}

// lineFactsCache keeps the facts of recently analyzed windows: a page that
// fails on every request fails on the same line, and parsing it is most
// of finding the failure's site. The facts are shared: they are only read.
var lineFactsCache = boundedCache[lineFacts]{max: 256}

// parseWindow parses the line idx of src's window, joining neighbouring
// lines as needed; see analyzeLine.
func parseWindow(src *report.Source, idx int) lineFacts {
	for back := 0; back <= maxExtend && idx-back >= 0; back++ {
		for fwd := 0; fwd <= maxExtend && idx+fwd < len(src.Lines); fwd++ {
			snippet := src.Lines[idx-back : idx+fwd+1]
			if facts, ok := parseSnippet(snippet, back); ok {
				return facts
			}
		}
	}
	return lineFacts{}
}

// parseSnippet parses lines as statements inside a function body, or as
// composite literal elements or call arguments, and collects the operations
// on line failing (an index into lines).
func parseSnippet(lines []string, failing int) (lineFacts, bool) {
	first := strings.TrimSpace(lines[0])
	if strings.HasPrefix(first, "}") {
		// "} else {" and "} else if cond {": keep the part after the brace.
		rest := strings.TrimSpace(strings.TrimPrefix(first, "}"))
		rest = strings.TrimSpace(strings.TrimPrefix(rest, "else"))
		if rest == "" || !(strings.HasPrefix(rest, "if") || strings.HasPrefix(rest, "{")) {
			return lineFacts{}, false
		}
		lines = append([]string{rest}, lines[1:]...)
		first = rest
	}
	text := strings.Join(lines, "\n")
	opens, ok := bracketBalance(text)
	if !ok {
		return lineFacts{}, false
	}
	closers := strings.Repeat("\n}", opens)
	type wrap struct{ head, tail string }
	wraps := []wrap{{"func _() {\n", closers + "\n}"}}
	if strings.HasPrefix(first, "case ") || strings.HasPrefix(first, "default:") {
		wraps = []wrap{
			{"func _() {\nswitch {\n", closers + "\n}\n}"},
			{"func _() {\nselect {\n", closers + "\n}\n}"},
		}
	}
	if opens == 0 {
		wraps = append(wraps, wrap{"var _ = T{\n", "\n}"}, wrap{"var _ = f(\n", "\n)"})
	}
	for _, w := range wraps {
		head := "package p\n" + w.head
		src := head + text + w.tail
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		line := strings.Count(head, "\n") + 1 + failing
		c := collector{fset: fset, src: src, line: line}
		c.collect(f)
		c.facts.Parsed = true
		return c.facts, true
	}
	return lineFacts{}, false
}

// bracketBalance returns how many '{' of text stay open, and false when a
// '(' or '[' stays open or any bracket closes one that is not open in text.
func bracketBalance(text string) (int, bool) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	b := []byte(text)
	s.Init(fset.AddFile("", -1, len(b)), b, func(token.Position, string) {}, 0)
	var stack []token.Token
	for {
		_, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			for _, t := range stack {
				if t != token.LBRACE {
					return 0, false
				}
			}
			return len(stack), true
		case token.LPAREN, token.LBRACK, token.LBRACE:
			stack = append(stack, tok)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			want := token.LBRACE
			switch tok {
			case token.RPAREN:
				want = token.LPAREN
			case token.RBRACK:
				want = token.LBRACK
			}
			if len(stack) == 0 || stack[len(stack)-1] != want {
				return 0, false
			}
			stack = stack[:len(stack)-1]
		}
	}
}

type collector struct {
	fset  *token.FileSet
	src   string
	line  int
	facts lineFacts
}

func (c *collector) on(p token.Pos) bool { return p.IsValid() && c.fset.Position(p).Line == c.line }

func (c *collector) text(n ast.Node) string {
	if n == nil {
		return ""
	}
	start, end := c.fset.Position(n.Pos()).Offset, c.fset.Position(n.End()).Offset
	if start < 0 || end > len(c.src) || start > end {
		return ""
	}
	return strings.Join(strings.Fields(c.src[start:end]), " ")
}

func (c *collector) collect(f *ast.File) {
	written := map[ast.Expr]bool{}
	calledFuns := map[ast.Expr]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				written[ast.Unparen(l)] = true
			}
			if c.on(n.TokPos) {
				op := assignOp{Define: n.Tok == token.DEFINE}
				for _, l := range n.Lhs {
					op.LHS = append(op.LHS, c.text(l))
				}
				if len(n.Rhs) > 0 {
					op.RHS = c.text(n.Rhs[0])
					if len(n.Rhs) > 1 {
						op.RHS = c.text(n.Rhs[0]) + ", ..."
					}
				}
				c.facts.Assigned = append(c.facts.Assigned, op)
			}
			if (n.Tok == token.QUO_ASSIGN || n.Tok == token.REM_ASSIGN) && c.on(n.TokPos) && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				c.facts.Divisions = append(c.facts.Divisions, divisionOp{c.text(n.Lhs[0]), c.text(n.Rhs[0]), strings.TrimSuffix(n.Tok.String(), "=")})
			}
		case *ast.IncDecStmt:
			written[ast.Unparen(n.X)] = true
		case *ast.CallExpr:
			calledFuns[ast.Unparen(n.Fun)] = true
			if c.on(n.Lparen) {
				op := callOp{Fun: c.text(n.Fun)}
				switch fn := ast.Unparen(n.Fun).(type) {
				case *ast.Ident:
					op.Name = fn.Name
				case *ast.SelectorExpr:
					op.Name, op.Receiver = fn.Sel.Name, c.text(fn.X)
				case *ast.IndexExpr:
					op.Indexed = true
				}
				for _, a := range n.Args {
					op.Args = append(op.Args, c.text(a))
				}
				c.facts.Calls = append(c.facts.Calls, op)
				if op.Name == "close" && op.Receiver == "" && len(op.Args) == 1 {
					c.facts.Closes = append(c.facts.Closes, op.Args[0])
				}
			}
		case *ast.IndexExpr:
			if c.on(n.Lbrack) {
				_, nested := ast.Unparen(n.X).(*ast.IndexExpr)
				c.facts.Indexes = append(c.facts.Indexes, indexOp{X: c.text(n.X), Index: c.text(n.Index), Assign: written[n], Nested: nested})
			}
		case *ast.SliceExpr:
			if c.on(n.Lbrack) {
				c.facts.Slices = append(c.facts.Slices, sliceOp{c.text(n.X), c.text(n.Low), c.text(n.High), c.text(n.Max)})
			}
		case *ast.SelectorExpr:
			if c.on(n.Sel.Pos()) {
				c.facts.Selectors = append(c.facts.Selectors, selectorOp{Base: c.text(n.X), Sel: n.Sel.Name, Call: calledFuns[n]})
			}
		case *ast.StarExpr:
			if c.on(n.Star) {
				c.facts.Derefs = append(c.facts.Derefs, c.text(n.X))
			}
		case *ast.TypeAssertExpr:
			if n.Type != nil && c.on(n.Lparen) {
				c.facts.Asserts = append(c.facts.Asserts, assertOp{c.text(n.X), c.text(n.Type)})
			}
		case *ast.BinaryExpr:
			if (n.Op == token.QUO || n.Op == token.REM) && c.on(n.OpPos) {
				c.facts.Divisions = append(c.facts.Divisions, divisionOp{c.text(n.X), c.text(n.Y), n.Op.String()})
			}
		case *ast.SendStmt:
			if c.on(n.Arrow) {
				c.facts.Sends = append(c.facts.Sends, c.text(n.Chan))
			}
		}
		return true
	})
}
