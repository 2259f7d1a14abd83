package checker

import (
	"fmt"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/explainerr/explainerr/internal/words"
)

// KindCitedMessage is a message or string value a sentence quotes beside
// the line it cites: "returns the error \"sessions: nil store for %q\"
// (sessions.go:154)", "`flashesKey`, declared at sessions.go:16, is
// \"_flashes\"".
const KindCitedMessage = "cited_message"

// A string quoted beside a cited line is what that line writes, most
// often: an error's message, a value returned or a constant's. When the
// statement at the line writes string literals, none of which admits the
// quote (holds it, is held by it, or matches it with its formatting verbs
// filled in), while one of them is close to it (a word in common, or,
// for a single word, the same word but for a few letters), the quote is
// contradicted. A statement without strings, or whose strings have
// nothing in common with the quote, leaves it unjudged: the quote may be
// of another line the clause speaks of.

// citedQuoteRe matches a string written in double quotes in prose,
// straight or curly, and captures its text.
var citedQuoteRe = regexp.MustCompile(`"([^"\n]{2,})"|“([^”\n]{2,})”`)

// checkCitedMessages judges the strings quoted in the clause of each line
// the prose cites against the string literals of the statement there.
func (c *Checker) checkCitedMessages(prose string, claims []Claim, results []Result) []Result {
	for _, r := range results {
		if r.Kind != KindFileLine || r.InCode || r.Verdict != Verified {
			continue
		}
		file, line := splitFileLine(r.Text)
		ref := lineRef{file: file, line: line, start: r.start, end: r.end, result: -1}
		from, to := clauseAround(prose, ref.start)
		if ref.start > 0 && prose[ref.start-1] == '(' {
			// A line cited in parentheses is that of what comes before.
			to = ref.start
		}
		quotes := nearestQuote(quotedInClause(prose, from, to), ref.start, ref.end)
		if len(quotes) == 0 {
			continue
		}
		for _, file := range c.refFiles(claims, ref, from, to) {
			lits := c.stringsAt(file, ref.line)
			if len(lits) == 0 {
				continue
			}
			for _, q := range quotes {
				if quotedOnPurpose(prose, q.at) || c.writtenNear(file, ref.line, q.text) {
					continue
				}
				if held, wrong := misquotes(q.text, lits); wrong {
					cl := Claim{Text: strconv.Quote(q.text), Kind: KindCitedMessage, File: file, Line: ref.line, start: q.at, end: q.at + len(q.text) + 2}
					results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s:%d writes %q, not %q", file, ref.line, held, q.text)})
				}
			}
		}
	}
	return results
}

// quote is a string the prose quotes, and where its opening quote is.
type quote struct {
	text string
	at   int
}

// quotedInClause returns the strings quoted between from and to: in
// double quotes outside code spans, or as a code span that is one Go
// string literal ("`\"(0 errors)\"`").
func quotedInClause(prose string, from, to int) []quote {
	var out []quote
	flat := outsideCode(prose[:to])
	for _, m := range citedQuoteRe.FindAllStringSubmatchIndex(flat[from:], -1) {
		a, b := m[2], m[3]
		if a < 0 {
			a, b = m[4], m[5]
		}
		out = append(out, quote{text: flat[from+a : from+b], at: from + m[0]})
	}
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[:to], -1) {
		if loc[0] < from {
			continue
		}
		toks := scanTokens(prose[loc[2]:loc[3]])
		if len(toks) < 1 || toks[0].tok != token.STRING || len(toks) > 2 || len(toks) == 2 && toks[1].lit != "\n" {
			continue
		}
		if s, err := strconv.Unquote(toks[0].lit); err == nil && len(s) >= 2 {
			out = append(out, quote{text: s, at: loc[0]})
		}
	}
	return out
}

// nearestQuote returns, of the quotes of a clause, the one nearest to the
// cited line between start and end: the others are of lines the clause
// goes on to ("returns \"a\" when … (f.go:40), and \"b\" otherwise").
func nearestQuote(quotes []quote, start, end int) []quote {
	best, dist := -1, 0
	for i, q := range quotes {
		d := q.at - end
		if q.at < start {
			d = start - (q.at + len(q.text))
		}
		if best < 0 || d < dist {
			best, dist = i, d
		}
	}
	if best < 0 {
		return nil
	}
	return quotes[best : best+1]
}

// stringsAt returns the values of the string literals of the statement
// at a line of a file.
func (c *Checker) stringsAt(file string, line int) []string {
	code := c.views().code[file]
	if line <= 0 || line > len(code) {
		return nil
	}
	first, last := c.statementLines(file, line)
	var out []string
	for _, t := range scanTokens(strings.Join(code[first-1:last], "\n")) {
		if t.tok != token.STRING {
			continue
		}
		if s, err := strconv.Unquote(t.lit); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// writtenNear reports whether a string literal within three lines of the
// line holds s: the quote is right, only its line may be off.
func (c *Checker) writtenNear(file string, line int, s string) bool {
	code := c.views().code[file]
	for i := max(0, line-4); i < min(len(code), line+3); i++ {
		for _, t := range scanTokens(code[i]) {
			if t.tok != token.STRING {
				continue
			}
			if v, err := strconv.Unquote(t.lit); err == nil && admits(v, s) {
				return true
			}
		}
	}
	return false
}

// misquotes reports whether a quote is none of the literals, while one of
// them is close to it, and returns that literal.
func misquotes(q string, lits []string) (string, bool) {
	near := ""
	for _, l := range lits {
		if admits(l, q) {
			return "", false
		}
		if near == "" && closeStrings(q, l) {
			near = l
		}
	}
	return near, near != ""
}

// formatVerbRe is a formatting verb of a literal, which a quote may fill.
var formatVerbRe = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z]`)

// admits reports whether a literal may be what a quote says: one holds
// the other, case aside, or the quote has no more words the literal lacks
// than the literal has formatting verbs (the values they stand for: the
// quote may fill them, and leave a prefix out).
func admits(lit, q string) bool {
	l, s := strings.ToLower(lit), strings.ToLower(q)
	if strings.Contains(l, s) || len(strings.TrimSpace(l)) >= 3 && words.Contains(s, l) {
		return true
	}
	// The verbs the quote fills: those of the literal, less those the
	// quote writes as the code does.
	verbs := len(formatVerbRe.FindAllString(l, -1)) - len(formatVerbRe.FindAllString(s, -1))
	if verbs <= 0 {
		return false
	}
	have := map[string]bool{}
	for _, w := range strings.Fields(formatVerbRe.ReplaceAllString(l, " ")) {
		have[strings.Trim(w, trimmedPunct)] = true
	}
	extra := 0
	for _, w := range strings.Fields(formatVerbRe.ReplaceAllString(s, " ")) {
		if !have[strings.Trim(w, trimmedPunct)] {
			extra++
		}
	}
	return extra <= verbs
}

// trimmedPunct is the punctuation a word of a message may carry.
const trimmedPunct = ".,:;!?'\"()[]{}`"

// closeStrings reports whether a quote and a literal have something in
// common that makes the one a misquote of the other: a word of three
// letters or more that is not a common word, or, for a quote of one word,
// the literal's word but for two letters added, dropped or changed.
func closeStrings(q, lit string) bool {
	qw, lw := messageWords(q), messageWords(lit)
	if len(strings.Fields(q)) == 1 && len(strings.Fields(lit)) == 1 {
		return words.EditDistance(strings.ToLower(q), strings.ToLower(lit)) <= 2
	}
	for w := range qw {
		if lw[w] {
			return true
		}
	}
	return false
}

// messageWords returns the words of a message worth matching: three
// letters or more, lower-cased, not a common word nor a formatting verb.
func messageWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(formatVerbRe.ReplaceAllString(s, " "), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = strings.ToLower(w)
		if len(w) >= 3 && !commonWords[w] {
			out[w] = true
		}
	}
	return out
}

// commonWords are words too common in messages to make two of them close.
var commonWords = map[string]bool{"the": true, "for": true, "and": true, "not": true, "with": true, "was": true, "are": true, "has": true, "have": true, "from": true, "into": true, "can": true, "cannot": true, "this": true, "that": true, "error": true, "failed": true, "invalid": true}
