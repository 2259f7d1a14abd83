// Command gen-secret-rules regenerates the redactor's table of provider
// token formats from a checkout of gitleaks (github.com/gitleaks/gitleaks,
// MIT licence), the widest maintained set of secret rules. It reads the
// checkout's config/gitleaks.toml and the rule definitions in
// cmd/generate/config/rules, and writes:
//
//   - explainerr/redact/providers.txt, the table: per rule its id,
//     keywords, entropy, secret group, expression and allowlists;
//   - explainerr/redact/testdata/providers.txt, per rule a positive (the
//     rule's own sample, or one generated from its expression) and the
//     rule's false-positive samples as negatives, for the tests.
//
// It downloads nothing. Rules Go's regexp (RE2) cannot compile (they use
// lookarounds or backreferences), rules that match file paths only, and
// the generic high-entropy rule (the redactor judges random-looking values
// by their context instead) are left out and listed in the table's header.
//
// Usage, from the repository's root:
//
//	go run ./scripts/gen-secret-rules [-source label] /path/to/gitleaks
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// skipped are rules left out on purpose, with the reason.
var skipped = map[string]string{
	"generic-api-key": "generic high-entropy rule: the redactor judges random-looking values by their context",
}

func main() {
	source := flag.String("source", "", "where the checkout comes from, for the table's header (a version or commit)")
	table := flag.String("table", "explainerr/redact/providers.txt", "the table to write")
	samples := flag.String("samples", "explainerr/redact/testdata/providers.txt", "the samples to write")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gen-secret-rules [-source label] [-table file] [-samples file] gitleaks-checkout")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *source, *table, *samples); err != nil {
		fmt.Fprintln(os.Stderr, "gen-secret-rules:", err)
		os.Exit(1)
	}
}

// A kept rule is a rule of the table with its samples.
type kept struct {
	rule tomlRule
	// lines are the rule's lines of the table: its rule line and its
	// allow lines.
	lines                string
	positive             string
	negatives            []string
	generated            bool
	negativesLeftOut     int
	positiveFromOwnTests bool
}

func run(dir, source, tablePath, samplesPath string) error {
	conf, err := os.ReadFile(filepath.Join(dir, "config", "gitleaks.toml"))
	if err != nil {
		return fmt.Errorf("%w (want a gitleaks checkout)", err)
	}
	rules, err := parseRules(string(conf))
	if err != nil {
		return fmt.Errorf("config/gitleaks.toml: %w", err)
	}
	if len(rules) == 0 {
		return fmt.Errorf("config/gitleaks.toml holds no [[rules]]")
	}
	own, err := readSamples(filepath.Join(dir, "cmd", "generate", "config", "rules"))
	if err != nil {
		return err
	}
	var keep []kept
	var dropped []string
	for _, r := range rules {
		if why, ok := skipped[r.ID]; ok {
			dropped = append(dropped, r.ID+": "+why)
			continue
		}
		if r.Regex == "" {
			dropped = append(dropped, r.ID+": matches file paths only")
			continue
		}
		lines, err := ruleLines(r)
		if err != nil {
			dropped = append(dropped, r.ID+": "+reason(err))
			continue
		}
		k := kept{rule: r, lines: lines}
		finds := func(text string) bool {
			hides, _ := redact.ProviderTableHides(lines, text)
			return hides
		}
		for _, p := range own[r.ID].positives {
			if !strings.Contains(p, "\n") && finds(p) {
				k.positive, k.positiveFromOwnTests = p, true
				break
			}
		}
		if k.positive == "" {
			k.positive = generatedPositive(r, finds)
			k.generated = true
		}
		if k.positive == "" {
			dropped = append(dropped, r.ID+": no positive sample could be made from its expression")
			continue
		}
		for _, n := range own[r.ID].negatives {
			if finds(n) {
				k.negativesLeftOut++ // excused by gitleaks' global allowlist, which the table lacks
				continue
			}
			k.negatives = append(k.negatives, n)
		}
		keep = append(keep, k)
	}
	sort.Strings(dropped)
	// Both files are written aside and renamed into place only when both
	// are complete, so that a failure leaves the old pair as it was.
	if err := writeTable(tablePath+".new", source, keep, dropped); err != nil {
		os.Remove(tablePath + ".new")
		return err
	}
	if err := writeSamples(samplesPath+".new", source, keep); err != nil {
		os.Remove(tablePath + ".new")
		os.Remove(samplesPath + ".new")
		return err
	}
	if err := os.Rename(tablePath+".new", tablePath); err != nil {
		return err
	}
	return os.Rename(samplesPath+".new", samplesPath)
}

// ruleLines returns a rule's lines of the table, its rule line and its
// allow lines, after checking that the redactor can read them: its
// expressions compile with Go's regexp, and no field holds what the
// table's format cannot. An allowlist that depends on a file's path is
// left out: a report has no path.
func ruleLines(r tomlRule) (string, error) {
	for _, f := range append([]string{r.ID, r.Regex}, r.Keywords...) {
		if strings.ContainsAny(f, "\t\n,") && f != r.Regex || strings.ContainsAny(f, "\t\n") {
			return "", fmt.Errorf("a field holds a tab, a line break or a comma: %q", f)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "rule\t%s\t%s\t%s\t%d\t%s\n", r.ID, strings.ToLower(strings.Join(r.Keywords, ",")), strconv.FormatFloat(r.Entropy, 'g', -1, 64), r.SecretGroup, r.Regex)
	for _, a := range r.Allowlists {
		if len(a.Paths) > 0 && (a.Condition == "AND" || len(a.Regexes)+len(a.Stopwords) == 0) {
			continue
		}
		fmt.Fprintf(&b, "allow\t%s\t%s\t%s\t%s\n", orDefault(a.Target, "secret"), orDefault(a.Condition, "OR"), quoteAll(a.Regexes), quoteAll(a.Stopwords))
	}
	if _, err := redact.ProviderTableHides(b.String(), ""); err != nil {
		return "", err
	}
	return b.String(), nil
}

// reason says in a few words why Go's regexp refused an expression.
func reason(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "(?=") || strings.Contains(msg, "(?!") || strings.Contains(msg, "(?<"):
		return "uses a lookaround, which RE2 lacks"
	case strings.Contains(msg, `\1`) || strings.Contains(msg, "escape sequence"):
		return "uses a construct RE2 lacks: " + msg
	}
	return "does not compile with Go's regexp: " + msg
}

// generatedPositive makes a sample from the rule's expression, trying
// several random choices until the rule finds it.
func generatedPositive(r tomlRule, finds func(string) bool) string {
	for seed := range uint64(200) {
		rnd := rand.New(rand.NewPCG(seed, uint64(len(r.ID))))
		s, err := generate(r.Regex, rnd)
		if err != nil || strings.ContainsAny(s, "\n\r\t") {
			continue
		}
		if finds(s) {
			return s
		}
		// A keyword the expression does not hold ("airtable" for a
		// "pat…" token) is put before the sample, as a name.
		for _, k := range r.Keywords {
			if named := k + " = " + s; finds(named) {
				return named
			}
		}
	}
	return ""
}

// writeTable writes the table the redactor embeds.
func writeTable(path, source string, keep []kept, dropped []string) error {
	var b strings.Builder
	b.WriteString(header("Provider token formats for package redact", source))
	fmt.Fprintf(&b, "# %d rules kept; %d left out:\n", len(keep), len(dropped))
	for _, d := range dropped {
		fmt.Fprintf(&b, "#   %s\n", d)
	}
	b.WriteString("#\n# rule<TAB>id<TAB>keywords (comma-separated)<TAB>entropy<TAB>secret group<TAB>expression\n")
	b.WriteString("# allow<TAB>target<TAB>condition<TAB>expressions (quoted, space-separated)<TAB>stopwords (quoted, space-separated)\n")
	for _, k := range keep {
		b.WriteString(k.lines)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// writeSamples writes the positive and negative samples of each rule.
func writeSamples(path, source string, keep []kept) error {
	var b strings.Builder
	b.WriteString(header("Samples of the provider token formats, for the tests of package redact", source))
	b.WriteString("# hide<TAB>rule<TAB>sample: the rule must hide it (own: from the rule's own tests; generated: from its expression)\n")
	b.WriteString("# keep<TAB>rule<TAB>sample: one of gitleaks' false-positive samples, which the rule must leave as it is\n")
	for _, k := range keep {
		origin := "generated"
		if k.positiveFromOwnTests {
			origin = "own"
		}
		fmt.Fprintf(&b, "hide\t%s\t%s\t%s\n", k.rule.ID, origin, strconv.Quote(k.positive))
		for _, n := range k.negatives {
			fmt.Fprintf(&b, "keep\t%s\tgitleaks\t%s\n", k.rule.ID, strconv.Quote(n))
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// header is the comment at the top of both files: what they are, where
// they come from, gitleaks' licence, and how to make them again.
func header(what, source string) string {
	from := "gitleaks (github.com/gitleaks/gitleaks)"
	if source != "" {
		from += ", " + source
	}
	return "# " + what + ".\n" +
		"# Generated by scripts/gen-secret-rules from " + from + ";\n" +
		"# do not edit. Refresh: go run ./scripts/gen-secret-rules -source <version> <gitleaks checkout>\n" +
		"# The rules are gitleaks' work: Copyright (c) 2019 Zachary Rice, MIT License\n" +
		"# (https://github.com/gitleaks/gitleaks/blob/master/LICENSE).\n#\n"
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, " ")
}
