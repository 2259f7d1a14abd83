package linefacts

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Facts are the operations the failing line performs, each as the exact
// source text of its operands, in source order (outermost expression first).
type Facts struct {
	// Parsed is true when the line (with neighbouring lines as needed)
	// parsed as Go.
	Parsed bool
	// Indexes are the a[i] expressions; Assign marks those written to.
	Indexes []IndexOp
	// Slices are the a[lo:hi:max] expressions.
	Slices []SliceOp
	// Selectors are the x.f expressions; Base is x.
	Selectors []SelectorOp
	// Derefs are the *p expressions; the text is p.
	Derefs []string
	// Asserts are the x.(T) expressions.
	Asserts []AssertOp
	// Divisions are the x / y, x % y, x /= y and x %= y operations.
	Divisions []DivisionOp
	// Sends are the channels of ch <- v statements.
	Sends []string
	// Closes are the arguments of close(ch) calls.
	Closes []string
	// Calls are the call expressions; Fun is the called expression's text.
	Calls []CallOp
	// Assigned are the texts of the left-hand sides of := and = on the line,
	// with the text of the right-hand side.
	Assigned []AssignOp
}

// IndexOp is an a[i] expression: X is a, Index is i.
type IndexOp struct {
	X, Index string
	// Assign is true when the element is written (m[k] = v, m[k]++, m[k] += v).
	Assign bool
	// Nested is true when X is itself an index expression (m[a][b]).
	Nested bool
}

// SliceOp is an a[lo:hi:max] expression (X, Low, High, Max; "" when left out).
type SliceOp struct{ X, Low, High, Max string }

// SelectorOp is an x.f expression: Base is x, Sel is f.
type SelectorOp struct {
	Base, Sel string
	// Call is true when the selector is the function of a call (x.f()).
	Call bool
}

// AssertOp is an x.(T) expression.
type AssertOp struct{ X, Type string }

// DivisionOp is an x / y or x % y operation (or its assignment form);
// Op is "/" or "%".
type DivisionOp struct{ X, Y, Op string }

// CallOp is a call expression; Fun is the called expression's text.
type CallOp struct {
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

// AssignOp is an assignment: the texts of its left-hand sides and of its
// right-hand side.
type AssignOp struct {
	LHS []string
	RHS string
	// Define is true for :=.
	Define bool
}

// maxExtend bounds how many lines before and after the failing line are
// joined to it to make it parse.
const maxExtend = 6

// Analyze parses the failing line of src (joining neighbouring lines of
// the window when the statement spans several) and returns what it does.
// It never fails: an unparsable line gives facts with Parsed false.
func Analyze(src *report.Source) Facts {
	if src == nil {
		return Facts{}
	}
	idx := src.Line - src.StartLine
	if idx < 0 || idx >= len(src.Lines) {
		return Facts{}
	}
	if t := strings.TrimSpace(src.Lines[idx]); t == "" || strings.HasPrefix(t, "//") {
		return Facts{}
	}
	key := strconv.Itoa(idx) + "\n" + strings.Join(src.Lines, "\n")
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
var lineFactsCache = boundedCache[Facts]{max: 256}

// parseWindow parses the line idx of src's window, joining neighbouring
// lines as needed; see Analyze.
func parseWindow(src *report.Source, idx int) Facts {
	// A line that continues a method chain begun above ("Model(a)." under
	// "err := s.db.NewSelect()."), parses on its own as a call of another
	// function: the chain's start, with its receiver, must be read too.
	chained := 0
	for chained < maxExtend && idx-chained-1 >= 0 && strings.HasSuffix(strings.TrimSpace(src.Lines[idx-chained-1]), ".") {
		chained++
	}
	for back := chained; back <= maxExtend && idx-back >= 0; back++ {
		for fwd := 0; fwd <= maxExtend && idx+fwd < len(src.Lines); fwd++ {
			snippet := src.Lines[idx-back : idx+fwd+1]
			if facts, ok := parseSnippet(snippet, back); ok {
				return facts
			}
		}
	}
	// A statement longer than the window lets it be read (a Scan of
	// nine destinations, one a line): its first line, its brackets
	// closed, holds the calls and the values they are made on.
	if closed, ok := closeBrackets(src.Lines[idx]); ok {
		if facts, ok := parseSnippet([]string{closed}, 0); ok && len(facts.Calls) > 0 {
			return facts
		}
	}
	return Facts{}
}

// closeBrackets returns line with the brackets it leaves open closed, in
// order, when it ends by opening a list (a "(", "[" or "{", or a comma
// after one): the start of a statement its next lines go on with.
func closeBrackets(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if t == "" || !strings.ContainsAny(t[len(t)-1:], "([{,") {
		return "", false
	}
	var open []byte
	var quote byte
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case quote != 0:
			if c == '\\' && quote != '`' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '/' && i+1 < len(t) && t[i+1] == '/':
			return "", false // a comment ends the line: not read
		case c == '(' || c == '[' || c == '{':
			open = append(open, c)
		case c == ')' || c == ']' || c == '}':
			if len(open) == 0 {
				return "", false
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) == 0 || quote != 0 {
		return "", false
	}
	t = strings.TrimSuffix(t, ",")
	for i := len(open) - 1; i >= 0; i-- {
		t += map[byte]string{'(': ")", '[': "]", '{': "}"}[open[i]]
	}
	return t, true
}

// parseSnippet parses lines as statements inside a function body, or as
// composite literal elements or call arguments, and collects the operations
// on line failing (an index into lines).
func parseSnippet(lines []string, failing int) (Facts, bool) {
	first := strings.TrimSpace(lines[0])
	if strings.HasPrefix(first, "}") {
		// "} else {" and "} else if cond {": keep the part after the brace.
		rest := strings.TrimSpace(strings.TrimPrefix(first, "}"))
		rest = strings.TrimSpace(strings.TrimPrefix(rest, "else"))
		if rest == "" || !(strings.HasPrefix(rest, "if") || strings.HasPrefix(rest, "{")) {
			return Facts{}, false
		}
		lines = append([]string{rest}, lines[1:]...)
		first = rest
	}
	text := strings.Join(lines, "\n")
	opens, ok := bracketBalance(text)
	if !ok {
		return Facts{}, false
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
	return Facts{}, false
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
	facts Facts
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
				op := AssignOp{Define: n.Tok == token.DEFINE}
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
				c.facts.Divisions = append(c.facts.Divisions, DivisionOp{c.text(n.Lhs[0]), c.text(n.Rhs[0]), strings.TrimSuffix(n.Tok.String(), "=")})
			}
		case *ast.IncDecStmt:
			written[ast.Unparen(n.X)] = true
		case *ast.CallExpr:
			calledFuns[ast.Unparen(n.Fun)] = true
			if c.on(n.Lparen) {
				op := CallOp{Fun: c.text(n.Fun)}
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
				c.facts.Indexes = append(c.facts.Indexes, IndexOp{X: c.text(n.X), Index: c.text(n.Index), Assign: written[n], Nested: nested})
			}
		case *ast.SliceExpr:
			if c.on(n.Lbrack) {
				c.facts.Slices = append(c.facts.Slices, SliceOp{c.text(n.X), c.text(n.Low), c.text(n.High), c.text(n.Max)})
			}
		case *ast.SelectorExpr:
			if c.on(n.Sel.Pos()) {
				c.facts.Selectors = append(c.facts.Selectors, SelectorOp{Base: c.text(n.X), Sel: n.Sel.Name, Call: calledFuns[n]})
			}
		case *ast.StarExpr:
			if c.on(n.Star) {
				c.facts.Derefs = append(c.facts.Derefs, c.text(n.X))
			}
		case *ast.TypeAssertExpr:
			if n.Type != nil && c.on(n.Lparen) {
				c.facts.Asserts = append(c.facts.Asserts, AssertOp{c.text(n.X), c.text(n.Type)})
			}
		case *ast.BinaryExpr:
			if (n.Op == token.QUO || n.Op == token.REM) && c.on(n.OpPos) {
				c.facts.Divisions = append(c.facts.Divisions, DivisionOp{c.text(n.X), c.text(n.Y), n.Op.String()})
			}
		case *ast.SendStmt:
			if c.on(n.Arrow) {
				c.facts.Sends = append(c.facts.Sends, c.text(n.Chan))
			}
		}
		return true
	})
}

// boundedCache maps strings to values, holding at most max entries; when
// full it starts again empty. It is safe for concurrent use.
type boundedCache[V any] struct {
	mu  sync.RWMutex
	max int
	m   map[string]V
}

func (c *boundedCache[V]) get(key string) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[key]
	return v, ok
}

func (c *boundedCache[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= c.max {
		c.m = make(map[string]V)
	}
	c.m[key] = v
}

// RootIdent returns the leading identifier of an expression's text ("p"
// for "p.Author.Name", "s" for "s.cache[id]"), or "".
func RootIdent(expr string) string {
	expr = strings.TrimLeft(expr, "*&(")
	m := identifier.FindStringIndex(expr)
	if m == nil || m[0] != 0 {
		return ""
	}
	return expr[:m[1]]
}

// identifier matches an identifier-shaped word.
var identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// AssignsErr reports whether the line assigns a variable called err.
func (f Facts) AssignsErr() bool {
	for _, a := range f.Assigned {
		for _, l := range a.LHS {
			if l == "err" {
				return true
			}
		}
	}
	return false
}
