package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindEmbeds is a claim about what a struct type embeds: "`T` embeds
// `*U`", "`T` embeds `U` by value".
const KindEmbeds = "embeds"

// embedsRe follows a struct type's name: "embeds" and the embedded type
// in a code span, and how it is embedded when the sentence says so.
var embedsRe = regexp.MustCompile("(?i)^`?" + embedsPlace + embedsAfter + "\\s+(?:also\\s+)?embeds\\s+(?:an?\\s+|the\\s+)?`([^`]+)`(\\s+(?:by\\s+(value|pointer)|as\\s+a\\s+(value|pointer)))?")

// embedsPlace is what may stand between the type's name and "embeds": its
// kind and where it is declared ("`route` struct at router.go:19",
// "`T` (t.go:4)", "`ID` type in package `xidb` (b/id.go)").
const embedsPlace = "(?:\\s+(?:struct|type))?(?:\\s+in\\s+(?:the\\s+)?(?:package\\s+)?`?[\\w/.-]+`?(?:\\s+package)?)?(?:\\s+(?:at|in)\\s+[\\w./-]+\\.go(?::\\d+)?|\\s*\\([\\w./-]+\\.go(?::\\d+)?\\))?,?"

// embedsAfter is another thing the sentence says the type declares
// before it says what it embeds ("`T` declares a `msg string` field and
// embeds `stack`"), or that it is a struct ("is a struct that embeds").
const embedsAfter = "(?:\\s+(?:declares|has|holds)\\b[^.;]*?\\band|\\s+is\\s+a\\s+struct(?:\\s+type)?\\s+(?:that|which))?"

// embedsMoreRe follows the first embedded type of a list: each further
// one ("and `http.Handler`", ", `sync.Mutex`").
var embedsMoreRe = regexp.MustCompile("^(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+)(?:an?\\s+|the\\s+)?`([^`]+)`(\\s+(?:by\\s+(value|pointer)|as\\s+a\\s+(value|pointer)))?")

// checkEmbeds judges "`T` embeds `U`" of a struct type of the module: T
// must have an embedded field of the type U names, and the pointer the
// sentence gives (`*U`, "by pointer") or denies ("by value") must be the
// field's.
func (c *Checker) checkEmbeds(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindIdentifier && cl.Kind != KindSelector || cl.fromExpr {
			continue
		}
		mm := embedsRe.FindStringSubmatchIndex(prose[cl.end:])
		if mm == nil {
			continue
		}
		span := strings.TrimSpace(prose[cl.end+mm[2] : cl.end+mm[3]])
		how := embeddedHow(prose[cl.end:], mm)
		// A list of embedded types, each with how it is embedded when
		// the sentence says so ("`*TreeMux` and a `ContextGroup` by
		// value").
		type embedded struct{ span, how string }
		list := []embedded{{span, how}}
		for rest := cl.end + mm[1]; how == ""; {
			more := embedsMoreRe.FindStringSubmatchIndex(prose[rest:])
			if more == nil {
				break
			}
			e := embedded{span: strings.TrimSpace(prose[rest+more[2] : rest+more[3]]), how: embeddedHow(prose[rest:], more)}
			list = append(list, e)
			rest += more[1]
		}
		for _, e := range list {
			if reason := c.embedDiffers(lastName(cl.Text), e.span, e.how); reason != "" {
				claim := Claim{Text: fmt.Sprintf("%s embeds %s", cl.Text, e.span), Kind: KindEmbeds, start: cl.start, end: cl.end + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: reason})
				break
			}
		}
	}
	return results
}

// embeddedHow returns how a match of embedsRe or embedsMoreRe in text says
// a type is embedded ("value" or "pointer"), "" when it does not say.
func embeddedHow(text string, mm []int) string {
	for _, g := range []int{6, 8} {
		if mm[g] >= 0 {
			return strings.ToLower(text[mm[g]:mm[g+1]])
		}
	}
	return ""
}

// embedDiffers returns why the module's struct types named name do not
// embed span as the sentence says (how: "value", "pointer" or ""), or ""
// when one of them does, or when name is no struct type of the module.
func (c *Checker) embedDiffers(name, span, how string) string {
	pointer := strings.HasPrefix(span, "*")
	want := lastName(strings.TrimPrefix(span, "*"))
	if !identRe.MatchString(want) {
		return ""
	}
	var reasons []string
	for _, tn := range c.m.TypeNamed(name) {
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue // another package's type of that name, no struct: it embeds nothing
		}
		found := false
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			if !f.Embedded() || f.Name() != want {
				continue
			}
			found = true
			_, isPtr := f.Type().(*types.Pointer)
			switch {
			case (pointer || how == "pointer") && !isPtr:
				reasons = append(reasons, fmt.Sprintf("%s embeds %s by value", name, want))
			case how == "value" && isPtr || pointer && how == "value":
				reasons = append(reasons, fmt.Sprintf("%s embeds *%s, a pointer", name, want))
			default:
				return ""
			}
		}
		if !found {
			reasons = append(reasons, fmt.Sprintf("%s embeds no %s", name, want))
		}
	}
	return strings.Join(reasons, "; ")
}
