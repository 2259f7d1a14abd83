package offline

import (
	"go/ast"
	"go/parser"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/stack"
)

// Footer is the last line of every offline explanation.
const Footer = "_Offline analysis — set OPENAI_API_KEY or OPENAI_BASE_URL for a model's explanation._"

// WithoutFooter returns text, an offline explanation, without its closing
// Footer: for when a model is configured (one that failed, or a client that
// is not linked), which the footer's hint would contradict.
func WithoutFooter(text string) string {
	trimmed := strings.TrimRight(text, "\n")
	if !strings.HasSuffix(trimmed, Footer) {
		return text
	}
	return strings.TrimRight(strings.TrimSuffix(trimmed, Footer), "\n") + "\n"
}

// code wraps s in an inline code span, using a fence longer than any run
// of backticks inside it.
// An empty s gives "(empty)": an empty code span would show nothing.
func code(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "(empty)"
	}
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// codeList quotes each of names as code and joins them with commas.
func codeList(names []string) string { return strings.Join(codeEach(names), ", ") }

// codeAnd quotes each of names as code and joins them as prose.
func codeAnd(names []string) string { return joinAnd(codeEach(names)) }

// codeEach quotes each of names as code.
func codeEach(names []string) []string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = code(n)
	}
	return quoted
}

// joinAnd joins parts as prose: "a", "a and b", "a, b and c".
func joinAnd(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// block formats lines as a fenced Go code block, after a lead-in line.
//
//go:noinline
func block(lead string, lines ...string) string {
	return lead + "\n\n```go\n" + strings.Join(lines, "\n") + "\n```"
}

// loc formats a file and line as "file.go:42".
func loc(file string, line int) string { return stack.Location(file, line) }

func itoa(n int) string { return strconv.Itoa(n) }

// wordPattern matches identifier-shaped words in any text: Go source,
// templates, SQL, error messages, file paths.
var wordPattern = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// lastSelector returns the last selected name of an expression ("cache"
// for "s.cache"), or the expression when it is a plain identifier.
//
//go:noinline
func lastSelector(expr string) string {
	if i := strings.LastIndexByte(expr, '.'); i >= 0 {
		return expr[i+1:]
	}
	return expr
}

// isIdent reports whether s is a plain Go identifier.
//
//go:noinline
func isIdent(s string) bool {
	m := wordPattern.FindString(s)
	return m != "" && m == s
}

// callName returns the name of the function whose result an expression
// is: its outermost call ("FeaturedPost" for "s.store.FeaturedPost(ctx)",
// "LastMessage" for "s.db().LastMessage(ch)", "Decode" for
// "json.NewDecoder(r.Body).Decode(&v)"), or "". For a line that assigns
// ("u, err := s.db().FirstPoster(ch)") it is the assigned value's. Text
// that does not parse gives the name before its first parenthesis.
func callName(expr string) string {
	if name, ok := outermostCall(expr); ok {
		return name
	}
	if rhs, ok := assignedValue(expr); ok {
		if name, ok := outermostCall(rhs); ok {
			return name
		}
	}
	m := callNamePattern.FindStringSubmatch(expr)
	if m == nil {
		return ""
	}
	return m[1]
}

// outermostCall returns the name of the function a call expression calls
// last; ok is false when expr is not one.
func outermostCall(expr string) (string, bool) {
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return "", false
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) { // a generic function's instantiation
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name, true
	case *ast.SelectorExpr:
		return f.Sel.Name, true
	}
	return "", false
}

// assignedValue returns the value a line of code assigns: the right-hand
// side of its ":=" or "=" ("s.db().FirstPoster(ch)" for "u, err :=
// s.db().FirstPoster(ch)"), up to the ";" of an if statement's init.
func assignedValue(line string) (string, bool) {
	line = strings.TrimPrefix(strings.TrimSpace(line), "if ")
	i, n := strings.Index(line, ":="), 2
	if i < 0 {
		i, n = strings.Index(line, " = "), 3
	}
	if i < 0 {
		return "", false
	}
	rhs := line[i+n:]
	if j := strings.IndexByte(rhs, ';'); j >= 0 {
		rhs = rhs[:j]
	}
	if j := strings.Index(rhs, " //"); j >= 0 {
		rhs = rhs[:j]
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rhs), "{")), true
}

var callNamePattern = regexp.MustCompile(`(\w+)\s*\(`)

// aCode returns the type or word s as code after its indefinite article:
// "an `int64`", "an `interface {}`", "a `float64`", "a `*Post`". The
// article follows how the name is read aloud: a vowel letter opens with a
// vowel sound, except the "you" of uint and uintptr.
func aCode(s string) string {
	article := "a "
	if s != "" && strings.ContainsRune("aeioAEIO", rune(s[0])) || strings.HasPrefix(s, "u") && !strings.HasPrefix(s, "uint") {
		article = "an "
	}
	return article + code(s)
}

// assignment writes the statement that gives lhs the value rhs: a short
// variable declaration when the app's line declared lhs (define) and lhs
// is a name, a plain assignment otherwise (a field, an element, or a
// variable declared earlier): "article.UserID := ..." does not compile.
func assignment(lhs string, define bool, rhs string) string {
	if define && isIdent(lhs) {
		return lhs + " := " + rhs
	}
	return lhs + " = " + rhs
}

// freshName returns the first of names that line does not use as a word,
// for a variable a snippet introduces next to that line; the last one
// when every one is used.
func freshName(line string, names ...string) string {
	for _, n := range names {
		if !compiled(`\b` + n + `\b`).MatchString(line) {
			return n
		}
	}
	return names[len(names)-1]
}
