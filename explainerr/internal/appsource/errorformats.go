package appsource

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// An error's message often names no place the stack shows (the error
// was made in a store two calls down, or handed over by an error handler),
// but the module's fmt.Errorf and errors.New calls say where each message
// can be made: their formats, with each verb standing for what it prints.
// The calls are collected once per Module and shared by the static
// context (report.ReasonOrigin) and the offline analyzer.

// ErrorMaker is one call of the module that makes an error from a
// format: fmt.Errorf or errors.New with a string literal. It comes from
// the file's facts; Syntax parses the file for the call itself.
type ErrorMaker struct {
	File *File
	// Call is "fmt.Errorf" or "errors.New".
	Call string
	// Format is the literal as written, quotes included.
	Format string
	// Args are the source text of the arguments after the format, ""
	// for one written over several lines.
	Args []string
	// Line is the call's line; Func the short name of the function that
	// holds it, "" at package level (var ErrX = errors.New(…)).
	Line int
	Func string
	fact *makerFact
}

// Syntax returns the function that holds the call (nil at package level)
// and the call, parsing the file if need be; a nil call when the file no
// longer holds it.
func (em ErrorMaker) Syntax() (*ast.FuncDecl, *ast.CallExpr) {
	var fd *ast.FuncDecl
	if em.fact.DeclOffset >= 0 {
		fd = em.File.funcAt(em.fact.DeclOffset)
	}
	at := em.File.offsetPos(em.fact.Offset)
	var call *ast.CallExpr
	for _, d := range em.File.Syntax().Decls {
		if d.Pos() > at || d.End() < at {
			continue
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && c.Pos() == at && call == nil {
				call = c
			}
			return call == nil
		})
	}
	return fd, call
}

// errorMakerCalls are the calls that make a new error from a format.
var errorMakerCalls = map[string]bool{"fmt.Errorf": true, "errors.New": true}

// ErrorMakers returns the module's calls of fmt.Errorf and errors.New
// with a string literal format, in file order, from the files' facts.
func (m *Module) ErrorMakers() []ErrorMaker {
	m.makersOnce.Do(func() {
		for _, f := range m.Files {
			for i := range f.facts.Makers {
				mf := &f.facts.Makers[i]
				m.makers = append(m.makers, ErrorMaker{File: f, Call: mf.Call, Format: mf.Format, Args: mf.Args, Line: mf.Line, Func: mf.Func, fact: mf})
			}
		}
	})
	return m.makers
}

// reVerb matches a formatting verb of fmt with its flags, width and
// precision ("%v", "%-8s", "%.2f", "%w").
var reVerb = regexp.MustCompile(`%[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]`)

// formatPatterns keeps the compiled pattern of each format literal.
var formatPatterns sync.Map // string → *regexp.Regexp

// FormatMatches reports whether msg is what the quoted format literal
// gives, each verb standing for what it can print (digits for %d, any
// text for %v and %s); a format with fewer than min bytes of text of its
// own matches nothing, since "%w" or "failed: %v" would match anything.
func FormatMatches(literal, msg string, min int) bool {
	format, err := strconv.Unquote(literal)
	if err != nil || len(reVerb.ReplaceAllString(format, "")) < min {
		return false
	}
	if v, ok := formatPatterns.Load(format); ok {
		return v.(*regexp.Regexp).MatchString(msg)
	}
	pattern := "^"
	last := 0
	for _, m := range reVerb.FindAllStringIndex(format, -1) {
		pattern += regexp.QuoteMeta(format[last:m[0]]) + verbPattern(format[m[1]-1])
		last = m[1]
	}
	re, err := regexp.Compile(pattern + regexp.QuoteMeta(format[last:]) + "$")
	if err != nil {
		return false
	}
	formatPatterns.Store(format, re)
	return re.MatchString(msg)
}

// verbPattern is what a formatting verb can print.
func verbPattern(verb byte) string {
	switch verb {
	case 'd':
		return `[-+]?\d+`
	case 'x', 'X':
		return `[-+]?(?:0[xX])?[0-9a-fA-F]+`
	case 'e', 'E', 'f', 'F', 'g', 'G':
		return `[-+]?(?:[0-9.]+(?:[eE][-+]?\d+)?|Inf|NaN)`
	case 't':
		return `(?:true|false)`
	case 'q':
		return `(?:"(?s:.*?)"|'.*?'|` + "`(?s:.*?)`" + `)`
	case '%':
		return `%`
	}
	return `(?s:.*?)`
}

// minOriginFormat is how much text of its own a format needs to be named
// as where an error was made.
const minOriginFormat = 10

// ErrorOrigins returns the module's calls that make an error whose format
// gives one of msgs (tried in order; blanks around a message are
// ignored): those of the first message that any call matches, at most
// two, and none when more than two do (the format is too common to tell).
func (m *Module) ErrorOrigins(msgs ...string) []ErrorMaker {
	all := m.ErrorMakers()
	for _, msg := range msgs {
		msg = strings.TrimSpace(msg)
		if msg == "" {
			continue
		}
		var found []ErrorMaker
		for _, em := range all {
			if FormatMatches(em.Format, msg, minOriginFormat) {
				found = append(found, em)
			}
		}
		if len(found) > 0 {
			if len(found) > 2 {
				return nil
			}
			return found
		}
	}
	return nil
}
