package checker

import (
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

var (
	// subjectLeadRe is what may come before a clause's subject: nothing,
	// or "The handler", "the method".
	subjectLeadRe = regexp.MustCompile(`(?i)^\s*(?:(?:the|a|an)\s+)?(?:(?:handler|method|function|middleware|constructor|helper|func)\s+)?$`)
	// useVerbRe follows a subject that does something in its own code:
	// a place for it may come first ("in middleware.go", "(cart.go:40)"),
	// and an adverb.
	useVerbRe = regexp.MustCompile(`(?i)^\s*(?:(?:in|of)\s+\S+\s+)?(?:\([^)]*\)\s*)?,?\s*(?:(?:also|only|first|then|now|directly|still|always|just|itself|explicitly)\s+)*` +
		`(calls|invokes|uses|reads|writes|logs|sorts|passes|sets|registers|adds|collects|gathers|assigns|encodes|decodes|parses|formats|saves|stores|loads|compares|checks|appends|copies|hashes|sends|queries|scans|locks|unlocks|closes|replaces|deletes|removes|updates|increments|decrements|converts|marshals|unmarshals|renders|executes|builds|returns)\b`)
	// useStopRe ends what the verb's objects are: a clause of another
	// subject, a relative clause, a condition, a negation, an alternative
	// or a contrast.
	useStopRe = regexp.MustCompile("(?i),\\s*(?:and|but|so|or|which|then|while)\\b|\\b(?:which|whose|who|that|so|because|when|whenever|if|unless|while|but|where|since|until|although|though|even|then|before|after|instead|otherwise|whereas|or|nor|not|no|never|without|rather|than|unlike|except)(?:[^\\w-]|$)|;|:\\s|\\band\\s+(?:then\\s+)?`[^`]+`\\s+\\w{2,}s\\b")
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
		if cl.start < from || cl.end > to || !subjectLeadRe.MatchString(prose[from:cl.start]) {
			continue
		}
		verb := useVerbRe.FindStringSubmatchIndex(prose[cl.end:to])
		if verb == nil {
			continue
		}
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) == 0 {
			continue
		}
		a := cl.end + verb[1]
		b := to
		if stop := useStopRe.FindStringIndex(prose[a:to]); stop != nil {
			b = a + stop[0]
		}
		word := strings.ToLower(prose[cl.end+verb[2] : cl.end+verb[3]])
		out = append(out, useClause{subject: cl, verb: word, funcs: funcs, from: a, to: b})
	}
	return out
}

// subjectFuncs returns the module functions a subject names: "Tagged",
// "Catalog.Tagged", "(*Catalog).Tagged", "c.Tagged(tag)".
func (c *Checker) subjectFuncs(text string) []*source.Func {
	name := normalizeSelector(text)
	if i := strings.Index(name, "("); i >= 0 {
		name = name[:i]
	}
	recv, bare := source.SplitFuncName(name)
	funcs := c.m.FuncsNamed(bare)
	if head, _, dotted := strings.Cut(name, "."); dotted && (len(c.m.Imported[head]) > 0 || len(c.m.TypeNamed(head)) == 0 && !c.isVariable(head)) {
		// "http.Error", "filepath.Join", "taskstore.New": only a function
		// of that package, if the module declares it.
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
