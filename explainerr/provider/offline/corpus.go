package offline

import (
	"regexp"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// corpusLine is one known line of the app's source, with where it is.
type corpusLine struct {
	// File names the line's file as the explanation writes it: its base
	// name, or its path in the module when another file on the stacks
	// has the same base name (analysis.fileName).
	File   string
	Number int
	Text   string
	// Symbol is the declaration the line belongs to, when known (a
	// retrieved chunk's symbol, or the function a window line sits in).
	Symbol string
}

// corpus is every line of app source the report carries: the app frames'
// windows and the retrieved chunks, each once.
type corpus []corpusLine

var funcDecl = regexp.MustCompile(`^func\s+(?:\(\s*\w*\s*\*?\s*(\w+)(?:\[[^\]]*\])?\s*\)\s*)?(\w+)`)

// newCorpus collects the lines of r's app source windows and chunks, with
// their files named by name.
func newCorpus(r *report.Report, name func(string) string) corpus {
	type lineKey struct {
		file   string
		number int
	}
	seen := map[lineKey]bool{}
	var c corpus
	add := func(l corpusLine) {
		key := lineKey{l.File, l.Number}
		if seen[key] {
			return
		}
		seen[key] = true
		c = append(c, l)
	}
	for _, f := range r.Frames {
		if f.Source == nil {
			continue
		}
		symbol := ""
		file := name(f.File)
		for i, t := range f.Source.Lines {
			// funcDecl is anchored on "func": skip the regexp elsewhere.
			if strings.HasPrefix(t, "func") {
				if m := funcDecl.FindStringSubmatch(t); m != nil {
					symbol = m[2]
					if m[1] != "" {
						symbol = m[1] + "." + m[2]
					}
				}
			}
			add(corpusLine{file, f.Source.StartLine + i, t, symbol})
		}
	}
	for _, ch := range r.Context {
		file := name(ch.File)
		for i, t := range strings.Split(ch.Text, "\n") {
			add(corpusLine{file, ch.StartLine + i, t, ch.Symbol})
		}
	}
	return c
}

// find returns the lines matching pattern, in corpus order.
func (c corpus) find(pattern *regexp.Regexp) []corpusLine {
	var out []corpusLine
	for _, l := range c {
		if pattern.MatchString(l.Text) {
			out = append(out, l)
		}
	}
	return out
}

// first returns the first line matching pattern.
func (c corpus) first(pattern *regexp.Regexp) (corpusLine, bool) {
	for _, l := range c {
		if pattern.MatchString(l.Text) {
			return l, true
		}
	}
	return corpusLine{}, false
}

// closest returns the candidate nearest to word by edit distance, at most
// maxDist edits away (a change of case is an edit) and not equal to
// word, or "". Ties go to the alphabetically first candidate, so the
// answer is deterministic.
func closest(word string, candidates []string, maxDist int) string {
	best, bestDist := "", maxDist+1
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		if c == word || len(c) < 2 {
			continue
		}
		if d := editDistance(word, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, with adjacent
// transpositions counting as one edit.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// words returns the distinct identifier-shaped words of the corpus.
func (c corpus) words() []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range c {
		for _, w := range wordPattern.FindAllString(l.Text, -1) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// quotedNames returns the distinct string literals of the corpus that match
// pattern (such as template file names).
func (c corpus) quotedNames(pattern *regexp.Regexp) []string {
	seen := map[string]bool{}
	var out []string
	lit := compiled(`"([^"\\]*)"`)
	for _, l := range c {
		for _, m := range lit.FindAllStringSubmatch(l.Text, -1) {
			if pattern.MatchString(m[1]) && !seen[m[1]] {
				seen[m[1]] = true
				out = append(out, m[1])
			}
		}
	}
	return out
}
