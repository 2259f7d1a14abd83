package offline

import (
	"go/scanner"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr/report"
)

// wordPattern matches identifier-shaped words in any text: Go source,
// templates, SQL, error messages, file paths.
var wordPattern = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// Grounding is the set of identifiers an explanation may name: the words of
// the report's source windows, retrieved context, trace (function and file
// names), error message and request, plus Go's predeclared identifiers and
// the standard library identifiers in the stdExports table.
type Grounding struct {
	words map[string]bool
}

// NewGrounding returns the grounding of r: every identifier-shaped word of
// its source windows, retrieved chunks, frames, error, the request's log
// lines and the request.
func NewGrounding(r *report.Report) *Grounding {
	g := &Grounding{words: make(map[string]bool, 256)}
	if r == nil {
		return g
	}
	g.Add(r.Error.Type, r.Error.Message)
	g.Add(r.Error.Chain...)
	for _, f := range r.Frames {
		g.Add(f.Function, f.File)
		if f.Source != nil {
			g.Add(f.Source.Lines...)
		}
	}
	for _, c := range r.Context {
		g.Add(c.File, c.Symbol, c.Text)
	}
	for _, l := range r.Logs {
		g.Add(l.Text)
	}
	q := r.Request
	g.Add(q.Method, q.URL, q.Route)
	for k, v := range q.Headers {
		g.Add(k, v)
	}
	for _, m := range []map[string][]string{q.Query, q.Form} {
		for k, vs := range m {
			g.Add(k)
			g.Add(vs...)
		}
	}
	return g
}

// Add makes every identifier-shaped word of texts part of the grounding:
// the matches of wordPattern, found by a plain scan (this runs over every
// source window and header of every report).
func (g *Grounding) Add(texts ...string) {
	for _, t := range texts {
		for i := 0; i < len(t); {
			if !isWordStart(t[i]) {
				i++
				continue
			}
			j := i + 1
			for j < len(t) && (isWordStart(t[j]) || '0' <= t[j] && t[j] <= '9') {
				j++
			}
			g.words[t[i:j]] = true
			i = j
		}
	}
}

// isWordStart reports whether c can start an identifier-shaped word.
func isWordStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// Has reports whether word occurs in the grounding texts themselves (not
// counting Go's predeclared or standard library names).
func (g *Grounding) Has(word string) bool { return g.words[word] }

// allowsMarkdown reports whether every code span and code block of
// markdown names only allowed identifiers.
func (g *Grounding) allowsMarkdown(markdown string) bool {
	for _, code := range CodeSegments(markdown) {
		ok := true
		g.eachUnknown(code, func(string) bool {
			ok = false
			return false
		})
		if !ok {
			return false
		}
	}
	return true
}

// eachUnknown calls fn with each identifier of code that is not allowed,
// in order, until fn returns false.
func (g *Grounding) eachUnknown(code string, fn func(name string) bool) {
	t := tokenizers.Get().(*tokenizer)
	defer tokenizers.Put(t)
	toks := t.scan(code)
	inTemplate := strings.Contains(code, "{{")
	for i, t := range toks {
		if t.tok != token.IDENT {
			continue
		}
		if g.words[t.lit] || predeclared[t.lit] || predeclaredMethods[t.lit] || stdPackageNames[t.lit] {
			continue
		}
		if inTemplate && templateKeywords[t.lit] {
			continue
		}
		if stdFieldMethod(toks[:i], t.lit) {
			continue
		}
		if i+1 < len(toks) && toks[i+1].lit == "…" && g.hasWordWithPrefix(t.lit) {
			continue // a grounded word cut short (shorten)
		}
		// A selector whose chain starts at a standard library package:
		// pkg.Name, or (*pkg.Type).Method.
		name := t.lit
		if pkg := stdQualifier(toks[:i]); pkg != "" {
			if stdExported(pkg, t.lit) {
				continue
			}
			name = pkg + "." + t.lit
		}
		if !fn(name) {
			return
		}
	}
}

// hasWordWithPrefix reports whether a grounded word starts with prefix. It
// reads every word, and runs only for a word cut short by an ellipsis.
func (g *Grounding) hasWordWithPrefix(prefix string) bool {
	for w := range g.words {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}

// stdQualifier returns the standard library package name that qualifies
// the identifier following before (a selector chain such as "http." or
// "(*template.Template)."), or "".
func stdQualifier(before []goToken) string {
	n := len(before)
	if n == 0 || before[n-1].tok != token.PERIOD {
		return ""
	}
	for i := n - 2; i >= 0 && i >= n-6; i-- {
		switch before[i].tok {
		case token.IDENT:
			if stdPackageNames[before[i].lit] && (i+1 < n && before[i+1].tok == token.PERIOD) {
				return before[i].lit
			}
		case token.PERIOD, token.RPAREN, token.LPAREN, token.MUL:
		default:
			return ""
		}
	}
	return ""
}

type goToken struct {
	tok token.Token
	lit string
}

// tokenizer scans pieces of code, reusing its file set and token buffer:
// the grounding check scans every code span of every alternative of an
// explanation.
type tokenizer struct {
	fset *token.FileSet
	s    scanner.Scanner
	toks []goToken
}

var tokenizers = sync.Pool{New: func() any { return &tokenizer{} }}

// scan returns the tokens of code, scanned as Go and tolerating errors
// (templates, SQL and file names scan into identifiers and punctuation
// too; comments and the contents of string literals are not identifiers),
// in a buffer that is reused by the next call.
func (t *tokenizer) scan(code string) []goToken {
	// A removed file still used up its range of positions: start a new
	// set long before they run out.
	if t.fset == nil || t.fset.Base() > 1<<30 {
		t.fset = token.NewFileSet()
	}
	src := []byte(code)
	f := t.fset.AddFile("", -1, len(src))
	defer t.fset.RemoveFile(f)
	t.s.Init(f, src, nil, 0)
	t.toks = t.toks[:0]
	for {
		_, tok, lit := t.s.Scan()
		if tok == token.EOF {
			return t.toks
		}
		t.toks = append(t.toks, goToken{tok, lit})
	}
}

// CodeSegments returns the contents of the inline code spans and fenced
// code blocks of markdown, in order.
func CodeSegments(markdown string) []string {
	if !strings.Contains(markdown, "```") {
		// No fence: the whole text is prose.
		return inlineSpans(markdown)
	}
	var out []string
	lines := strings.Split(markdown, "\n")
	var prose []string
	flush := func() {
		out = append(out, inlineSpans(strings.Join(prose, "\n"))...)
		prose = prose[:0]
	}
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(trimmed, "```") {
			prose = append(prose, lines[i])
			continue
		}
		flush()
		var block []string
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			block = append(block, lines[i])
		}
		out = append(out, strings.Join(block, "\n"))
	}
	flush()
	return out
}

// inlineSpans returns the contents of the backtick code spans of text. A
// span opens with a run of backticks and closes with a run of equal length.
func inlineSpans(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		if text[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(text) && text[i+n] == '`' {
			n++
		}
		open := "`"
		if n > 1 {
			open = strings.Repeat("`", n)
		}
		rest := text[i+n:]
		end := -1
		for j := 0; j < len(rest); {
			k := strings.Index(rest[j:], open)
			if k < 0 {
				break
			}
			k += j
			// The closing run must be exactly n backticks long.
			m := 0
			for k+m < len(rest) && rest[k+m] == '`' {
				m++
			}
			if m == n {
				end = k
				break
			}
			j = k + m
		}
		if end < 0 {
			i += n
			continue
		}
		out = append(out, rest[:end])
		i += n + end + n
	}
	return out
}

// predeclared holds Go's predeclared identifiers: types, constants, the
// zero value and built-in functions.
var predeclared = setOf(`any bool byte comparable complex64 complex128 error float32 float64
	int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr
	true false iota nil _
	append cap clear close complex copy delete imag len make max min new panic print println real recover`)

// templateKeywords are the keywords of text/template and html/template
// actions, allowed in code that contains an action.
var templateKeywords = setOf(`if else end range with define block template break continue and or not eq ne lt le gt ge len index print printf println html js urlquery call slice`)

// stdFieldMethods are methods of standard library types that code reaches
// through a well-known field: r.Header.Get, the http.Header method.
var stdFieldMethods = map[string]map[string]bool{
	"Header": setOf(`Get Values`),
}

// stdFieldMethod reports whether name is selected, right after before,
// from a field stdFieldMethods knows ("Get" after "r.Header.").
func stdFieldMethod(before []goToken, name string) bool {
	n := len(before)
	if n < 2 || before[n-1].tok != token.PERIOD || before[n-2].tok != token.IDENT {
		return false
	}
	return stdFieldMethods[before[n-2].lit][name]
}

// predeclaredMethods are the methods of predeclared types: error's Error.
var predeclaredMethods = setOf(`Error`)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// baseName returns the last element of a slash- or backslash-separated path.
func baseName(path string) string {
	return filepath.Base(filepath.ToSlash(path))
}
