// Package coverage is a free, deterministic score of an explanation: does
// it name the fixture's fix location (the function or the template) and
// the facts a correct explanation states? It reads only the explanation's
// text, so it scores a model, the offline analyzer and the self-checks
// alike: a fixture's reference explanation scores high, an empty one zero.
// Naming is not understanding: coverage says what an explanation points
// at, not whether its reasoning holds.
package coverage

import (
	"path"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/blogapp/fixture"
)

// Result is the coverage of one explanation.
type Result struct {
	// FixLocationNamed is true when the explanation names the fix
	// location's function (its bare name, as a whole word) or template
	// (its file name).
	FixLocationNamed bool `json:"fix_location_named"`
	// FactsNamed of FactsTotal facts are stated (any phrasing, matched as
	// the fixtures file matches facts); FactShare is their share.
	FactsNamed   int      `json:"facts_named"`
	FactsTotal   int      `json:"facts_total"`
	FactShare    float64  `json:"fact_share"`
	MissingFacts []string `json:"missing_facts,omitempty"`
	// Named counts the distinct identifiers of the app's code the
	// explanation names (see Vocabulary.Named); NamedRight those of them
	// that the fixture's answer key holds. Precision is their share (0
	// when nothing is named), Recall the share of the fix location and
	// the facts stated (the location counted as one more fact), and Score
	// their harmonic mean: naming every identifier in sight raises recall
	// and sinks precision, so volume does not pay.
	Named      int     `json:"named"`
	NamedRight int     `json:"named_right"`
	Precision  float64 `json:"precision"`
	Recall     float64 `json:"recall"`
	Score      float64 `json:"score"`
}

// Score measures the coverage of text for fx; v holds the identifiers of
// the fixture's app.
func Score(fx fixture.Fixture, text string, v Vocabulary) Result {
	r := Result{FactsTotal: len(fx.Facts)}
	if strings.TrimSpace(text) == "" {
		for _, f := range fx.Facts {
			r.MissingFacts = append(r.MissingFacts, strings.Join(f, " | "))
		}
		return r
	}
	r.FixLocationNamed = NamesLocation(text, fx.FixLocation)
	for _, f := range fx.Facts {
		if f.Matches(text) {
			r.FactsNamed++
		} else {
			r.MissingFacts = append(r.MissingFacts, strings.Join(f, " | "))
		}
	}
	if r.FactsTotal > 0 {
		r.FactShare = float64(r.FactsNamed) / float64(r.FactsTotal)
	}
	found := r.FactsNamed
	if r.FixLocationNamed {
		found++
	}
	r.Recall = float64(found) / float64(r.FactsTotal+1)
	key := Key(fx)
	for _, w := range v.Named(text) {
		r.Named++
		if key[w] {
			r.NamedRight++
		}
	}
	if r.Named > 0 {
		r.Precision = float64(r.NamedRight) / float64(r.Named)
	}
	if r.Precision+r.Recall > 0 {
		r.Score = 2 * r.Precision * r.Recall / (r.Precision + r.Recall)
	}
	return r
}

// NamesLocation reports whether text names loc: the function's bare name
// ("FeaturedPost" for "(*Store).FeaturedPost") as a whole, case-sensitive
// word, the template's file name, or the file name of a location that is
// neither (an SQL file or a migration).
func NamesLocation(text string, loc fixture.Location) bool {
	if loc.Function != "" {
		return fixture.Fact{BareFunc(loc.Function)}.Matches(text)
	}
	if loc.Template != "" {
		return fixture.Fact{loc.Template}.Matches(text)
	}
	return loc.File != "" && fixture.Fact{path.Base(loc.File)}.Matches(text)
}

var (
	closureSuffix  = regexp.MustCompile(`(\.func\d+)+$|-fm$`)
	receiverPrefix = regexp.MustCompile(`^.*[.)]`)
)

// BareFunc strips a package path, a receiver and a closure suffix from a
// function name: "pkg.(*Store).PostByID" becomes "PostByID".
func BareFunc(name string) string {
	name = strings.TrimSuffix(strings.TrimSpace(name), "()")
	name = closureSuffix.ReplaceAllString(name, "")
	return receiverPrefix.ReplaceAllString(name, "")
}
