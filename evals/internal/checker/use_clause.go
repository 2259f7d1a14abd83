package checker

import (
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

var (
	// subjectLeadRe is what may come before a clause's subject: nothing,
	// or "The handler", "the method", after a condition or a time that
	// opens the sentence ("When the method is not GET, ", "On a miss, ",
	// "For a required field, ", "After the loop, ", "With an empty
	// format, "), or "In", of a sentence that opens by naming the
	// function it speaks of ("In `F`, the loop …").
	subjectLeadRe = regexp.MustCompile(`(?i)^\s*(?:in\s+|(?:(?:when|whenever|if|once|unless|for|after|before|in|on|with|without)\s[^,;]*,\s*)?(?:(?:the|a|an)\s+)?(?:(?:unexported|exported|private|internal)\s+)?(?:(?:handler|method|function|middleware|constructor|helper|func)\s+)?)$`)
	// useVerbRe follows a subject that does something in its own code:
	// a place for it may come first ("in middleware.go", "(cart.go:40)",
	// "method of `*Store`"), and an adverb; taking a lock is done with
	// the call that follows ("takes the write lock with `mu.Lock()`").
	useVerbRe = regexp.MustCompile(`(?i)^\s*(?:(?:method|function|handler)\s+)?(?:(?:in|of)\s+\S+\s+)?(?:\([^)]*\)\s*)?,?\s*(?:(?:also|only|first|then|now|directly|still|always|just|itself|explicitly)\s+)*` +
		`((?:takes|acquires|holds|grabs)\s+(?:the|a|its)\s+(?:(?:write|read|shared|exclusive|mutex's|mutex)\s+)?lock(?:\s+with)?|calls|invokes|uses|reads|writes|logs|sorts|passes|sets|registers|adds|collects|gathers|assigns|encodes|decodes|parses|formats|saves|stores|loads|compares|checks|appends|copies|hashes|sends|queries|scans|locks|unlocks|closes|replaces|deletes|removes|updates|increments|decrements|converts|marshals|unmarshals|renders|executes|builds|allocates|creates|makes|constructs|initializes|initialises|instantiates|returns|panics|redirects|lower-cases|upper-cases|lowercases|uppercases|trims|splits|joins|feeds|falls\s+back\s+(?:to|on)|wraps|escapes|strips|computes|generates|signs|verifies|validates|normalizes|normalises|fills)\b`)
	// useStopRe ends what the verb's objects are: a clause of another
	// subject, a relative clause, a condition, a negation, an alternative
	// or a contrast.
	useStopRe = regexp.MustCompile("(?i),\\s*(?:and|but|so|or|which|then|while)\\b|\\b(?:which|whose|who|that|so|because|when|whenever|if|unless|while|but|where|since|until|although|though|even|then|before|after|instead|otherwise|whereas|or|nor|not|no|never|without|rather|than|unlike|except)(?:[^\\w-]|$)|;|:\\s|\\band\\s+(?:then\\s+)?`[^`]+`\\s+\\w{2,}s\\b|,\\s*`[^`]+`\\s+\\w{2,}s\\b|\\blike\\s+`")
)

// useClause is a clause whose subject is a module function that does
// something: its objects are in prose[from:to].
type useClause struct {
	subject Claim
	// verb is the verb, in lower case: "calls", "returns".
	verb     string
	funcs    []*source.Func
	from, to int
}

// useClauses finds the clauses of prose that start with a module
// function followed by a verb of doing.
func (c *Checker) useClauses(prose string, claims []Claim) []useClause {
	var out []useClause
	for _, cl := range claims {
		if !lineable(cl) || cl.Proposed || cl.Kind == KindSignature {
			continue
		}
		from, to := clauseAround(prose, cl.start)
		if cl.start < from || cl.end > to {
			continue
		}
		at := cl.end // where the verb's search starts
		if !subjectLeadRe.MatchString(prose[from:cl.start]) {
			// "When `Then` is given a nil handler, it falls back to …":
			// the subject named in a leading condition, then "it".
			if !pronounLeadRe.MatchString(prose[from:cl.start]) {
				continue
			}
			m := pronounSubjectRe.FindStringIndex(maskSpans(prose[cl.end:to]))
			if m == nil {
				continue
			}
			at = cl.end + m[1]
		}
		verb := useVerbRe.FindStringSubmatchIndex(prose[at:to])
		if verb == nil {
			continue
		}
		if at != cl.end {
			for i := range verb {
				verb[i] += at - cl.end
			}
		}
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) == 0 {
			continue
		}
		a := cl.end + verb[1]
		b := to
		word := strings.ToLower(prose[cl.end+verb[2] : cl.end+verb[3]])
		masked := maskSpans(prose[a:to])
		if strings.HasPrefix(word, "falls") {
			// "falls back to `X` and then to `Y`": one chain of fallbacks.
			masked = thenToRe.ReplaceAllStringFunc(masked, func(s string) string { return strings.Repeat(" ", len(s)) })
		}
		if stop := useStopRe.FindStringIndex(masked); stop != nil {
			b = a + stop[0]
		}
		if word == "panics" && !panicsWithRe.MatchString(prose[a:b]) {
			b = a // "panics in `reflect.Value.Elem`": where, not what its code writes
		}
		out = append(out, useClause{subject: cl, verb: word, funcs: funcs, from: a, to: b})
		if m := c.checkedWith(prose, word, b, to); m[1] > 0 {
			out = append(out, useClause{subject: cl, verb: word, funcs: funcs, from: m[0], to: m[1]})
		}
	}
	return out
}

// pronounLeadRe is a leading condition that names the subject: what
// comes before it ("When ", "If the caller passes nil to ").
// pronounSubjectRe ends that condition and names the subject again as
// "it" (or "the function"): ", it ".
var (
	pronounLeadRe    = regexp.MustCompile(`(?i)^\s*(?:when|whenever|if|once|after|before|unless)\s+(?:[^,;]*\s)?$`)
	pronounSubjectRe = regexp.MustCompile(`(?i)^[^,;]*,\s*(?:it|the\s+(?:function|method|handler|constructor|middleware))\s`)
)

// thenToRe continues a chain of fallbacks: "and then to".
var thenToRe = regexp.MustCompile(`(?i),?\s*and\s+then\s+(?:to|on)\b`)

// maskSpans writes the inside of each backtick span of s as "x"s, of
// the same length: a word or colon quoted in code ("`\"relay: no hops\"`")
// does not end the clause around it.
func maskSpans(s string) string {
	return backtickRe.ReplaceAllStringFunc(s, func(sp string) string {
		return "`" + strings.Repeat("x", len(sp)-2) + "`"
	})
}

// checkMeansRe is what follows "checks" when the check is a clause of
// its own; meansRe is the means it is made with, later in the clause:
// "`F` checks that `path` begins with a slash with `strings.HasPrefix`".
var (
	checkMeansRe = regexp.MustCompile(`(?i)^(?:that|whether|if)\b`)
	// panicsWithRe starts what a function panics with, the one object of
	// "panics" read as a use: its message or value.
	panicsWithRe = regexp.MustCompile(`(?i)^\s*with\b`)
	meansRe      = regexp.MustCompile("(?i)\\b(?:with|using|by\\s+calling|via|through)\\s+(`[^`]+`)")
)

// checkedWith returns the bounds of the backtick span a "checks that
// ..." clause names as its means ("... with `strings.HasPrefix(p,
// \"/\")`"), in prose[stop:to], where the objects of the verb stopped at
// "that"; {0, 0} when there is none.
func (c *Checker) checkedWith(prose, verb string, stop, to int) [2]int {
	switch verb {
	case "checks", "compares", "parses":
	default:
		return [2]int{}
	}
	if stop >= to || !checkMeansRe.MatchString(prose[stop:to]) {
		return [2]int{}
	}
	rest := prose[stop:to]
	n := len(checkMeansRe.FindString(rest))
	if end := useStopRe.FindStringIndex(maskSpans(rest[n:])); end != nil {
		rest = rest[:n+end[0]] // the check's own clause, not a condition after it
	}
	m := meansRe.FindStringSubmatchIndex(rest)
	if m == nil {
		return [2]int{}
	}
	return [2]int{stop + m[2], stop + m[3]}
}

// subjectFuncs returns the module functions a subject names: "Tagged",
// "Catalog.Tagged", "(*Catalog).Tagged", "c.Tagged(tag)".
func (c *Checker) subjectFuncs(text string) []*source.Func {
	name := normalizeSelector(text)
	if i := strings.Index(name, "("); i >= 0 {
		name = name[:i]
	}
	recv, bare := source.SplitFuncName(name)
	if recv == "" {
		// "cache.get": a method named with its unexported type, which
		// SplitFuncName takes for a package.
		recv = c.namedReceiver(text)
	}
	funcs := c.m.FuncsNamed(bare)
	if head, _, dotted := strings.Cut(name, "."); dotted && !strings.HasPrefix(strings.TrimSpace(text), "(") && (len(c.m.Imported[head]) > 0 || len(c.m.TypeNamed(head)) == 0 && !c.isVariable(head)) {
		// "http.Error", "filepath.Join", "taskstore.New": only a function
		// of that package, if the module declares it ("(*cache).Delete"
		// is a method, even in a package called cache).
		return inPackages(funcs, c.m.Imported[head])
	}
	if recv == "" || len(c.m.TypeNamed(recv)) == 0 {
		return funcs // a function, or a method through a variable
	}
	var out []*source.Func
	for _, f := range funcs {
		if f.Recv == recv {
			out = append(out, f)
		}
	}
	return out
}

// inPackages keeps the functions declared in one of pkgs.
func inPackages(funcs []*source.Func, pkgs []*types.Package) []*source.Func {
	var out []*source.Func
	for _, f := range funcs {
		for _, p := range pkgs {
			if f.Pkg.Types != nil && f.Pkg.Types.Path() == p.Path() {
				out = append(out, f)
			}
		}
	}
	return out
}

// isVariable reports whether the module declares a variable (a receiver,
// parameter, local or package-level one) called name.
func (c *Checker) isVariable(name string) bool {
	for _, o := range c.m.Objects[name] {
		if v, ok := o.(*types.Var); ok && !v.IsField() {
			return true
		}
	}
	return false
}
