// Package checker is the evaluation's mechanical claim checker: it extracts
// the checkable code claims of an explanation (backtick spans, the names
// used inside code expressions, calls, function signatures, file names,
// file:line references and line numbers written in prose, struct fields,
// template names and action chains) and looks each one up in the whole
// module, its comments left out. It is free, deterministic and neutral
// between modes: it checks against everything, not against what one mode
// happened to see.
package checker

import (
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// Kinds of claims.
const (
	KindIdentifier = "identifier" // a bare name: `showPost`
	KindSelector   = "selector"   // a qualified name: `Post.Title`, `store.PostByID`
	KindCall       = "call"       // a call: `PostByID(ctx, id)`
	KindSignature  = "signature"  // a declaration: `func (s *Store) PostByID(id int64) (*Post, error)`
	KindField      = "field"      // a field with its type: `Post.Views int`
	KindFile       = "file"       // a file name: `handlers.go`
	KindFileLine   = "file_line"  // a file and line: `handlers.go:42`
	KindTemplate   = "template"   // a template action or name: `{{.Post.Title}}`
)

// Claim is one checkable statement about the code.
type Claim struct {
	// Text is the claim as written in the explanation.
	Text string `json:"text"`
	Kind string `json:"kind"`
	// InCode is true for claims taken from a fenced code block.
	InCode bool `json:"in_code,omitempty"`
	// Proposed is true when the text introduces the name as new ("add a
	// helper `parseID`"): an unknown proposed name is not a fabrication.
	Proposed bool `json:"proposed,omitempty"`
	// File and Line, when set, place the claim: "`showPost` in
	// handlers.go" or "`showPost` (handlers.go:42)".
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`

	start, end int // byte offsets in the prose it came from
	// fromExpr marks a name taken from inside a code expression; such a
	// claim is not the one a following "in file.go" places.
	fromExpr bool
	// literalField marks a key of a composite literal ("Account.ID" from
	// "`Account{ID: 1}`"): the type must have the field itself.
	literalField bool
	// fromProse marks a name written in plain prose, outside code spans.
	fromProse bool
	// kinded marks a plain word of prose taken for a name because a kind
	// of declaration stands beside it ("the Do method", "type Group"): it
	// is a claim only when the module declares it.
	kinded bool
	// clausePlaced marks a file and line its clause gave the claim, not
	// its neighbour ("`a` ... `b` (cart.go:40)"): the line may be where
	// another name of the clause is.
	clausePlaced bool
	// value is the number the prose says the name equals ("`FailureCode`
	// is 403"), or "".
	value string
	// scope are the module functions the rest of the text names: a
	// variable of one of them ("`c.items`" in a sentence about `Lookup`)
	// is looked up there first.
	scope []*source.Func
}

var (
	fenceRe     = regexp.MustCompile("(?ms)^[ \t]*```[^\n]*\n(.*?)^[ \t]*```[ \t]*$")
	backtickRe  = regexp.MustCompile("`([^`\n]+)`")
	fileRe      = regexp.MustCompile(`(?:^|[\s(\[,;"'])((?:[A-Za-z0-9_\-]+/)*[A-Za-z0-9_\-]+\.(?:go|html|tmpl|gohtml|sql))(?::(\d+))?\b`)
	proseCallRe = regexp.MustCompile(`(?:^|[^\w.` + "`" + `])((?:\(\*?[A-Za-z_]\w*\)\.)?[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)\(([^()\n]*)\)`)
	codeSigRe   = regexp.MustCompile(`(?m)^[ \t]*func\b[^\n{]*`)
	codeCallRe  = regexp.MustCompile(`\b([A-Za-z_]\w*)\.([A-Za-z_]\w*)\(`)
	identRe     = regexp.MustCompile(`^[A-Za-z_]\w*$`)
	selectorRe  = regexp.MustCompile(`^(?:\(\*?[A-Za-z_]\w*\)|[A-Za-z_]\w*)(?:\.[A-Za-z_]\w*)+$`)
	callSpanRe  = regexp.MustCompile(`^((?:\(\*?[A-Za-z_]\w*\)\.)?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\((.*)\)$`)
	fieldSpanRe = regexp.MustCompile(`^((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s+(\*?(?:\[\d*\]\*?)*(?:map\[[\w.*]+\](?:\[\d*\]\*?)*\*?)?[A-Za-z_][\w.]*)$`)
	fileSpanRe  = regexp.MustCompile(`^((?:[A-Za-z0-9_\-]+/)*[A-Za-z0-9_\-]+\.(?:go|html|tmpl|gohtml|sql))(?::(\d+))?$`)
	proposeRe   = regexp.MustCompile(`(?i)\b(?:add|adding|introduce|introducing|create|creating|define|defining|declare|declaring|new|write|writing|extract|extracting|rename\w*(?: it)? to)\b(?:\s+(?:a|an|the|new|small|helper|function|method|field|variable|constant|sentinel|error|type|func|check|called|named))*\s*$`)
	insideRe    = regexp.MustCompile(`(?i)^[\s,]*(?:inside|in|within|in the function|in the method)\s*[(` + "`" + `]*\s*$`)
	isARe       = regexp.MustCompile(`(?i)^\s*(?:is|has type|is of type)\s+(?:a|an)?\s*$`)
	placeRe     = regexp.MustCompile(`(?i)^[\s,(–—-]*(?:(?:is|are|which is)\s+)?(?:(?:defined|declared|located|implemented|found|lives?|panics|panicked|fails|failed|crashes|crashed|breaks|happens|occurs)\s+)?(?:in|inside|at|of|from|on)?(?:\s+the\s+file)?\s*[(` + "`" + `]*\s*$`)
)

// keywords are Go keywords and words that are not claims about the code.
var keywords = map[string]bool{
	"break": true, "case": true, "chan": true, "const": true, "continue": true, "default": true,
	"defer": true, "else": true, "fallthrough": true, "for": true, "func": true, "go": true,
	"goto": true, "if": true, "import": true, "interface": true, "map": true, "package": true,
	"range": true, "return": true, "select": true, "struct": true, "switch": true, "type": true, "var": true,
}

// Extract returns the checkable claims of a Markdown explanation, in order:
// from its prose, backtick spans, calls, file names and file:line
// references; from its fenced code, declaration signatures and calls of
// package members or methods.
func Extract(text string) []Claim {
	var claims []Claim
	var code strings.Builder
	prose := fenceRe.ReplaceAllStringFunc(text, func(block string) string {
		body := fenceRe.FindStringSubmatch(block)[1]
		claims = append(claims, extractCode(body)...)
		code.WriteString(body + "\n")
		return strings.Repeat(" ", len(block)) // keep offsets of the prose
	})
	claims = append(claims, extractProse(prose, code.String())...)
	return dedupe(claims)
}

func extractCode(body string) []Claim {
	var out []Claim
	for _, sig := range codeSigRe.FindAllString(body, -1) {
		sig = strings.TrimSpace(sig)
		out = append(out, Claim{Text: sig, Kind: KindSignature, InCode: true})
	}
	for _, mm := range codeCallRe.FindAllStringSubmatch(body, -1) {
		out = append(out, Claim{Text: mm[1] + "." + mm[2], Kind: KindSelector, InCode: true})
	}
	return append(out, codeLiteralFields(body)...)
}

func extractProse(prose, code string) []Claim {
	var out []Claim
	covered := make([]bool, len(prose))
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		span := strings.TrimSpace(prose[loc[2]:loc[3]])
		for i := loc[0]; i < loc[1]; i++ {
			covered[i] = true
		}
		proposed := proposeRe.MatchString(prose[max(0, loc[0]-40):loc[0]])
		if c, ok := buildSpan(prose[max(0, loc[0]-40):loc[0]], span); ok {
			c.start, c.end = loc[0], loc[1]
			out = append(out, c)
			continue
		}
		for _, c := range classifySpan(span) {
			c.start, c.end = loc[0], loc[1]
			c.Proposed = proposed
			out = append(out, c)
		}
	}
	for _, loc := range fileRe.FindAllStringSubmatchIndex(prose, -1) {
		if covered[loc[2]] {
			continue
		}
		c := Claim{Text: prose[loc[2]:loc[1]], Kind: KindFile, start: loc[2], end: loc[1]}
		markCovered(covered, loc[2], loc[1])
		if loc[4] >= 0 {
			c.Kind = KindFileLine
		}
		out = append(out, c)
	}
	for _, loc := range proseCallRe.FindAllStringSubmatchIndex(prose, -1) {
		if covered[loc[2]] {
			continue
		}
		name := prose[loc[2]:loc[3]]
		if keywords[name] || !looksLikeCode(name) {
			continue
		}
		c := Claim{Text: prose[loc[2]:loc[1]], Kind: KindCall, start: loc[2], end: loc[1]}
		c.Proposed = proposeRe.MatchString(prose[max(0, loc[2]-40):loc[2]])
		markCovered(covered, loc[2], loc[1])
		out = append(out, c)
	}
	out = append(out, proseNames(prose, code, covered)...)
	sortByStart(out)
	used := fileLines(prose, out)
	out = unplacedLines(prose, place(prose, out))
	return statedValues(prose, mergeFieldTypes(prose, bareLines(prose, out, used)))
}

func markCovered(covered []bool, a, b int) {
	for i := a; i < b && i < len(covered); i++ {
		covered[i] = true
	}
}

// notTypes are words that follow "is a" without naming a type.
var notTypes = map[string]bool{"nil": true, "true": true, "false": true, "iota": true}

// inFuncRe joins a variable to the function it belongs to: "`ctx.token`
// in `ctxSetToken`".
var inFuncRe = regexp.MustCompile("^`?\\s*(?:in|inside)\\s+`?$")

// between is the prose from the end of a to the start of b, or "".
func between(prose string, a, b Claim) string {
	if a.end > b.start {
		return ""
	}
	return prose[a.end:b.start]
}

// mergeFieldTypes turns "`Post.Views` is an `int`" into the field claim
// "Post.Views int".
func mergeFieldTypes(prose string, claims []Claim) []Claim {
	var out []Claim
	for i := 0; i < len(claims); i++ {
		c := claims[i]
		if c.Kind == KindSelector && i+2 < len(claims) && inFuncRe.MatchString(between(prose, c, claims[i+1])) && claims[i+1].Kind == KindIdentifier {
			// "`ctx.token` in `ctxSetToken` is a `string`": the function
			// stays a claim (it scopes the variable), the rest is the field.
			f, typ := claims[i+1], claims[i+2]
			text := strings.Trim(prose[typ.start:typ.end], "`")
			if (typ.Kind == KindIdentifier || typ.Kind == KindSelector) && !notTypes[text] && f.end <= typ.start &&
				isARe.MatchString(prose[f.end:typ.start]) && fieldSpanRe.MatchString(c.Text+" "+text) {
				c.Kind, c.Text = KindField, c.Text+" "+text
				out = append(out, c, f)
				i += 2
				continue
			}
		}
		if c.Kind == KindSelector && i+1 < len(claims) {
			next := claims[i+1]
			typ := strings.Trim(prose[next.start:next.end], "`")
			if (next.Kind == KindIdentifier || next.Kind == KindSelector) && !notTypes[typ] && c.end <= next.start &&
				isARe.MatchString(prose[c.end:next.start]) && fieldSpanRe.MatchString(c.Text+" "+typ) {
				c.Kind, c.Text, c.end = KindField, c.Text+" "+typ, next.end
				out = append(out, c)
				i++
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// looksLikeCode tells a call written in prose ("PostByID(id)") from an
// ordinary word followed by a parenthesis.
func looksLikeCode(name string) bool {
	if strings.ContainsAny(name, "._") {
		return true
	}
	for i := 1; i < len(name); i++ {
		if name[i] >= 'A' && name[i] <= 'Z' {
			return true // camelCase or MixedCase inside the word
		}
	}
	return false
}

// balanced reports whether the arguments of a call span close every
// parenthesis they open and none they do not: in "`w.Header().Add(k, v)`"
// the call is Add's, not Header's with the arguments "`).Add(k, v`".
func balanced(args string) bool {
	depth := 0
	for _, r := range args {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// looksLikeType tells the type of a field span ("count int", "Owner
// *Owner") from a second word of prose ("missing account").
func looksLikeType(t string) bool {
	if _, ok := types.Universe.Lookup(t).(*types.TypeName); ok {
		return true
	}
	return strings.ContainsAny(t, ".*[") || t[0] >= 'A' && t[0] <= 'Z'
}

// classifySpan decides what a backtick span claims, if anything: one
// claim about the span as a whole (a name, a call, a signature, a file, a
// template action), and, for a call, the names its arguments use; or, for
// any other Go expression or statement, the names used inside it.
func classifySpan(s string) []Claim {
	if concreteRequest(s) {
		return nil // a request ("PUT /v1/products/7"): its path is no code
	}
	c, ok := classifyWhole(s)
	switch {
	case !ok:
		return exprClaims(s, false)
	case c.Kind == KindCall:
		return append([]Claim{c}, exprClaims(s, true)...)
	}
	return []Claim{c}
}

// classifyWhole decides what a backtick span claims as a whole, if it is
// a single name, call, signature, field, file or template action.
func classifyWhole(s string) (Claim, bool) {
	c := Claim{Text: s}
	switch {
	case strings.HasPrefix(s, "func "):
		c.Kind = KindSignature
	case strings.HasPrefix(s, "func("):
		return c, false // a function type or literal: the names inside it are claims
	case strings.HasPrefix(s, "{{"):
		c.Kind = KindTemplate
	case fileSpanRe.MatchString(s):
		c.Kind = KindFile
		if fileSpanRe.FindStringSubmatch(s)[2] != "" {
			c.Kind = KindFileLine
		}
	case callSpanRe.MatchString(s) && balanced(callSpanRe.FindStringSubmatch(s)[2]):
		c.Kind = KindCall
	case selectorRe.MatchString(s):
		c.Kind = KindSelector
	case identRe.MatchString(s):
		if keywords[s] {
			return c, false
		}
		c.Kind = KindIdentifier
	case fieldSpanRe.MatchString(s) && !keywords[fieldSpanRe.FindStringSubmatch(s)[1]] && !keywords[fieldSpanRe.FindStringSubmatch(s)[2]]:
		// "name Type" of a struct's field; not a statement ("break L",
		// "goto done", "return err"). A lower-case type that is not
		// predeclared ("`entropy uint80`") is a claim only where the
		// module declares a type so named (see unsureFieldType).
		c.Kind = KindField
	default:
		return c, false // an expression or a value: not a claim about a name
	}
	return c, true
}

// place attaches a file (and line) to the code claim just before it when
// the prose says where that code is: "`showPost` in handlers.go",
// "`showPost` (handlers.go:42)".
func place(prose string, claims []Claim) []Claim {
	for i := 0; i < len(claims); i++ {
		f := &claims[i]
		if f.Kind != KindFile && f.Kind != KindFileLine {
			continue
		}
		file, line := splitFileLine(f.Text)
		if i > 0 {
			if prev := &claims[i-1]; prev.File == "" && placesBefore(prose, claims, i-1, i) {
				if !calledOne(prose, claims, i-1) {
					prev.File, prev.Line = file, line
				}
				continue
			}
		}
		// "models.go:75, inside `AddPost`"
		if i+1 < len(claims) {
			next := &claims[i+1]
			if next.File == "" && placesAfter(prose, *f, *next) {
				next.File, next.Line = file, line
			}
		}
	}
	return claims
}

// placesBefore reports whether the file claim claims[i] places the code
// claim claims[p] right before it: "`showPost` in handlers.go",
// "`NewCart` (cart.go:33) returns ...". A citation in parentheses that
// closes its clause ("... when `regexp.Compile` fails on `o.AllowedHosts`
// (secure.go:175).") speaks of the whole clause, not of its last name; so
// does one that follows a name other than the first of its clause ("`F`
// calls `g(x)` for each key of `src` (f.go:91) and ..."): the line holds a
// step of the clause, not necessarily the name beside it.
func placesBefore(prose string, claims []Claim, p, i int) bool {
	prev, f := claims[p], claims[i]
	if !isCode(prev.Kind) || prev.fromExpr || prev.end > f.start || f.start-prev.end > 40 || !placeRe.MatchString(prose[prev.end:f.start]) {
		return false
	}
	if !strings.Contains(prose[prev.end:f.start], "(") {
		return true
	}
	if methodExprRe.MatchString(prev.Text) && adjacentParenRe.MatchString(prose[prev.end:f.start]) {
		// "`(*Core).Delete` (`product.go:153`)": a method written as a
		// trace writes it, its declaration's place right beside it.
		return true
	}
	return !closesClauseRe.MatchString(prose[f.end:]) && firstOfClause(prose, claims, p)
}

var (
	// methodExprRe is a method written with its receiver type in
	// parentheses: "(*Core).Delete", "(Store).Get".
	methodExprRe = regexp.MustCompile(`^\(\*?[A-Za-z_]\w*(?:\[[^\]]*\])?\)\.[A-Za-z_]\w*$`)
	// adjacentParenRe is what stands between a name and a citation in
	// parentheses right after it.
	adjacentParenRe = regexp.MustCompile("^`?\\s*\\(\\s*`?$")
)

// firstOfClause reports whether claims[p] is the first code claim of its
// clause.
func firstOfClause(prose string, claims []Claim, p int) bool {
	from, _ := clauseAround(prose, claims[p].start)
	for j := p - 1; j >= 0; j-- {
		if claims[j].start < from {
			break
		}
		if isCode(claims[j].Kind) && !claims[j].fromExpr {
			return false
		}
	}
	return true
}

// closesClauseRe starts right after a citation in parentheses that ends
// its clause.
var closesClauseRe = regexp.MustCompile(`^\)\s*(?:[.!?;]|$)`)

// placesAfter reports whether the file claim f places the code claim right
// after it: "models.go:75, inside `AddPost`".
func placesAfter(prose string, f, next Claim) bool {
	return isCode(next.Kind) && !next.fromExpr && f.end <= next.start && next.start-f.end <= 30 && insideRe.MatchString(prose[f.end:next.start])
}

func isCode(kind string) bool {
	switch kind {
	case KindIdentifier, KindSelector, KindCall, KindSignature:
		return true
	}
	return false
}

// splitFileLine splits "handlers.go:42" into its file and line.
func splitFileLine(s string) (string, int) {
	s = strings.Trim(s, "`")
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return s, 0
	}
	n := 0
	for _, r := range s[i+1:] {
		if r < '0' || r > '9' {
			return s, 0
		}
		n = n*10 + int(r-'0')
	}
	return s[:i], n
}

func sortByStart(cs []Claim) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].start < cs[j-1].start; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// dedupe keeps the first of identical claims (same text, kind and place).
func dedupe(cs []Claim) []Claim {
	seen := map[string]bool{}
	var out []Claim
	for _, c := range cs {
		k := c.Kind + "\x00" + c.Text + "\x00" + c.File
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}
