package grounding

import (
	"go/token"
	"iter"
	"regexp"
	"strings"
)

// Allows reports whether every code span and code block of markdown names
// only allowed identifiers.
func (g *Set) Allows(markdown string) bool {
	for range g.Unknown(markdown) {
		return false
	}
	return true
}

// Unknown yields, in order, each identifier that the code spans and code
// blocks of markdown name and that the grounding does not allow (a name
// as often as it occurs). A qualified standard library name is yielded as
// "pkg.Name".
func (g *Set) Unknown(markdown string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, code := range codeSegments(markdown) {
			if reFormatVerb.MatchString(strings.TrimSpace(code)) {
				continue // "%w", "%+v": a verb of a format, no identifier
			}
			if !g.eachUnknown(code, yield) {
				return
			}
		}
	}
}

// reFormatVerb matches a code span that is one verb of a format string.
var reFormatVerb = regexp.MustCompile(`^%[-+# 0-9.*]*[a-zA-Z]$`)

// eachUnknown calls fn with each identifier of code that is not allowed,
// in order, until fn returns false; it reports whether fn never did.
func (g *Set) eachUnknown(code string, fn func(name string) bool) bool {
	t := tokenizers.Get().(*tokenizer)
	defer tokenizers.Put(t)
	toks := t.scan(code)
	inTemplate := strings.Contains(code, "{{")
	declared := declaredNames(toks)
	for i, t := range toks {
		if t.tok != token.IDENT {
			continue
		}
		if g.words[t.lit] || Predeclared(t.lit) || predeclaredMethods[t.lit] || stdPackageNames[t.lit] || declared[t.lit] {
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
			return false
		}
	}
	return true
}

// declaredNames returns the names a code segment declares itself, on
// the left of a ":=" ("user, err := load(id)"): a fix's code block may
// name the variables it introduces; what it assigns them is checked.
func declaredNames(toks []goToken) map[string]bool {
	var out map[string]bool
	for i, t := range toks {
		if t.tok != token.DEFINE || i+1 < len(toks) && toks[i+1].tok == token.RANGE {
			continue // a range clause's variables stay the explanation's own
		}
		for j := i - 1; j >= 0; j -= 2 {
			if toks[j].tok != token.IDENT {
				break
			}
			if out == nil {
				out = map[string]bool{}
			}
			out[toks[j].lit] = true
			if j == 0 || toks[j-1].tok != token.COMMA {
				break
			}
		}
	}
	return out
}

// hasWordWithPrefix reports whether a grounded word starts with prefix. It
// reads every word, and runs only for a word cut short by an ellipsis.
func (g *Set) hasWordWithPrefix(prefix string) bool {
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
