package checker

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var (
	// lineOfRe ends just before a file named after a line: "line 18 of
	// `catalog.go`", "lines 18-20 in catalog.go".
	lineOfRe = regexp.MustCompile(`(?i)\blines?\s+(\d+)(?:\s*[-–]\s*\d+)?\s+(?:of|in)\s+(?:the\s+file\s+)?` + "`?$")
	// lineAfterRe starts just after a file followed by a line:
	// "`catalog.go`, line 18", "catalog.go (line 18)", "cart.go at line 40".
	lineAfterRe = regexp.MustCompile("(?i)^`?[ \t]*,?[ \t]*\\(?(?:at[ \t]+|on[ \t]+)?lines?[ \t]+(\\d+)")
	// bareLineRe is a line number written in prose: "at line 40".
	bareLineRe = regexp.MustCompile(`(?i)\blines?\s+(\d+)\b`)
	// clauseEndRe ends a clause: a full stop, question or exclamation mark
	// before white space, a semicolon, or a blank line.
	clauseEndRe = regexp.MustCompile(`[.!?](?:\s|$)|;|\n\s*\n`)
	// lineStartRe is a line break that starts a new clause: a list item,
	// or a line that starts with a capital letter, as a sentence does
	// after a line of code ("`s.fail(w, r, err)`\nThe error comes from
	// ...").
	lineStartRe = regexp.MustCompile(`\n[ \t]*(?:[-*+][ \t]|\d+[.)][ \t]|[A-Z])`)
)

// fileLines turns a file named with a line in prose ("line 18 of
// `catalog.go`", "`cart.go`, line 40") into a file:line claim. It returns
// the prose ranges those line numbers were read from.
func fileLines(prose string, claims []Claim) [][2]int {
	var used [][2]int
	for i := range claims {
		c := &claims[i]
		if c.Kind != KindFile {
			continue
		}
		if mm := lineOfRe.FindStringSubmatchIndex(prose[:c.start]); mm != nil {
			c.Kind, c.Text = KindFileLine, fileText(c.Text)+":"+prose[mm[2]:mm[3]]
			used = append(used, [2]int{mm[0], mm[1]})
			continue
		}
		if mm := lineAfterRe.FindStringSubmatchIndex(prose[c.end:]); mm != nil {
			c.Kind, c.Text = KindFileLine, fileText(c.Text)+":"+prose[c.end+mm[2]:c.end+mm[3]]
			used = append(used, [2]int{c.end + mm[0], c.end + mm[1]})
		}
	}
	return used
}

func fileText(s string) string { return strings.Trim(strings.TrimSpace(s), "`") }

// bareLines gives a line number written in prose without a file ("`Add`
// panics at line 40", "at line 19, `averageStars` ...") to the code claim
// it speaks of: the last one before it in the same sentence, or else the
// first one after it. The line must then fall inside that declaration.
func bareLines(prose string, claims []Claim, used [][2]int) []Claim {
	for _, mm := range bareLineRe.FindAllStringSubmatchIndex(prose, -1) {
		if inRanges(mm[0], used) || inCode(mm[0], claims) {
			continue
		}
		n, err := strconv.Atoi(prose[mm[2]:mm[3]])
		if err != nil || n <= 0 {
			continue
		}
		if target := subjectOf(prose, claims, mm[0], mm[1]); target >= 0 && claims[target].Line == 0 {
			claims[target].Line = n
		}
	}
	return claims
}

// unplacedLines gives a file:line that place() could not attach to a
// neighbour ("`c.order` is appended to at line 35 of `catalog.go`") to the
// code claim its clause speaks of, as bareLines does.
func unplacedLines(prose string, claims []Claim) []Claim {
	for i := range claims {
		f := claims[i]
		if f.Kind != KindFileLine || placedNear(claims, i) {
			continue
		}
		file, line := splitFileLine(f.Text)
		if t := subjectOf(prose, claims, f.start, f.end); t >= 0 && claims[t].File == "" && claims[t].Line == 0 {
			claims[t].File, claims[t].Line = file, line
			claims[t].clausePlaced = true
		}
	}
	return claims
}

// placedNear reports whether place() attached the file claim i to the
// claim before or after it.
func placedNear(claims []Claim, i int) bool {
	file, line := splitFileLine(claims[i].Text)
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(claims) && claims[j].File == file && claims[j].Line == line {
			return true
		}
	}
	return false
}

// elsewhereRe marks a place that is not where the subject is declared:
// "`Add` is called at line 61", "used from", "caller".
var elsewhereRe = regexp.MustCompile(`(?i)\b(?:call\w*|used|uses|invoked|passe[sd]|returned to|reached)\b`)

// subjectOf returns the index of the code claim a location written at
// prose[a:b] speaks of: the last one before it in the same clause, or else
// the first one after it; -1 when there is none, or when the words between
// say the location is a caller's rather than the subject's own.
func subjectOf(prose string, claims []Claim, a, b int) int {
	from, to := clauseAround(prose, a)
	target := -1
	for i, c := range claims {
		if c.start < from || c.end > to {
			continue
		}
		if c.end <= a && lineable(c) {
			target = i // the last one before
		} else if c.start >= b && target < 0 {
			// Only a claim right after it ("at line 19, `averageStars`"),
			// with nothing else between.
			if lineable(c) && c.start-b <= maxForwardGap {
				target = i
			}
			break
		}
	}
	if target < 0 || claims[target].end <= a && calledOne(prose, claims, target) {
		return -1
	}
	if claims[target].start >= b && adjacentSpanRe.MatchString(prose[from:a]) {
		// "with `log = append(log, f(err))` (f.go:185), so `g(e)` …": the
		// line is the place of the code quoted right before it.
		return -1
	}
	var gap string
	if claims[target].end <= a {
		gap = prose[claims[target].end:a]
	} else {
		gap = prose[b:claims[target].start]
	}
	if elsewhereRe.MatchString(gap) || claims[target].end <= a && secondActionRe.MatchString(outsideCode(gap)) {
		return -1
	}
	return target
}

// secondActionRe finds a second action a sentence joins to the first
// before the line it cites ("adds `x` to the payload and increments the
// timestamp when it wraps (f.go:332)"): the line is the second's.
var secondActionRe = regexp.MustCompile(`\band\s+(?:then\s+)?[a-z]+(?:s|es)\s+(?:the|a|an|its|it|them)\b`)

// lineable reports whether a claim names a declaration a line can fall in.
func lineable(c Claim) bool {
	return !c.fromExpr && (c.Kind == KindIdentifier || c.Kind == KindSelector || c.Kind == KindCall || c.Kind == KindSignature)
}

func inRanges(pos int, rs [][2]int) bool {
	for _, r := range rs {
		if r[0] <= pos && pos < r[1] {
			return true
		}
	}
	return false
}

// inCode reports whether pos falls inside a claim's own text (a backtick
// span mentioning "line").
func inCode(pos int, claims []Claim) bool {
	for _, c := range claims {
		if c.start <= pos && pos < c.end {
			return true
		}
	}
	return false
}

// clauseAround returns the bounds of the clause holding pos: a sentence,
// part of one between semicolons, or a line that starts a list item or a
// capitalised sentence. A full stop inside a file name
// ("cart.go") or a selector does not end it.
func clauseAround(prose string, pos int) (int, int) {
	from, to := 0, len(prose)
	for _, b := range clauseBreaks(prose) {
		if b[1] <= pos {
			from = b[1]
		} else if b[0] >= pos {
			to = b[0]
			break
		}
	}
	return from, to
}

// clauseBreaks returns where each clause of prose ends and the next
// starts, in order; none inside a code span.
func clauseBreaks(prose string) [][2]int {
	var out [][2]int
	// A break inside a code span ("for i := 0; i < n; i++") is code's.
	spans := backtickRe.FindAllStringIndex(prose, -1)
	inSpan := func(at int) bool {
		for _, sp := range spans {
			if sp[0] < at && at < sp[1] {
				return true
			}
		}
		return false
	}
	for _, loc := range clauseEndRe.FindAllStringIndex(prose, -1) {
		if !inSpan(loc[0]) {
			out = append(out, [2]int{loc[0], loc[1]})
		}
	}
	for _, loc := range lineStartRe.FindAllStringIndex(prose, -1) {
		out = append(out, [2]int{loc[0], loc[0] + 1})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// maxForwardGap is how far after a location a claim may start and still be
// what the location speaks of.
const maxForwardGap = 30

// callVerbRe joins a caller to what it calls: "`showProduct` calls
// `averageStars`".
var callVerbRe = regexp.MustCompile(`(?i)\b(?:calls|called|invokes|invoked|runs|passes|uses)\b`)

// calledOne reports whether claim i is what the code claim before it in
// its clause calls ("`showProduct` calls `averageStars` at line 51"): a
// location after it may be the call site in the caller as well as a place
// in the callee, so it is given to neither.
func calledOne(prose string, claims []Claim, i int) bool {
	from, _ := clauseAround(prose, claims[i].start)
	for j := i - 1; j >= 0; j-- {
		p := claims[j]
		if p.start < from {
			return false
		}
		if lineable(p) && p.end <= claims[i].start {
			return callVerbRe.MatchString(prose[p.end:claims[i].start])
		}
	}
	return false
}
