package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// lineRef is a line the text cites: "handlers.go:42", "line 42 of
// handlers.go", or a bare "line 42" (file "").
type lineRef struct {
	file       string
	line       int
	start, end int
	// last is the range's last line when the prose cites one
	// ("cors.go:297-299"), else 0.
	last int
	// result is the index of the file:line claim's result, or -1.
	result int
	// placed is set for a line placed on a call quoted right before it
	// ("`d.pool.Put(dec)` at f.go:186"), which only placedCallElsewhere
	// judges.
	placed bool
}

// checkCitedLines checks what each cited line holds against what its
// clause says is there: when the clause names code (backtick spans, names
// in prose) other than the declarations the line falls in, at least one
// of those must occur in the statement at that line. "`ErrMissing` is
// wrapped at shapes.go:55" is contradicted when line 55 holds another
// statement, even inside the right function. A contradiction replaces the
// verdict of the file:line claim, or is added as a result for a bare line.
func (c *Checker) checkCitedLines(prose string, claims []Claim, results []Result) []Result {
	for _, ref := range append(lineRefs(prose, claims, results), c.placedCallLines(prose, claims, results)...) {
		if ref.result >= 0 && results[ref.result].Verdict != Verified {
			continue
		}
		reason, wrong := c.lineHoldsOther(prose, claims, ref)
		if ref.placed {
			reason, wrong = c.placedCallElsewhere(prose, claims, ref)
		}
		if !wrong {
			continue
		}
		if ref.result >= 0 {
			results[ref.result].Verdict, results[ref.result].Reason = Contradicted, reason
			continue
		}
		cl := Claim{Text: fmt.Sprintf("line %d", ref.line), Kind: KindFileLine, Line: ref.line, start: ref.start, end: ref.end}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: reason})
	}
	return results
}

// lineRefs lists the lines the prose cites: its file:line claims, and the
// bare "line N" its clause does not already give a file to.
func lineRefs(prose string, claims []Claim, results []Result) []lineRef {
	var refs []lineRef
	for i, r := range results {
		if r.Kind == KindFileLine && !r.InCode && !placedOn(prose, claims, r.Claim) && !nearRe.MatchString(prose[:r.start]) {
			file, line := splitFileLine(r.Text)
			last := 0
			if m := rangeEndRe.FindStringSubmatch(prose[r.end:]); m != nil {
				if n, err := strconv.Atoi(m[1]); err == nil && n > line {
					last = n
				}
			}
			refs = append(refs, lineRef{file: file, line: line, start: r.start, end: r.end, result: i, last: last})
		}
	}
	for _, mm := range bareLineRe.FindAllStringSubmatchIndex(prose, -1) {
		n, err := strconv.Atoi(prose[mm[2]:mm[3]])
		if err != nil || n <= 0 || inCode(mm[0], claims) || nearRe.MatchString(prose[:mm[0]]) {
			continue
		}
		from, to := clauseAround(prose, mm[0])
		cited := false
		for _, r := range refs {
			cited = cited || r.line == n && r.start >= from && r.end <= to
		}
		if !cited {
			refs = append(refs, lineRef{line: n, start: mm[0], end: mm[1], result: -1})
		}
	}
	return refs
}

// rangeEndRe follows a cited line that starts a range: "-299" of
// "cors.go:297-299".
var rangeEndRe = regexp.MustCompile(`^[-–](\d+)\b`)

// adjacentSpanRe captures the code span right before a cited line: "`x`
// (f.go:40)", "`x` at f.go:40".
var adjacentSpanRe = regexp.MustCompile("`([^`]*)`\\s*,?\\s*\\(?(?:(?:at|on)\\s+)?(?:line\\s+)?$")

// proseNumberRe is a number of two digits or more written in prose.
var proseNumberRe = regexp.MustCompile(`\b\d{2,}\b`)

// proseDigitRe is a one-digit number the prose gives as a value ("when its
// value is the float64 0"), which proseNumberRe leaves aside as too
// common.
var proseDigitRe = regexp.MustCompile(`\b(?:is|equals|to|value|of)\s+(?:the\s+)?(?:[A-Za-z]\w*\s+)?(\d)\b`)

// saysNumberThere reports whether the prose before a cited line, outside
// code spans, states a number the statement writes as a literal ("clamps
// it to 600 seconds at cors.go:297-299" of "if age > 600 {"): the
// clause describes that statement in words.
func saysNumberThere(before, stmt string) bool {
	have := map[string]bool{}
	for _, m := range numberLitRe.FindAllStringSubmatch(stringLitRe.ReplaceAllString(stmt, `""`), -1) {
		have[m[1]] = true
	}
	for _, n := range proseNumberRe.FindAllString(outsideCode(before), -1) {
		if have[n] {
			return true
		}
	}
	for _, m := range proseDigitRe.FindAllStringSubmatch(outsideCode(before), -1) {
		if have[m[1]] {
			return true
		}
	}
	return false
}

// proseQuoteRe is a string quoted in prose with plain double quotes
// ("rewrites it to "true"").
var proseQuoteRe = regexp.MustCompile(`"([^"\n]{1,60})"`)

// saysLiteralThere reports whether the prose before a cited line, outside
// code spans, quotes a string the statement writes as a literal ("sets
// it to "true" at usage.go:140" of `req = "true"`).
func saysLiteralThere(before, stmt string) bool {
	words := outsideCode(before)
	for _, m := range proseQuoteRe.FindAllStringSubmatch(words, -1) {
		if strings.Contains(stmt, strconv.Quote(m[1])) || strings.Contains(stmt, "`"+m[1]+"`") {
			return true
		}
	}
	for _, m := range proseRuneRe.FindAllStringSubmatch(words, -1) {
		if strings.Contains(stmt, m[1]) {
			return true
		}
	}
	return false
}

// proseRuneRe is a rune literal written in prose: "outside 'a' to 'z'".
var proseRuneRe = regexp.MustCompile(`(?:^|[\s(,])('(?:[^'\\\s]|\\.)')`)

// separatorLeadRe ends prose that quotes a literal as a separator, a
// thing found in the text ("before the first `", "`"), not as a value the
// line gives ("returning `""`").
var separatorLeadRe = regexp.MustCompile(`(?i)\b(?:first|last|each|every|next|a|an)\s*$`)

// punctuationLiteral reports whether a span is a string literal of
// punctuation and spaces only, such as a separator.
func punctuationLiteral(span string) bool {
	v, err := strconv.Unquote(strings.TrimSpace(span))
	if err != nil {
		return false
	}
	for _, r := range v {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// exportedNameRe is an exported name in code or prose.
var exportedNameRe = regexp.MustCompile(`\b[A-Z]\w*\b`)

// namesInWords reports whether a clause's plain prose, its code spans
// left out, names at least two distinct exported names the statement
// writes ("for the Chan, Func and Map kinds" of "case reflect.Chan,
// reflect.Func, reflect.Map:"): the line is what the clause speaks of.
func namesInWords(clause, stmt string) bool {
	words := map[string]bool{}
	for _, w := range exportedNameRe.FindAllString(backtickRe.ReplaceAllString(clause, " "), -1) {
		words[w] = true
	}
	seen := map[string]bool{}
	for _, w := range exportedNameRe.FindAllString(stmt, -1) {
		if words[w] {
			seen[w] = true
		}
	}
	return len(seen) >= 2
}

// nearRe ends prose that cites a line as a landmark, not as the place of
// what the clause names: "before line 42", "after handlers.go:40".
var nearRe = regexp.MustCompile(`(?i)\b(?:before|after|above|below|around|near)\s+` + "`?$")

// placedOn reports whether a file:line claim is the place of the code
// claim right beside it ("`NewCart` (cart.go:33)", "`Add` at cart.go:40"):
// that claim's own check judges it. It decides as place() does: a line
// after what the clause says is called ("`F` calls `G` at f.go:40") is
// given to neither, so what the line holds is judged here.
func placedOn(prose string, claims []Claim, fl Claim) bool {
	for i, cl := range claims {
		if cl.start != fl.start || cl.Text != fl.Text {
			continue
		}
		before := i > 0 && placesBefore(prose, claims, i-1, i) && !calledOne(prose, claims, i-1)
		return before || i+1 < len(claims) && placesAfter(prose, cl, claims[i+1])
	}
	return false
}

// lineHoldsOther decides whether the statement at ref holds none of what
// its clause names, in every module file the reference may mean; it
// returns the reason when so.
func (c *Checker) lineHoldsOther(prose string, claims []Claim, ref lineRef) (string, bool) {
	from, to := clauseAround(prose, ref.start)
	files := c.refFiles(claims, ref, from, to)
	// A file name several module files end in ("render.go") is wrong only
	// when none of them holds what the clause names at that line.
	var reasons []string
	for _, file := range files {
		first, last := c.statementLines(file, ref.line)
		if ref.last > last && ref.last <= len(c.views().code[file]) {
			last = ref.last // a range: every statement in it
		}
		stmt := strings.Join(c.views().code[file][first-1:last], "\n")
		if reason, elsewhere := c.citedStatementElsewhere(prose[from:ref.start], file, ref, stmt, false); elsewhere {
			reasons = append(reasons, reason)
			continue
		}
		if reason, differs := citedPairDiffers(prose[from:ref.start], file, ref, stmt); differs {
			reasons = append(reasons, reason)
			continue
		}
		if reason, differs := citedCallDiffers(prose[from:ref.start], file, ref, stmt); differs {
			reasons = append(reasons, reason)
			continue
		}
		if reason, cut := citedCompareCut(prose[from:ref.start], file, ref, stmt); cut {
			reasons = append(reasons, reason)
			continue
		}
		if c.inCallee(prose, claims, from, to, file, ref.line) || c.namedInProse(prose[from:to], file, ref.line) {
			return "", false
		}
		if reason, elsewhere := c.citedStatementElsewhere(prose[from:ref.start], file, ref, stmt, true); elsewhere {
			reasons = append(reasons, reason)
			continue
		}
		if saysBranch(prose[from:ref.start], stmtHead(stmt)) || namesInWords(prose[from:to], stmt) || saysWhatLineDoes(citedFragment(prose[from:ref.start]), stmt) || saysReturned(prose[from:to], stmt) || elidedReturn(prose, from, to, stmt) || saysNumberThere(prose[from:ref.start], stmt) || saysLiteralThere(prose[from:ref.start], stmt) {
			return "", false
		}
		spans := clauseSpans(prose, claims, from, to)
		for _, sp := range spans {
			if i := strings.IndexByte(sp.text, '('); i > 0 && strings.HasSuffix(sp.text, ")") && c.guardedBy(file, ref.line, lastName(sp.text[:i])) > 0 {
				// "returns an error when `valid(name)` is false (f.go:134)":
				// the line the condition's branch starts at.
				return "", false
			}
		}
		if m := kindBeforeCiteRe.FindStringSubmatch(prose[from:ref.start]); m != nil && c.declaresAt(m[1], file, ref.line) {
			// "the default `onError` handler (limiter.go:194)": the
			// line that declares the function named right before it.
			return "", false
		}
		if m := adjacentSpanRe.FindStringSubmatch(prose[from:ref.start]); m != nil && c.declaresAt(lastName(m[1]), file, ref.line) {
			// "the package function `Save` (sessions.go:173)": the same,
			// its kind said before its name.
			return "", false
		}
		if loc := adjacentSpanRe.FindStringSubmatchIndex(prose[from:ref.start]); loc != nil && punctuationLiteral(prose[from+loc[2]:from+loc[3]]) && separatorLeadRe.MatchString(prose[from:from+loc[0]]) {
			// The line is placed right after a separator the sentence
			// quotes ("before the first `", "` (f.go:78)"): what it
			// says is done there is in words, not in code the line
			// could be read for.
			return "", false
		}
		content, present := 0, 0
		for _, sp := range spans {
			if concreteRequest(sp.text) && c.quotedIn(strings.Fields(sp.text)[1]) == "" {
				continue // a request ("PUT /v1/products/7"), not code
			}
			if base, ok := strings.CutSuffix(sp.text, closureSuffixRe.FindString(sp.text)); ok && base != sp.text && c.encloses([]Claim{{Text: base, Kind: KindSelector}}, file, ref.line) {
				continue // a function literal's trace name ("mid.Errors.func3.1") in its function
			}
			if c.encloses(sp.claims, file, ref.line) || !strings.HasSuffix(file, ".go") && len(classifySpan(sp.text)) == 0 {
				// A span that names no code, cited with a template's line,
				// may be what the template engine says about it (`unexpected
				// "}" in operand`) rather than its text. A call of the
				// function the line is in, written there, is a recursive
				// call the line holds (`uuid.Scan(string(src))`).
				if strings.HasSuffix(sp.text, ")") && c.occursIn(sp, stmt, true) {
					content++
					present++
				}
				continue
			}
			content++
			if c.occursIn(sp, stmt, false) || sameText(sp.text, stmt) || c.testsAssigned(sp, file, first) {
				present++
			}
		}
		if content == 0 || present > 0 && c.adjacentHeld(prose, claims, ref, spans, file, stmt) && !c.anyLiteralAbsent(prose, spans, stmt, ref) {
			return "", false
		}
		reasons = append(reasons, fmt.Sprintf("%s:%d holds %q", file, ref.line, strings.TrimSpace(stmtHead(stmt))))
	}
	if len(reasons) == 0 {
		return "", false
	}
	return strings.Join(reasons, "; ") + ", not what the sentence names there", true
}

var (
	// requestLineRe is a request written as its method and path.
	requestLineRe = regexp.MustCompile(`^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s+/`)
	// closureSuffixRe ends a trace's name of a function literal: ".func3",
	// ".func3.1".
	closureSuffixRe = regexp.MustCompile(`(?:\.func\d+)(?:\.\d+)*$`)
)

// concreteRequest reports whether a span is a request written as its
// method and path, the path without a route's parameters ("{id}", ":id",
// "*"): what a client sent, not a pattern the code registers.
func concreteRequest(span string) bool {
	span = strings.TrimSpace(span)
	return requestLineRe.MatchString(span) && !strings.ContainsAny(span, "{:*")
}

// anyLiteralAbsent reports whether a span of the clause quotes a literal
// the statement has another of in its place: a `false` alone where it
// returns true, or a span the statement holds but for its string
// ("/.;:" where it holds "/.;,"). A string quoted alone may be another
// line's (a message the clause says is made elsewhere).
func (c *Checker) anyLiteralAbsent(prose string, spans []clauseSpan, stmt string, ref lineRef) bool {
	at := ref.start
	heldBefore := false
	for _, sp := range spans {
		listed := sp.at > ref.end && citedListRe.MatchString(prose[ref.end:sp.at-1])
		if (len(sp.claims) > 0 && sp.claims[0].end <= at || listed) && hasLiteral(sp.text) && sameText(sp.text, stmt) {
			// A step the clause names before the line, or lists right
			// after it, is the line's, literals and all ("calling
			// `f.Format(s, 's')` at stack.go:80, ... and then
			// `f.Format(s, 'd')`"; "at id.go:153 and id.go:154 as
			// `id[7] = byte(pid >> 8)` and `id[8] = byte(pid)`"): the
			// other steps are other lines'.
			return false
		}
		if len(sp.claims) == 0 || sp.claims[0].end > at {
			continue
		}
		if _, _, differ := quotedArgsDiffer(sp.text, stmt); !differ && strings.HasSuffix(sp.text, ")") && (hasLiteral(sp.text) || boolWordRe.MatchString(sp.text)) && c.occursIn(sp, stmt, false) && !literalAbsent(sp.text, stmt) && !pairsDiffer(sp.text, stmt) && boolsHeld(sp.text, stmt) {
			// The same within a longer statement ("`parse(b, false,
			// &id)` at f.go:161" of "return id, parse(b, false, &id)"):
			// a literal named after the line ("and `ParseStrict` passes
			// `true`") is another step's.
			heldBefore = true
		}
	}
	for _, sp := range spans {
		if heldBefore && len(sp.claims) > 0 && sp.claims[0].start >= at {
			continue
		}
		bare := strings.TrimSpace(sp.text)
		if (bare == "true" || bare == "false" || len(sp.claims) > 0 && c.occursIn(sp, stmt, false)) && (literalAbsent(sp.text, stmt) || pairsDiffer(sp.text, stmt)) {
			return true
		}
		if _, _, differ := quotedArgsDiffer(sp.text, stmt); differ && len(sp.claims) > 0 && c.occursIn(sp, stmt, false) {
			return true
		}
	}
	return false
}

// heldWhole reports whether span, an expression or a statement rather
// than a bare name ("`*id = nilID`", "`string(b), err`"), is written
// whole in stmt, spaces aside.
func heldWhole(span, stmt string) bool {
	sp := tightSpace(span)
	return len(sp) >= 8 && strings.ContainsAny(sp, "()[]{}=,+-*/<>!&|:") && containsWhole(tightSpace(stmt), sp)
}

// citedListRe is what may stand between a cited line and the code it
// lists as that line's: more cited lines, then "as" or a colon, then
// other spans of the list ("at id.go:153 and id.go:154 as `…` and ").
var citedListRe = regexp.MustCompile("^(?:\\s*(?:,|and)\\s*[\\w./-]+\\.go:\\d+)*\\s*(?:as|with|:)\\s*(?:`[^`]*`\\s*(?:,|and|,\\s*and)\\s*)*$")

// boolWordRe is a boolean literal in code.
var boolWordRe = regexp.MustCompile(`\b(?:true|false)\b`)

// boolsHeld reports whether every boolean literal of span also occurs in
// stmt.
func boolsHeld(span, stmt string) bool {
	have := boolWordRe.FindAllString(stmt, -1)
	for _, w := range boolWordRe.FindAllString(span, -1) {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// pairsDiffer reports whether span writes a key of a composite literal
// with a value the statement gives that key nowhere, while the statement
// writes the key ("compress: true" where it has "compress: false").
func pairsDiffer(span, stmt string) bool {
	have := literalPairs(stmt)
	for key, vals := range literalPairs(span) {
		if len(have[key]) == 0 {
			continue
		}
		for _, v := range vals {
			if !slices.Contains(have[key], v) {
				return true
			}
		}
	}
	return false
}

// literalPairs reads the keys of the composite literals in a stretch of
// code and, for each, the values written for it, white space aside.
func literalPairs(text string) map[string][]string {
	toks := scanTokens(text)
	out := map[string][]string{}
	braces := 0
	for i := 0; i < len(toks); i++ {
		switch toks[i].tok {
		case token.LBRACE:
			braces++
			continue
		case token.RBRACE:
			braces--
			continue
		}
		if braces == 0 || toks[i].tok != token.IDENT || i+1 >= len(toks) || toks[i+1].tok != token.COLON || i > 0 && toks[i-1].tok != token.LBRACE && toks[i-1].tok != token.COMMA {
			continue
		}
		var val strings.Builder
		depth := 0
		j := i + 2
		for ; j < len(toks); j++ {
			t := toks[j].tok
			if depth == 0 && (t == token.COMMA || t == token.RBRACE || t == token.SEMICOLON) {
				break
			}
			switch t {
			case token.LBRACE, token.LPAREN, token.LBRACK:
				depth++
			case token.RBRACE, token.RPAREN, token.RBRACK:
				depth--
			}
			val.WriteString(toks[j].lit)
		}
		if val.Len() > 0 {
			out[toks[i].lit] = append(out[toks[i].lit], val.String())
		}
		i = j - 1
	}
	return out
}

// stringLitRe is a Go interpreted string literal.
var stringLitRe = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`)

// hasLiteral reports whether code writes a string, rune or number
// literal.
func hasLiteral(code string) bool {
	return stringLitRe.MatchString(code) || runeLitRe.MatchString(code) || numberLitRe.MatchString(code)
}

// runeLitRe is a rune literal: 'a', '\n', '\”.
var runeLitRe = regexp.MustCompile(`'(?:[^'\\\n]|\\.[^']*)'`)

// runeAbsent reports whether span quotes a rune literal the statement,
// which writes rune literals of its own, does not hold ("rchar == '-'"
// of a line comparing with '.').
func runeAbsent(span, stmt string) bool {
	have := map[string]bool{}
	for _, r := range runeLitRe.FindAllString(stmt, -1) {
		have[r] = true
	}
	if len(have) == 0 {
		return false
	}
	for _, r := range runeLitRe.FindAllString(span, -1) {
		if !have[r] {
			return true
		}
	}
	return false
}

// literalAbsent reports whether span, quoted of the statement stmt, holds
// a literal stmt does not, where stmt holds one of the same kind: a
// boolean (stmt has the other one only), a number (numberAbsent), or a
// string (stmt's strings hold none of its text).
func literalAbsent(span, stmt string) bool {
	switch span = strings.TrimSpace(span); span {
	case "true", "false":
		other := map[string]string{"true": "false", "false": "true"}[span]
		return !containsIdent(stmt, span) && containsIdent(stmt, other)
	}
	if numberAbsent(span, stmt) || runeAbsent(span, stmt) {
		return true
	}
	have := stringLitRe.FindAllString(stmt, -1)
	if len(have) == 0 {
		return false
	}
	for _, q := range stringLitRe.FindAllString(span, -1) {
		want, err := strconv.Unquote(q)
		if err != nil || want == "" {
			continue
		}
		found := false
		for _, h := range have {
			if v, err := strconv.Unquote(h); err == nil && strings.Contains(v, want) {
				found = true
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// numberLitRe is an integer or decimal literal of code, with its sign
// when a minus starts it ("= -1", "(-1"), outside names ("v2").
var numberLitRe = regexp.MustCompile(`(?:^|[^\w.])(-?\d+(?:\.\d+)?)\b`)

// numberAbsent reports whether span assigns or compares with a number
// ("cookie.MaxAge = 0") that stmt, which holds numbers, does not hold.
func numberAbsent(span, stmt string) bool {
	if !strings.ContainsAny(span, "=<>") {
		return false
	}
	have := map[string]bool{}
	for _, m := range numberLitRe.FindAllStringSubmatch(stringLitRe.ReplaceAllString(stmt, `""`), -1) {
		have[m[1]] = true
	}
	if len(have) == 0 {
		return false
	}
	for _, m := range numberLitRe.FindAllStringSubmatch(stringLitRe.ReplaceAllString(span, `""`), -1) {
		if !have[m[1]] {
			return true
		}
	}
	return false
}

// atRe is the prose between a backtick span and the line it places:
// "`http.Error(w, msg, 500)` at handlers.go:40", "... on line 40".
var atRe = regexp.MustCompile("^`?\\s*,?\\s*\\(?(?:at|on)\\s+(?:line\\s+)?$")

// adjacentHeld reports whether the statement holds the call or selector
// written right before the cited line ("falls back to `http.NotFound(w,
// req)` at router.go:538"): that is what the sentence puts at the line,
// and another name of its clause (a condition: "when `r.NotFound` is
// nil") that the statement holds does not make up for it. It is true when
// no such span comes right before the line.
func (c *Checker) adjacentHeld(prose string, claims []Claim, ref lineRef, spans []clauseSpan, file string, stmt string) bool {
	for _, cl := range claims {
		if cl.end > ref.start || !atRe.MatchString(prose[cl.end:ref.start]) || cl.fromExpr || cl.Kind != KindCall && cl.Kind != KindSelector {
			continue
		}
		if c.encloses([]Claim{cl}, file, ref.line) {
			return true
		}
		for _, sp := range spans {
			for _, own := range sp.claims {
				if own.start == cl.start && own.end == cl.end {
					// Or the line holds another step of the clause, as
					// written: "ends with `q.limit = n` after
					// `q.drop(true)` at quarry.go:78".
					return c.occursIn(sp, stmt, true) || slices.ContainsFunc(spans, func(o clauseSpan) bool {
						return o.text != sp.text && heldWhole(o.text, stmt)
					})
				}
			}
		}
	}
	return true
}

// inCallee reports whether line of file falls inside a function the
// clause prose[from:to] says is called ("`Keep` calls `s.Save` at
// doing.go:44", a line of the callee's own): a place in the callee, not
// the call site whose statement would have to hold the call.
func (c *Checker) inCallee(prose string, claims []Claim, from, to int, file string, line int) bool {
	callee, caller := false, false
	for i, cl := range claims {
		if cl.start < from || cl.end > to || !c.encloses([]Claim{cl}, file, line) {
			continue
		}
		if calledOne(prose, claims, i) {
			callee = true
		} else if isCode(cl.Kind) && !cl.fromExpr {
			// The clause names the function the line is in as the one
			// that acts ("`Mux.ServeHTTP` ... then calls
			// `m.handler.ServeHTTP(w, r)`"): a callee of the same name
			// is another method, and the line is the caller's.
			caller = true
		}
	}
	return callee && !caller
}

func stmtHead(s string) string {
	if i := strings.Index(s, "\n"); i >= 0 {
		return strings.TrimSpace(s[:i]) + " ..."
	}
	return s
}

// refFiles are the module files a cited line is in: its own file, or, for
// a bare line, the one file its clause names, or else the file of a
// function the clause names that spans the line.
func (c *Checker) refFiles(claims []Claim, ref lineRef, from, to int) []string {
	if ref.file != "" {
		return c.inRange(c.m.FindFile(ref.file), ref.line)
	}
	var named []string
	for _, cl := range claims {
		if cl.start >= from && cl.end <= to && cl.Kind == KindFile {
			named = append(named, c.m.FindFile(cl.Text)...)
		}
	}
	if len(named) == 1 {
		return c.inRange(named, ref.line)
	}
	if len(named) > 1 {
		return nil
	}
	for _, cl := range claims {
		if cl.start < from || cl.end > to || !lineable(cl) {
			continue
		}
		for _, f := range c.m.FuncsNamed(lastName(cl.Text)) {
			if f.StartLine <= ref.line && ref.line <= f.EndLine {
				return []string{f.File}
			}
		}
	}
	return nil
}

func (c *Checker) inRange(files []string, line int) []string {
	var out []string
	for _, f := range files {
		if line >= 1 && line <= c.m.LineCount(f) {
			out = append(out, f)
		}
	}
	return out
}

// encloses reports whether the claims of a span name a module function
// whose declaration in file holds line: "`Find` ... at line 57" places the
// line, it does not say what the line holds.
func (c *Checker) encloses(claims []Claim, file string, line int) bool {
	for _, cl := range claims {
		if !lineable(cl) {
			continue
		}
		for _, f := range c.m.FuncsNamed(lastName(cl.Text)) {
			if f.File == file && f.StartLine <= line && line <= f.EndLine {
				return true
			}
		}
	}
	return false
}

// kindBeforeCiteRe ends prose that cites a line right after a function's
// name and its kind: "the default `onError` handler (", "`New` function at ".
var kindBeforeCiteRe = regexp.MustCompile("`(\\w+)`\\s+(?:handler|function|method|helper|middleware|constructor|callback)\\s*(?:\\(|,?\\s*at\\s+|,?\\s*in\\s+)?$")

// declaresAt reports whether line of file is the first line of a module
// function called name.
func (c *Checker) declaresAt(name, file string, line int) bool {
	for _, f := range c.m.FuncsNamed(name) {
		if f.File == file && f.StartLine == line {
			return true
		}
	}
	return false
}

// clauseSpan is one thing a clause names: a backtick span with the claims
// taken from it, or a name in prose.
type clauseSpan struct {
	text   string
	claims []Claim
	// at is where the span's text starts in the prose (after its
	// backtick), or -1 for a name in prose.
	at int
}

// occursIn reports whether the statement text holds the span: each name
// its claims check, or, for a span that claims no name (a string, a
// route, a literal's "key: value"), its text, runs of white space aside:
// gofmt aligns the values of a literal's keys. When qualified is true, a
// name qualified by an imported package ("`http.NotFound`") must be
// written with its qualifier: "r.NotFound" is another name.
func (c *Checker) occursIn(sp clauseSpan, stmt string, qualified bool) bool {
	if len(sp.claims) == 0 {
		return containsWhole(collapseSpace(stmt), collapseSpace(sp.text))
	}
	for _, cl := range sp.claims {
		if !containsIdent(stmt, lastName(cl.Text)) {
			return false
		}
		q := c.packageQualified(cl)
		if qualified && q != "" && !containsIdent(collapseSpace(stmt), q) {
			return false
		}
		if q != "" && otherMiddle(stmt, normalizeSelector(cl.Text)) {
			return false
		}
	}
	return true
}

// otherMiddle reports whether stmt writes a package's chain to the same
// last name through another member than chain does
// ("base64.StdEncoding.EncodeToString" where the chain is
// "base64.URLEncoding.EncodeToString"), and never chain itself.
func otherMiddle(stmt, chain string) bool {
	if i := strings.Index(chain, "("); i >= 0 {
		chain = chain[:i]
	}
	parts := strings.Split(chain, ".")
	if len(parts) != 3 {
		return false
	}
	flat := collapseSpace(stmt)
	if containsIdent(flat, chain) {
		return false
	}
	other := regexp.MustCompile(`\b` + regexp.QuoteMeta(parts[0]) + `\.(\w+)\.` + regexp.QuoteMeta(parts[2]) + `\b`)
	return other.MatchString(flat)
}

// packageQualified returns "pkg.Name" for a selector or call claim whose
// first name can only be a package the module imports (no variable or
// type of the module has that name), or "".
func (c *Checker) packageQualified(cl Claim) string {
	if cl.Kind != KindSelector && cl.Kind != KindCall {
		return ""
	}
	name := normalizeSelector(cl.Text)
	if i := strings.Index(name, "("); i >= 0 {
		name = name[:i]
	}
	parts := strings.Split(name, ".")
	if len(parts) < 2 || len(c.m.Imported[parts[0]]) == 0 || c.isVariable(parts[0]) || len(c.m.TypeNamed(parts[0])) > 0 {
		return ""
	}
	return parts[0] + "." + parts[1]
}

// containsWhole reports whether s holds sub where it neither starts
// inside a name nor ends inside one: "diff/mag.D" is not in
// "diff/mag.DivBy", whose last name is another.
func containsWhole(s, sub string) bool {
	if sub == "" {
		return true
	}
	for at := 0; ; {
		i := strings.Index(s[at:], sub)
		if i < 0 {
			return false
		}
		i += at
		before, after := i > 0 && identByte(s[i-1]) && identByte(sub[0]), i+len(sub) < len(s) && identByte(s[i+len(sub)]) && identByte(sub[len(sub)-1])
		if !before && !after {
			return true
		}
		at = i + 1
	}
}

// identByte reports whether b may be part of a name.
func identByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// collapseSpace writes each run of white space of s as one space.
func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// squash drops white space.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }

// clauseSpans returns the spans of prose[from:to]: backtick spans (other
// than file names) and names in prose, each with its claims.
func clauseSpans(prose string, claims []Claim, from, to int) []clauseSpan {
	var out []clauseSpan
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
		a, b := from+loc[0], from+loc[1]
		sp := clauseSpan{text: strings.TrimSpace(prose[from+loc[2] : from+loc[3]]), at: from + loc[2]}
		if fileSpanRe.MatchString(sp.text) {
			continue
		}
		for _, cl := range claims {
			if cl.start >= a && cl.end <= b && !cl.Proposed && cl.Kind != KindFile && cl.Kind != KindFileLine {
				sp.claims = append(sp.claims, cl)
			}
		}
		out = append(out, sp)
	}
	for _, cl := range claims {
		if cl.fromProse && cl.start >= from && cl.end <= to && !cl.Proposed {
			out = append(out, clauseSpan{text: cl.Text, claims: []Claim{cl}, at: -1})
		}
	}
	return out
}

// statementLines returns the first and last line of the innermost
// statement, declaration header or field of file at line: a call over
// several lines is one statement; an if, for or switch is its header
// only. A file that is not Go gives the line alone.
// citedStatement is the statement at a cited line of one module file.
type citedStatement struct {
	file string
	text string
}

// statementsAt returns, for each module file the cited name may mean
// (FindFile), the statement at line, its lines joined; a file shorter
// than line is left out.
func (c *Checker) statementsAt(name string, line int) []citedStatement {
	var out []citedStatement
	for _, f := range c.m.FindFile(name) {
		if line < 1 || line > len(c.views().code[f]) {
			continue
		}
		first, last := c.statementLines(f, line)
		out = append(out, citedStatement{f, strings.Join(c.views().code[f][first-1:last], "\n")})
	}
	return out
}

func (c *Checker) statementLines(file string, line int) (int, int) {
	first, last := line, line
	best := -1
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			if c.m.Rel(c.m.Fset.Position(f.Pos()).Filename) != file {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				a, b, ok := c.nodeLines(n)
				if ok && a <= line && line <= b && (best < 0 || b-a < best) {
					first, last, best = a, b, b-a
				}
				return true
			})
		}
	}
	return first, last
}

// nodeLines is the line range a statement-like node covers, its header
// alone for a compound statement or a function.
func (c *Checker) nodeLines(n ast.Node) (int, int, bool) {
	var from, to token.Pos
	switch n := n.(type) {
	case *ast.BlockStmt, nil:
		return 0, 0, false
	case *ast.IfStmt:
		from, to = n.Pos(), n.Body.Lbrace
	case *ast.ForStmt:
		from, to = n.Pos(), n.Body.Lbrace
	case *ast.RangeStmt:
		from, to = n.Pos(), n.Body.Lbrace
	case *ast.SwitchStmt:
		from, to = n.Pos(), n.Body.Lbrace
	case *ast.TypeSwitchStmt:
		from, to = n.Pos(), n.Body.Lbrace
	case *ast.SelectStmt:
		from, to = n.Pos(), n.Body.Lbrace
	case *ast.CaseClause:
		from, to = n.Pos(), n.Colon
	case *ast.CommClause:
		from, to = n.Pos(), n.Colon
	case *ast.LabeledStmt:
		from, to = n.Pos(), n.Colon
	case *ast.FuncDecl:
		if n.Body == nil {
			return 0, 0, false
		}
		from, to = n.Pos(), n.Body.Lbrace
	case ast.Stmt, ast.Spec, *ast.Field:
		from, to = n.Pos(), n.End()
	default:
		return 0, 0, false
	}
	return c.m.Fset.Position(from).Line, c.m.Fset.Position(to).Line, true
}

// branchVerbs are the verbs prose says a branch statement with: the
// statement a line holds when a sentence says the code "breaks (f.go:40)"
// or "returns at f.go:40".
var branchVerbs = map[string]*regexp.Regexp{
	"break":    regexp.MustCompile(`(?i)\b(?:breaks?|breaking|leaves?|leaving|exits?|exiting|stops?|stopping)\b`),
	"continue": regexp.MustCompile(`(?i)\b(?:continues?|continuing|goes\s+on|going\s+on|skips?|skipping)\b`),
	"return":   regexp.MustCompile(`(?i)\b(?:returns?|returning)\b`),
	"goto":     regexp.MustCompile(`(?i)\b(?:jumps?|goto)\b`),
}

// saysBranch reports whether the prose before a cited line says what the
// bare branch statement the line holds does: "breaks (tree.go:257)" of a
// break, "returns at router.go:158" of a bare return.
func saysBranch(before, head string) bool {
	head = strings.TrimSpace(head)
	for kw, verb := range branchVerbs {
		if (head == kw || kw == "goto" && strings.HasPrefix(head, kw+" ")) && verb.MatchString(before) {
			return true
		}
	}
	return false
}

// sameText reports whether a span of code (a loop's clause, written
// without its body) is in a statement as written, spaces aside, neither
// starting nor ending inside a longer name.
func sameText(span, stmt string) bool {
	sp := squash(strings.Trim(span, "`"))
	return len(sp) >= 8 && containsWhole(squash(stmt), sp)
}
