package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindOrder is a claim about the order of two steps of a function: "`Open`
// unwraps the box before it checks the sum".
const KindOrder = "order"

// orderRe follows a function's name: a step, "before" or "after", and
// another step, each a verb and its object; the second may be a pronoun
// for the first's verb ("merges the errors of A before those of B"). An
// object may name a selector (`s.Codec.Encode`): a dot before a letter
// does not end it.
var orderRe = regexp.MustCompile(`(?i)^` + "`?" + `\s+(?:(?:first|also|only|always)\s+)?([a-z]+(?:-[a-z]+)?s)\b((?:[^.;,]|\.\w)*?)\s+(before|after)\s+(?:it\s+|they\s+)?([a-z]+(?:-[a-z]+)?(?:s|ing)|those|that)\b((?:[^.;,]|\.\w)*)`)

// elidedOrderRe is an order whose second step keeps the first's verb
// unsaid: "`processField` looks for a `Setter` before a `Decoder`".
var elidedOrderRe = regexp.MustCompile(`(?i)^` + "`?" + `\s+(?:(?:first|also|only|always)\s+)?([a-z]+(?:-[a-z]+)?s)\b((?:[^.;,]|\.\w)*?)\s+(before|after)\s+((?:an?|the|its)\s+` + "`[^`]+`" + `(?:\s+(?:method|type|interface|value))?)`)

// firstThenRe is the other way to tell two steps' order: "`Use` calls
// `buildChain` first and appends the middleware afterwards", "... first,
// then ...".
var firstThenRe = regexp.MustCompile(`(?i)^` + "`?" + `\s+([a-z]+s)\b((?:[^.;,]|\.\w)*?)\s+first\b,?\s+(?:and\s+)?(?:then\s+|only\s+then\s+)?([a-z]+s)\b((?:[^.;,]|\.\w)*)`)

// passiveOrderRe tells two steps of a function in the passive voice: "In
// `Upgrade` the challenge key is validated before the origin is
// checked"; the function is named first.
var passiveOrderRe = regexp.MustCompile(`(?i)\bin\s+` + "`?" + `([A-Za-z_][\w.]*?)(?:\(\))?` + "`?" + `,?\s+(?:the\s+|its\s+)?((?:[^.;,]|\.\w)*?)\s+(?:is|are|gets|get)\s+([a-z]+ed)\s+(before|after)\s+(?:the\s+|its\s+)?((?:[^.;,]|\.\w)*?)\s+(?:is|are|gets|get)\s+([a-z]+ed)\b`)

// orderClaim is a sentence's claim that one step of a function comes
// before another: each step a verb and its object.
type orderClaim struct {
	subject                  Claim
	verb1, obj1, verb2, obj2 string
	after                    bool
	end                      int
}

// checkOrder judges "`F` A before it B" (or "after", or "A first and B
// afterwards", or "In `F` X is Ved before Y is Ved"), when each step's
// verb names one function F calls in its own body (its name starts with
// the verb, and the other words of its name are words of the step's
// object: "verifies the MAC" is `verifyMAC`, "decrypts" is `decrypt`,
// "appends" the builtin `append`), or names one it uses: contradicted
// when every call of the one said to come first is written after every
// call of the other, outside any loop holding both, deferred call or
// function literal. The subject may be a function's name written in
// plain prose as the clause's first word ("Decode merges ... before
// ...").
func (c *Checker) checkOrder(prose string, claims []Claim, results []Result) []Result {
	for _, oc := range c.orderClaims(prose, claims) {
		if !c.directSubject(oc.subject.Text) {
			continue
		}
		// A name several functions have is the one whose body holds
		// both steps.
		var found []orderedSteps
		for _, f := range c.subjectFuncs(oc.subject.Text) {
			if st, ok := stepsIn(f, oc); ok {
				found = append(found, st)
			}
		}
		if len(found) != 1 {
			continue
		}
		st := found[0]
		if !alwaysAfter(st.calls, st.first, st.second, st.pinned) {
			continue
		}
		name := lastName(oc.subject.Text)
		claim := Claim{Text: fmt.Sprintf("%s calls %s before %s", name, st.first.name(), st.second.name()), Kind: KindOrder, start: oc.subject.start, end: oc.end}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s calls %s only after it calls %s", name, st.first.name(), st.second.name())})
	}
	return results
}

// orderedSteps are the two steps of an order claim found in a
// function's body, the first the one said to come first, and the calls
// and names of the body they are placed among.
type orderedSteps struct {
	first, second step
	calls         []call
	// pinned: the sentence quotes what a step is done to, so the two
	// steps are read within one iteration of a loop around both.
	pinned bool
}

// stepsIn finds both steps of an order claim in f's body: by the
// functions it calls, or else by the names it uses.
func stepsIn(f *source.Func, oc orderClaim) (orderedSteps, bool) {
	if f.Decl == nil || f.Decl.Body == nil || f.Pkg.TypesInfo == nil {
		return orderedSteps{}, false
	}
	calls := callsIn(f)
	first, ok1 := stepOf(calls, oc.verb1, oc.obj1)
	second, ok2 := stepOf(calls, oc.verb2, oc.obj2)
	if !ok1 || !ok2 {
		// A step may name what it does by a field or function the
		// function uses: "calls the NotFound handler", "tries the
		// trailing slash redirect" (`RedirectTrailingSlash`).
		names := namesIn(f)
		if !ok1 {
			first, ok1 = stepNamed(names, oc.verb1, oc.obj1)
		}
		if !ok2 {
			second, ok2 = stepNamed(names, oc.verb2, oc.obj2)
		}
		own := calls
		if !ok1 {
			first, ok1 = stepByObjectWords(own, oc.obj1)
		}
		if !ok2 {
			second, ok2 = stepByObjectWords(own, oc.obj2)
		}
		calls = append(calls, names...)
	}
	if !ok1 || !ok2 || first.overlaps(second) {
		return orderedSteps{}, false
	}
	calls, pinned1 := onOperands(calls, first, oc.obj1)
	calls, pinned2 := onOperands(calls, second, oc.obj2)
	pinned := pinned1 || pinned2
	if oc.after {
		first, second = second, first
	}
	return orderedSteps{first, second, calls, pinned}, true
}

// onOperands keeps, of the calls of a step's function, those given what
// the step's object quotes besides the function ("upper-cases `info.Key`
// with `strings.ToUpper`": the calls of ToUpper given info.Key), when some
// are; the other calls of that function are another step. pinned reports
// whether some are.
func onOperands(calls []call, st step, object string) (kept []call, pinned bool) {
	var operands []string
	for _, m := range backtickRe.FindAllStringSubmatch(object, -1) {
		if t := strings.TrimSpace(m[1]); !strings.Contains(t, "(") && (selectorRe.MatchString(t) || identRe.MatchString(t)) {
			if _, named := stepByName(calls, t); !named {
				operands = append(operands, t)
			}
		}
	}
	if len(operands) == 0 {
		return calls, false
	}
	given := func(c call) bool {
		for _, o := range operands {
			if containsIdent(c.args, o) {
				return true
			}
		}
		return false
	}
	some := false
	for _, c := range calls {
		some = some || st[c.fn] && given(c)
	}
	if !some {
		return calls, false
	}
	for _, c := range calls {
		if !st[c.fn] || given(c) {
			kept = append(kept, c)
		}
	}
	return kept, true
}

// orderClaims finds the sentences of prose that tell the order of two
// steps of a function, in the active voice after the function's name or
// in the passive after "In `F`".
func (c *Checker) orderClaims(prose string, claims []Claim) []orderClaim {
	var out []orderClaim
	for _, cl := range append(append([]Claim(nil), claims...), c.proseSubjects(prose, claims)...) {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := clauseAround(prose, cl.start)
		if cl.end > to || !subjectLeadRe.MatchString(prose[from:cl.start]) {
			continue
		}
		if mm := orderRe.FindStringSubmatch(prose[cl.end:to]); mm != nil {
			out = append(out, orderClaim{subject: cl, verb1: mm[1], obj1: mm[2], verb2: mm[4], obj2: mm[5], after: strings.EqualFold(mm[3], "after"), end: cl.end + len(mm[0])})
		} else if mm := elidedOrderRe.FindStringSubmatch(prose[cl.end:to]); mm != nil && strings.Contains(mm[2], "`") {
			out = append(out, orderClaim{subject: cl, verb1: mm[1], obj1: mm[2], verb2: mm[1], obj2: mm[4], after: strings.EqualFold(mm[3], "after"), end: cl.end + len(mm[0])})
		} else if mm := firstThenRe.FindStringSubmatch(prose[cl.end:to]); mm != nil {
			out = append(out, orderClaim{subject: cl, verb1: mm[1], obj1: mm[2], verb2: mm[3], obj2: mm[4], end: cl.end + len(mm[0])})
		}
	}
	for _, loc := range passiveOrderRe.FindAllStringSubmatchIndex(prose, -1) {
		name := prose[loc[2]:loc[3]]
		if n := len(c.subjectFuncs(name)); n == 0 || n > maxNamesakes {
			continue
		}
		sub := Claim{Text: name, Kind: KindIdentifier, start: loc[2], end: loc[3]}
		if strings.Contains(name, ".") {
			sub.Kind = KindSelector
		}
		out = append(out, orderClaim{subject: sub,
			verb1: prose[loc[6]:loc[7]], obj1: prose[loc[4]:loc[5]],
			verb2: prose[loc[12]:loc[13]], obj2: prose[loc[10]:loc[11]],
			after: strings.EqualFold(prose[loc[8]:loc[9]], "after"), end: loc[1]})
	}
	return out
}

// stepOf returns the functions a step's object names by name, or else
// the ones its verb and object name (stepCallee).
func stepOf(calls []call, verb, object string) (step, bool) {
	if s, ok := stepByName(calls, object); ok {
		return s, true
	}
	return stepCallee(calls, verb, object)
}

// step is what one step of a sentence names in a function's body: one
// function or variable, or a few whose names are the same words
// (`checkOrigin := u.CheckOrigin`).
type step map[types.Object]bool

// name is the step's name, for a reason.
func (s step) name() string {
	var names []string
	for o := range s {
		names = append(names, o.Name())
	}
	sort.Strings(names)
	return names[0]
}

// overlaps reports whether two steps share an object.
func (s step) overlaps(t step) bool {
	for o := range s {
		if t[o] {
			return true
		}
	}
	return false
}

// call is a call a function makes in its own body.
type call struct {
	fn  types.Object
	pos token.Pos
	// loops are the loops around it, and late marks a call that is
	// deferred, started in a goroutine or inside a function literal.
	loops []ast.Node
	late  bool
	// args is the source of the call's arguments, for a step that names
	// what it is done to ("upper-cases `info.Key` with `strings.ToUpper`").
	args string
}

// callsIn lists the calls of functions, methods and builtins (`append`)
// f's body makes, in order.
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
		// A call is made once its arguments are: it is placed at its
		// closing parenthesis, after the calls it is given.
		switch fn := f.Pkg.TypesInfo.Uses[id].(type) {
		case *types.Func, *types.Builtin:
			var args []string
			for _, a := range ce.Args {
				args = append(args, types.ExprString(a))
			}
			out = append(out, placedIn(call{fn: fn, pos: ce.Rparen, args: strings.Join(args, ", ")}, around))
		}
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
func stepNamed(names []call, verb, object string) (step, bool) {
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
func stepCallee(calls []call, verb, object string) (step, bool) {
	stems := verbStems(strings.ToLower(verb))
	objWords := map[string]bool{}
	for _, w := range proseWordRe.FindAllString(strings.ToLower(object), -1) {
		objWords[w] = true
		objWords[strings.TrimSuffix(w, "s")] = true
	}
	return soleLongest(calls, 0, func(parts []string) bool {
		if len(parts) > 1 && predicateWords[parts[0]] {
			parts = parts[1:] // "is validated" is `isValidKey`
		}
		return len(parts) > 0 && stemFits(stems, parts[0]) && allIn(parts[1:], objWords)
	})
}

// predicateWords open the names of functions that answer a question:
// `isValidKey`, `hasPrefix`.
var predicateWords = map[string]bool{"is": true, "has": true, "can": true, "must": true}

// stemFits reports whether the first word of a name is one of a verb's
// stems, or, four letters at least, the start of one ("valid" of
// "validated").
func stemFits(stems map[string]bool, w string) bool {
	if stems[w] {
		return true
	}
	if len(w) < 4 {
		return false
	}
	for s := range stems {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}

// stepByName returns the function a step's object names by its own name,
// as a word of the prose ("merges the errors of checkRequired", "those of
// setDefaults"), when it is exactly one function the body calls.
func stepByName(calls []call, object string) (step, bool) {
	named := step{}
	for _, cl := range calls {
		if len(cl.fn.Name()) > 1 && containsIdent(object, cl.fn.Name()) {
			if _, builtin := cl.fn.(*types.Builtin); builtin && !strings.Contains(object, "`"+cl.fn.Name()) && !strings.Contains(object, cl.fn.Name()+"(") {
				continue // "the new call": an English word, not the builtin
			}
			named[cl.fn] = true
		}
	}
	if len(named) == 0 {
		// A step may name the type a call gets ("looks for a `Setter`":
		// setterFrom, whose result is a Setter).
		for _, cl := range calls {
			if t := resultTypeName(cl.fn); len(t) > 1 && strings.Contains(object, "`"+t+"`") {
				named[cl.fn] = true
			}
		}
	}
	return named, len(named) == 1
}

// resultTypeName returns the name of a function's one result's named
// type, "" otherwise.
func resultTypeName(o types.Object) string {
	fn, ok := o.(*types.Func)
	if !ok {
		return ""
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return ""
	}
	if n, ok := res.At(0).Type().(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// soleLongest returns the objects, among those of calls whose name's
// words (as camelWords splits them) fit, whose name has the most words; a
// name of fewer than least words is passed over, and ok is false unless
// those names are all the same words (one object, or `checkOrigin` and
// the field `CheckOrigin` it is read from).
func soleLongest(calls []call, least int, fit func(parts []string) bool) (step, bool) {
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
	words := ""
	for o := range best {
		w := strings.Join(camelWords(o.Name()), " ")
		if words != "" && w != words {
			return nil, false
		}
		words = w
	}
	return best, len(best) > 0
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
// each, but for two calls of one loop body when the steps are pinned to
// one iteration.
func alwaysAfter(calls []call, first, second step, pinned bool) bool {
	var firsts, seconds []call
	for _, c := range calls {
		switch {
		case first[c.fn]:
			firsts = append(firsts, c)
		case second[c.fn]:
			seconds = append(seconds, c)
		}
	}
	for _, a := range firsts {
		for _, b := range seconds {
			if a.late || b.late || a.pos < b.pos || sharesLoop(a, b) && !(pinned && slices.Equal(a.loops, b.loops)) {
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

// verbStems returns the base forms a verb of the third person, a gerund
// or a participle may have: "verifies" verify, "hashes" hash or hashe,
// "decrypts" decrypt, "encoding" encod or encode, "validated" validat or
// validate, "stopped" stop.
func verbStems(w string) map[string]bool {
	out := map[string]bool{}
	switch {
	case strings.HasSuffix(w, "ied"):
		out[w[:len(w)-3]+"y"] = true
	case strings.HasSuffix(w, "ed") && len(w) > 4:
		s := w[:len(w)-2]
		out[s], out[s+"e"] = true, true
		if n := len(s); s[n-1] == s[n-2] {
			out[s[:n-1]] = true
		}
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

// maxNamesakes is how many module functions may share a name a sentence
// gives in plain prose, for the steps it tells to say which one it means.
const maxNamesakes = 3

// proseSubjects returns, as claims, the words of plain prose that open a
// clause (subjectLeadRe) and are the name of a module function, or of a
// few (maxNamesakes): "Decode" in "After the loop, Decode merges ...".
// Words inside code, or already claims, are left out.
func (c *Checker) proseSubjects(prose string, claims []Claim) []Claim {
	var out []Claim
	for _, loc := range proseWordSubjectRe.FindAllStringIndex(outsideCode(prose), -1) {
		if inCode(loc[0], claims) {
			continue
		}
		word := prose[loc[0]:loc[1]]
		if n := len(c.m.FuncsNamed(word)); n == 0 || n > maxNamesakes {
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
