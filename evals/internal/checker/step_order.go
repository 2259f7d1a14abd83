package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindOrder is a claim about the order of two steps of a function: "`Open`
// unwraps the box before it checks the sum".
const KindOrder = "order"

// orderRe follows a function's name: a step, "before" or "after", and
// another step, each a verb and its object; the second may be a pronoun
// for the first's verb ("merges the errors of A before those of B").
var orderRe = regexp.MustCompile(`(?i)^` + "`?" + `\s+(?:(?:first|also|only|always)\s+)?([a-z]+s)\b([^.;,]*?)\s+(before|after)\s+(?:it\s+|they\s+)?([a-z]+(?:s|ing)|those|that)\b([^.;,]*)`)

// checkOrder judges "`F` A before it B" (or "after"), when each step's
// verb names exactly one function F calls in its own body (its name
// starts with the verb, and the other words of its name are words of the
// step's object: "verifies the MAC" is `verifyMAC`, "decrypts" is
// `decrypt`): contradicted when every call of the one said to come first
// is written after every call of the other, outside any loop holding both,
// deferred call or function literal. The subject may be a function's
// name written in plain prose as the clause's first word ("Decode merges
// ... before ...").
func (c *Checker) checkOrder(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range append(append([]Claim(nil), claims...), c.proseSubjects(prose, claims)...) {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := clauseAround(prose, cl.start)
		if cl.end > to || !subjectLeadRe.MatchString(prose[from:cl.start]) {
			continue
		}
		mm := orderRe.FindStringSubmatch(prose[cl.end:to])
		if mm == nil {
			continue
		}
		funcs := c.subjectFuncs(cl.Text)
		if !c.directSubject(cl.Text) || len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil || funcs[0].Pkg.TypesInfo == nil {
			continue
		}
		f := funcs[0]
		calls := callsIn(f)
		first, ok1 := stepByName(calls, mm[2])
		if !ok1 {
			first, ok1 = stepCallee(calls, mm[1], mm[2])
		}
		second, ok2 := stepByName(calls, mm[5])
		if !ok2 {
			second, ok2 = stepCallee(calls, mm[4], mm[5])
		}
		if !ok1 || !ok2 {
			// A step may name what it does by a field or function the
			// function uses: "calls the NotFound handler", "tries the
			// trailing slash redirect" (`RedirectTrailingSlash`).
			names := namesIn(f)
			if !ok1 {
				first, ok1 = stepNamed(names, mm[1], mm[2])
			}
			if !ok2 {
				second, ok2 = stepNamed(names, mm[4], mm[5])
			}
			calls = append(calls, names...)
		}
		if !ok1 || !ok2 || first == second {
			continue
		}
		if strings.EqualFold(mm[3], "after") {
			first, second = second, first
		}
		if !alwaysAfter(calls, first, second) {
			continue
		}
		name := lastName(cl.Text)
		claim := Claim{Text: fmt.Sprintf("%s calls %s before %s", name, first.Name(), second.Name()), Kind: KindOrder, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s calls %s only after it calls %s", name, first.Name(), second.Name())})
	}
	return results
}

// call is a call a function makes in its own body.
type call struct {
	fn  types.Object
	pos token.Pos
	// loops are the loops around it, and late marks a call that is
	// deferred, started in a goroutine or inside a function literal.
	loops []ast.Node
	late  bool
}

// callsIn lists the calls of functions and methods f's body makes, in
// order.
func callsIn(f *source.Func) []call {
	var out []call
	inspectAround(f.Decl.Body, func(n ast.Node, around []ast.Node) {
		ce, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		id := source.CalleeIdent(ce)
		if id == nil {
			return
		}
		fn, ok := f.Pkg.TypesInfo.Uses[id].(*types.Func)
		if !ok {
			return
		}
		out = append(out, placedIn(call{fn: fn, pos: ce.Pos()}, around))
	})
	return out
}

// namesIn lists the uses of the fields, functions and variables f's body
// names, in order, as callsIn lists its calls, and the declarations of
// its local variables. A field named as a key of
// a composite literal is where a value is stored, not where the step
// that made it is ("takes the start time" is `start := time.Now()`, not
// the later `StartTime: start.Format(...)`): it is not listed.
func namesIn(f *source.Func) []call {
	var out []call
	keys := map[*ast.Ident]bool{}
	inspectAround(f.Decl.Body, func(n ast.Node, around []ast.Node) {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				keys[id] = true
			}
		}
		id, ok := n.(*ast.Ident)
		if !ok || keys[id] {
			return
		}
		o := f.Pkg.TypesInfo.Uses[id]
		if d, ok := f.Pkg.TypesInfo.Defs[id].(*types.Var); ok && !d.IsField() {
			// A variable is made where it is declared: "takes the start
			// time" is `start := time.Now()`, before its later uses.
			o = d
		}
		switch o.(type) {
		case *types.Var, *types.Func, *types.Const:
		default:
			return
		}
		out = append(out, placedIn(call{fn: o, pos: id.Pos()}, around))
	})
	return out
}

// inspectAround walks node in the order of ast.Inspect, calling visit with
// each node and the nodes around it, outermost first, the node itself
// aside.
func inspectAround(node ast.Node, visit func(n ast.Node, around []ast.Node)) {
	var stack []ast.Node
	ast.Inspect(node, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		visit(n, stack)
		stack = append(stack, n)
		return true
	})
}

// placedIn returns c with the loops among the nodes around it (as
// inspectAround gives them), and late set when one of them is a defer or
// go statement or a function literal.
func placedIn(c call, around []ast.Node) call {
	for _, s := range around {
		switch s.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			c.loops = append(c.loops, s)
		case *ast.DeferStmt, *ast.GoStmt, *ast.FuncLit:
			c.late = true
		}
	}
	return c
}

// stepNamed returns the one object among those f names whose name is
// made of words of the step, two words at least, the most of them:
// "calls the NotFound handler" `NotFound`, "tries the trailing slash
// redirect" `RedirectTrailingSlash`; ok is false unless that is exactly
// one object.
func stepNamed(names []call, verb, object string) (types.Object, bool) {
	stepWords := map[string]bool{}
	for w := range verbStems(strings.ToLower(verb)) {
		stepWords[w] = true
	}
	for _, w := range proseWordRe.FindAllString(object, -1) {
		for _, p := range append(camelWords(w), strings.ToLower(w)) {
			stepWords[p] = true
			stepWords[strings.TrimSuffix(p, "s")] = true
		}
	}
	return soleLongest(names, 1, func(parts []string) bool {
		return allIn(parts, stepWords)
	})
}

// stepCallee returns the one function among the calls that a step names:
// a verb ("verifies", "verifying") and its object ("the MAC"). Among
// those whose name starts with the verb and whose other words are words
// of the object, the ones with the most words; ok is false unless that
// is exactly one function.
func stepCallee(calls []call, verb, object string) (types.Object, bool) {
	stems := verbStems(strings.ToLower(verb))
	objWords := map[string]bool{}
	for _, w := range proseWordRe.FindAllString(strings.ToLower(object), -1) {
		objWords[w] = true
		objWords[strings.TrimSuffix(w, "s")] = true
	}
	return soleLongest(calls, 0, func(parts []string) bool {
		return len(parts) > 0 && stems[parts[0]] && allIn(parts[1:], objWords)
	})
}

// stepByName returns the function a step's object names by its own name,
// as a word of the prose ("merges the errors of checkRequired", "those of
// setDefaults"), when it is exactly one function the body calls.
func stepByName(calls []call, object string) (types.Object, bool) {
	named := map[types.Object]bool{}
	for _, cl := range calls {
		if len(cl.fn.Name()) > 1 && containsIdent(object, cl.fn.Name()) {
			named[cl.fn] = true
		}
	}
	if len(named) != 1 {
		return nil, false
	}
	for o := range named {
		return o, true
	}
	return nil, false
}

// soleLongest returns the one object, among those of calls whose name's
// words (as camelWords splits them) fit, whose name has the most words; a
// name of fewer than least words is passed over, and ok is false unless
// exactly one object has the most.
func soleLongest(calls []call, least int, fit func(parts []string) bool) (types.Object, bool) {
	best, bestWords := map[types.Object]bool{}, least
	for _, cl := range calls {
		parts := camelWords(cl.fn.Name())
		if !fit(parts) {
			continue
		}
		switch {
		case len(parts) > bestWords:
			best, bestWords = map[types.Object]bool{cl.fn: true}, len(parts)
		case len(parts) == bestWords:
			best[cl.fn] = true
		}
	}
	if len(best) != 1 {
		return nil, false
	}
	for o := range best {
		return o, true
	}
	return nil, false
}

// allIn reports whether every word of parts is in words.
func allIn(parts []string, words map[string]bool) bool {
	for _, p := range parts {
		if !words[p] {
			return false
		}
	}
	return true
}

// alwaysAfter reports whether every call of first is written after every
// call of second, no call of either is late, and no loop holds a call of
// each.
func alwaysAfter(calls []call, first, second types.Object) bool {
	var firsts, seconds []call
	for _, c := range calls {
		switch c.fn {
		case first:
			firsts = append(firsts, c)
		case second:
			seconds = append(seconds, c)
		}
	}
	for _, a := range firsts {
		for _, b := range seconds {
			if a.late || b.late || a.pos < b.pos || sharesLoop(a, b) {
				return false
			}
		}
	}
	return len(firsts) > 0 && len(seconds) > 0
}

func sharesLoop(a, b call) bool {
	for _, x := range a.loops {
		for _, y := range b.loops {
			if x == y {
				return true
			}
		}
	}
	return false
}

// verbStems returns the base forms a verb of the third person or a
// gerund may have: "verifies" verify, "hashes" hash or hashe, "decrypts"
// decrypt, "encoding" encod or encode.
func verbStems(w string) map[string]bool {
	out := map[string]bool{}
	switch {
	case strings.HasSuffix(w, "ies"):
		out[w[:len(w)-3]+"y"] = true
	case strings.HasSuffix(w, "ing"):
		s := w[:len(w)-3]
		out[s], out[s+"e"] = true, true
		if n := len(s); n > 1 && s[n-1] == s[n-2] {
			out[s[:n-1]] = true
		}
	case strings.HasSuffix(w, "es"):
		out[w[:len(w)-1]], out[w[:len(w)-2]] = true, true
	case strings.HasSuffix(w, "s"):
		out[w[:len(w)-1]] = true
	}
	return out
}

// camelWords splits a Go name into its words, in lower case: "verifyMAC"
// verify and mac, "parseHTTPDate" parse, http and date.
func camelWords(name string) []string {
	var out []string
	start := 0
	for i := 1; i < len(name); i++ {
		lower := func(b byte) bool { return b >= 'a' && b <= 'z' }
		upper := func(b byte) bool { return b >= 'A' && b <= 'Z' }
		if upper(name[i]) && (lower(name[i-1]) || i+1 < len(name) && lower(name[i+1]) && upper(name[i-1])) || name[i] == '_' {
			if w := strings.Trim(name[start:i], "_"); w != "" {
				out = append(out, strings.ToLower(w))
			}
			start = i
		}
	}
	if w := strings.Trim(name[start:], "_"); w != "" {
		out = append(out, strings.ToLower(w))
	}
	return out
}

// proseWordSubjectRe is a word of prose that may name a function.
var proseWordSubjectRe = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]+\b`)

// proseSubjects returns, as claims, the words of plain prose that open a
// clause (subjectLeadRe) and are the name of exactly one module function:
// "Decode" in "After the loop, Decode merges ...". Words inside code, or
// already claims, are left out.
func (c *Checker) proseSubjects(prose string, claims []Claim) []Claim {
	var out []Claim
	for _, loc := range proseWordSubjectRe.FindAllStringIndex(outsideCode(prose), -1) {
		if inCode(loc[0], claims) {
			continue
		}
		word := prose[loc[0]:loc[1]]
		if len(c.m.FuncsNamed(word)) != 1 {
			continue
		}
		from, _ := clauseAround(prose, loc[0])
		if !subjectLeadRe.MatchString(prose[from:loc[0]]) {
			continue
		}
		out = append(out, Claim{Text: word, Kind: KindIdentifier, start: loc[0], end: loc[1], fromProse: true})
	}
	return out
}
