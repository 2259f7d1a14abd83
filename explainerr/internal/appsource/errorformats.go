package appsource

import (
	"go/ast"
	"regexp"
	"slices"
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

// OwnTextLen returns how many bytes of text a format prints of its own,
// its verbs left out.
func OwnTextLen(format string) int { return len(reVerb.ReplaceAllString(format, "")) }

// formatPatterns keeps the matcher of each format literal.
var formatPatterns sync.Map // literal → *formatMatcher

// formatMatcher is a format literal made ready for matching: the texts it
// prints of its own, in order, and the pattern of a whole message.
type formatMatcher struct {
	// pieces are the format's literal texts around its verbs; a message
	// the format made holds each of them, in order, the first at its
	// start and the last at its end.
	pieces []string
	// own is how many bytes of text the format prints of its own.
	own int
	re  *regexp.Regexp
	// values is re with a group for each verb that prints a value.
	values *regexp.Regexp
}

// FormatMatches reports whether msg is what the quoted format literal
// gives, each verb standing for what it can print (digits for %d, any
// text for %v and %s); a format with fewer than min bytes of text of its
// own matches nothing, since "%w" or "failed: %v" would match anything.
//
// The pattern is tried only on a message that holds the format's own
// texts in order, which few messages do for most of a module's formats:
// a long message (a panic value may be 64 KiB) is then read with
// strings.Index rather than by one pattern per format.
func FormatMatches(literal, msg string, min int) bool {
	fm := formatMatcherOf(literal)
	if fm == nil || fm.own < min || !fm.holdsPieces(msg) {
		return false
	}
	return fm.re.MatchString(msg)
}

// FormatValues returns what each verb of the quoted format literal
// printed in msg, in order, when msg is what the format gives (as
// FormatMatches decides, with min); nil otherwise.
func FormatValues(literal, msg string, min int) []string {
	fm := formatMatcherOf(literal)
	if fm == nil || fm.own < min || !fm.holdsPieces(msg) || fm.values == nil {
		return nil
	}
	m := fm.values.FindStringSubmatch(msg)
	if m == nil {
		return nil
	}
	return m[1:]
}

// formatMatcherOf returns the matcher of a format literal, made once; nil
// when the literal is not a string or its pattern does not compile.
func formatMatcherOf(literal string) *formatMatcher {
	if v, ok := formatPatterns.Load(literal); ok {
		return v.(*formatMatcher)
	}
	var fm *formatMatcher
	if format, err := strconv.Unquote(literal); err == nil {
		fm = newFormatMatcher(format)
	}
	formatPatterns.Store(literal, fm)
	return fm
}

// newFormatMatcher compiles a format's pattern and lists its own texts.
func newFormatMatcher(format string) *formatMatcher {
	fm := &formatMatcher{}
	pattern, grouped := "^", "^"
	last := 0
	for _, m := range reVerb.FindAllStringIndex(format, -1) {
		fm.pieces = append(fm.pieces, format[last:m[0]])
		pattern += regexp.QuoteMeta(format[last:m[0]]) + verbPattern(format[m[1]-1])
		if verb := format[m[1]-1]; verb == '%' {
			grouped += regexp.QuoteMeta(format[last:m[0]]) + "%"
		} else {
			grouped += regexp.QuoteMeta(format[last:m[0]]) + "(" + verbPattern(verb) + ")"
		}
		last = m[1]
	}
	fm.values, _ = regexp.Compile(grouped + regexp.QuoteMeta(format[last:]) + "$")
	fm.pieces = append(fm.pieces, format[last:])
	for _, p := range fm.pieces {
		fm.own += len(p)
	}
	re, err := regexp.Compile(pattern + regexp.QuoteMeta(format[last:]) + "$")
	if err != nil {
		return nil
	}
	fm.re = re
	return fm
}

// holdsPieces reports whether msg starts with the format's first text,
// ends with its last and holds the others between, in order: what every
// message the format made does.
func (fm *formatMatcher) holdsPieces(msg string) bool {
	first := fm.pieces[0]
	if !strings.HasPrefix(msg, first) {
		return false
	}
	rest := msg[len(first):]
	if len(fm.pieces) == 1 {
		return rest == ""
	}
	for _, p := range fm.pieces[1 : len(fm.pieces)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return strings.HasSuffix(rest, fm.pieces[len(fm.pieces)-1])
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
// as where an error was made: "album %s: %v" has 8, "get %s: %w" 6.
const minOriginFormat = 8

// findErrorOrigins is ErrorOrigins, read from every error-making call of
// the module.
func (m *Module) findErrorOrigins(msgs ...string) []ErrorMaker {
	all := m.ErrorMakers()
	var tried []string
	for _, msg := range msgs {
		// A line of the app's own making around the error: the error
		// in it too (ErrorInLine).
		tried = append(tried, msg)
		tried = append(tried, m.ErrorInLine(msg)...)
	}
	for _, msg := range tried {
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
		if len(found) == 0 {
			// A wrap too short to tell on its own, tied to the message
			// by the sentinel it wraps.
			for _, em := range all {
				if m.wrapsSentinelInto(em, msg) {
					found = append(found, em)
				}
			}
		}
		if len(found) > 0 {
			found = mostParticular(found, func(em ErrorMaker) string { return em.Format })
			if len(found) > 2 {
				return nil
			}
			return found
		}
	}
	return nil
}

// mostParticular keeps those of items whose format no other item's
// format opens past (OpensPast): of makers whose formats all give one
// message, "unable to load user for email %s: %w" made "unable to load
// user for email a@b: …" more surely than "unable to load user %s: %w",
// whose verb took the words the other prints; formats that open
// differently (an outer wrap and the inner error's own) both stay.
func mostParticular[T any](items []T, format func(T) string) []T {
	var out []T
	for _, it := range items {
		if !slices.ContainsFunc(items, func(o T) bool { return OpensPast(format(o), format(it)) }) {
			out = append(out, it)
		}
	}
	return out
}

// OpensPast reports whether format a opens with the words format b opens
// with and prints more before its first verb: a is the more particular
// of two formats that give one message. Quotes around a literal are
// ignored.
func OpensPast(a, b string) bool {
	lead := func(f string) string {
		f = strings.Trim(f, "`\"")
		if loc := reVerb.FindStringIndex(f); loc != nil {
			return f[:loc[0]]
		}
		return f
	}
	la, lb := lead(a), lead(b)
	return lb != "" && len(la) > len(lb) && strings.HasPrefix(la, lb)
}

// minSentinelWrap is how much text of its own a format that wraps one of
// the module's sentinels needs ("tag %d: %v" has 6): the sentinel's own
// message, in the message where the format puts it, ties them.
const minSentinelWrap = 3

// wrapsSentinelInto reports whether em, a short format, gives msg with one
// of its arguments a sentinel of the module (var ErrNotFound =
// errors.New("not found")) whose message ends msg: fmt.Errorf("tag %d:
// %v", id, ErrNotFound) made "tag 99: not found"; or with an error
// variable, when a sentinel's message ends msg.
func (m *Module) wrapsSentinelInto(em ErrorMaker, msg string) bool {
	if em.Func == "" || !FormatMatches(em.Format, msg, minSentinelWrap) {
		return false
	}
	sentinels := m.Sentinels()
	for _, a := range em.Args {
		name := a[strings.LastIndexByte(a, '.')+1:]
		if text, ok := sentinels[name]; ok && text != "" && strings.HasSuffix(msg, text) {
			return true
		}
		// An error variable the wrap is given (err), whose message, a
		// sentinel's, ends msg: fmt.Errorf("user %s: %v", name, err) of
		// a lookup that returned ErrUserNotFound.
		if (name == "err" || strings.HasSuffix(name, "Err")) && m.EndsWithSentinel(msg) {
			return true
		}
	}
	return false
}

// Sentinels returns the messages of the module's package-level errors
// made with errors.New (var ErrNotFound = errors.New("not found")), by
// variable name, read once per Module from its error makers.
func (m *Module) Sentinels() map[string]string {
	m.sentinelsOnce.Do(func() {
		m.sentinels = map[string]string{}
		for _, em := range m.ErrorMakers() {
			if em.Func != "" || em.Call != "errors.New" {
				continue
			}
			lines := em.File.Lines()
			if em.Line < 1 || em.Line > len(lines) {
				continue
			}
			name := reSentinelDecl.FindStringSubmatch(lines[em.Line-1])
			if msg, err := strconv.Unquote(em.Format); err == nil && name != nil {
				m.sentinels[name[1]] = msg
			}
		}
	})
	return m.sentinels
}

// EndsWithSentinel reports whether msg ends, after a ": ", with the
// message of one of the module's sentinels ("user x: user not found" of
// ErrUserNotFound): an error that wrapped it on its way.
func (m *Module) EndsWithSentinel(msg string) bool {
	for _, text := range m.Sentinels() {
		if text != "" && strings.HasSuffix(msg, ": "+text) {
			return true
		}
	}
	return false
}

// reSentinelDecl finds the variable a package-level errors.New is given
// to, on its line.
var reSentinelDecl = regexp.MustCompile(`\b(\w+)\s*=\s*errors\.New\(`)
