package coverage

import (
	"strings"
	"testing"
)

// TestSelfChecksHoldOnTheBlogFixtures scores every self-check answer of
// the blog's fixtures, with the reference explanation standing in for a
// good real one: the oracle scores at least OracleMin, nothing scores 0,
// the constant text no more than nothing, and the reference stuffed with
// every identifier of the fix location's file lower than the reference.
func TestSelfChecksHoldOnTheBlogFixtures(t *testing.T) {
	v := blogVocabulary(t)
	files := blogFiles(t)
	var rows []SelfCheckRow
	for _, fx := range loadFixtures(t) {
		idents := Identifiers(strings.Join(files[fx.FixLocation.File], "\n"))
		if fx.FixLocation.Function != "" && len(idents) == 0 {
			t.Fatalf("%s: no identifier in %s", fx.ID, fx.FixLocation.File)
		}
		real := Score(fx, fx.Reference, v).Score
		check := SelfCheck{
			Oracle:   Score(fx, OracleText(fx), v).Score,
			Null:     Score(fx, "", v).Score,
			Constant: Score(fx, ConstantText, v).Score,
			Stuffing: Score(fx, Stuff(fx.Reference, idents), v).Score,
		}
		if len(idents) > 20 && check.Stuffing >= real {
			t.Errorf("%s: stuffing %d identifiers scores %.2f, the reference %.2f", fx.ID, len(idents), check.Stuffing, real)
		}
		rows = append(rows, SelfCheckRow{Mode: "rag", Real: real, Check: check})
	}
	totals, failures := SelfCheckGate(rows)
	if len(failures) > 0 || len(totals) != 1 {
		t.Errorf("totals %+v, failures %v", totals, failures)
	}
	t.Logf("%+v", totals)
}

func TestSelfCheckGateFailsEachBrokenScore(t *testing.T) {
	good := SelfCheckRow{Mode: "static", Real: 0.5, Check: SelfCheck{Oracle: 0.95, Null: 0, Constant: 0, Stuffing: 0.2}}
	if _, f := SelfCheckGate([]SelfCheckRow{good}); len(f) != 0 {
		t.Fatalf("a sound score fails: %v", f)
	}
	cases := []struct {
		name  string
		spoil func(r *SelfCheckRow)
		want  string
	}{
		{"oracle low", func(r *SelfCheckRow) { r.Check.Oracle = 0.8 }, "the oracle"},
		{"null high (coverage scored on the prompt)", func(r *SelfCheckRow) { r.Check.Null, r.Check.Constant = 0.7, 0.7 }, "an empty answer"},
		{"constant above null", func(r *SelfCheckRow) { r.Check.Constant = 0.05 }, "a constant text"},
		{"stuffing pays", func(r *SelfCheckRow) { r.Check.Stuffing = 0.5 }, "keyword stuffing"},
		{"a constant generator", func(r *SelfCheckRow) { r.Real = 0 }, "keyword stuffing"},
	}
	for _, c := range cases {
		r := good
		c.spoil(&r)
		_, f := SelfCheckGate([]SelfCheckRow{r})
		if len(f) != 1 || !strings.Contains(f[0], c.want) || !strings.HasPrefix(f[0], "static:") {
			t.Errorf("%s: failures %v, want one about %q", c.name, f, c.want)
		}
	}
}

func TestNamedReadsCodeNotEnglish(t *testing.T) {
	v := Vocabulary{"post": true, "FeaturedPost": true, "postID": true, "Store": true, "err": true, "Slug": true, "the": true}
	text := "Store the post. The `err` is nil because FeaturedPost returns nil; postID and the Store's Slug are fine."
	got := strings.Join(v.Named(text), ",")
	if want := "FeaturedPost,Slug,Store,err,postID"; got != want {
		t.Errorf("Named = %s, want %s", got, want)
	}
}

// TestPrecisionPunishesVolume: the same right names among many more
// score lower.
func TestPrecisionPunishesVolume(t *testing.T) {
	v := blogVocabulary(t)
	fx := loadFixtures(t)[0]
	ref := Score(fx, fx.Reference, v)
	if ref.Precision != 1 || ref.Named == 0 {
		t.Fatalf("the reference names %d identifiers at precision %.2f, want all of them right", ref.Named, ref.Precision)
	}
	var all []string
	for id := range v {
		all = append(all, id)
	}
	stuffed := Score(fx, Stuff(fx.Reference, all), v)
	if stuffed.Recall < ref.Recall || stuffed.Precision > 0.1 || stuffed.Score >= ref.Score/2 {
		t.Errorf("stuffed %+v against the reference %+v", stuffed, ref)
	}
}

func blogFiles(t *testing.T) map[string][]string {
	t.Helper()
	return readGoFiles(t, "blogapp")
}

// TestStuffingPaysInNeitherForm appends every identifier of the fix
// location's file to each blog reference explanation, as code spans and
// as plain words: both score lower than the reference on the mean. Run
// it with -v for the means METHODOLOGY quotes.
func TestStuffingPaysInNeitherForm(t *testing.T) {
	v := blogVocabulary(t)
	files := blogFiles(t)
	fixes := loadFixtures(t)
	var ref, spans, words float64
	for _, fx := range fixes {
		idents := Identifiers(strings.Join(files[fx.FixLocation.File], "\n"))
		ref += Score(fx, fx.Reference, v).Score
		spans += Score(fx, Stuff(fx.Reference, idents), v).Score
		words += Score(fx, fx.Reference+"\n\n"+strings.Join(idents, " "), v).Score
	}
	n := float64(len(fixes))
	t.Logf("mean score over %d fixtures: reference %.2f, stuffed as code spans %.2f, as plain words %.2f", len(fixes), ref/n, spans/n, words/n)
	if spans >= ref || words >= ref {
		t.Errorf("stuffing pays: reference %.2f, code spans %.2f, plain words %.2f", ref/n, spans/n, words/n)
	}
}
