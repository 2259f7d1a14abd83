package judge

import (
	"fmt"
	"strings"
)

// Input is everything the judge is shown for one comparison. It never says
// which explanation used retrieval.
type Input struct {
	// Trace is the error and trace section exactly as the generator saw it.
	Trace string
	// Cause is the fixture's known cause; FixLocation where the fix belongs.
	Cause       string
	FixLocation string
	// Excerpt is the numbered source excerpt.
	Excerpt string
	// A and B are the two explanations, in the order shown.
	A, B string
}

// System is the judge's system message.
const System = `You grade explanations of a failure in a Go web application. Two explanations, A and B, were written for a developer who is learning; you do not know how either was produced, and their order is random. Judge only what they say, against the material you are given. Do not reward length, confidence or polish.

For each explanation, list EVERY checkable claim it makes about the code: function, method, type, field, variable, file, line, signature, template, SQL column or table names, and statements about what a piece of code does. Give each claim one verdict:
- "verified": the source excerpt or the trace supports it;
- "contradicted": the source excerpt or the trace says otherwise;
- "absent": the material you are given does not cover it (neither supports nor contradicts).
For "verified" and "contradicted", "evidence" must be one line copied exactly from the source excerpt (without its line number) or the trace, the line your verdict rests on. For "absent", "evidence" is "".

Then answer, for each explanation, with true or false:
- identifies_cause: it states the known cause (not just the symptom);
- points_to_fix_location: it names the file and function (or template) where the fix belongs;
- fix_would_work: the change it proposes would fix the failure;
- written_for_learner: a developer new to this code could follow it and act on it.

Finally name the winner, "A", "B" or "tie": the explanation that would better help the developer fix this failure correctly. Ignore length and confidence.

Answer with one JSON object and nothing else, exactly in this shape:
{"A": {"claims": [{"claim": "...", "verdict": "verified", "evidence": "..."}], "identifies_cause": true, "points_to_fix_location": true, "fix_would_work": true, "written_for_learner": true},
 "B": {"claims": [], "identifies_cause": false, "points_to_fix_location": false, "fix_would_work": false, "written_for_learner": false},
 "winner": "A", "reasoning": "two or three sentences"}`

// User returns the judge's user message for in.
func User(in Input) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## The failure (error and trace, as the explanations' author saw it)\n\n```\n%s\n```\n\n", strings.TrimSpace(in.Trace))
	fmt.Fprintf(&b, "## Known cause\n\n%s\n\n## Where the fix belongs\n\n%s\n\n", strings.TrimSpace(in.Cause), strings.TrimSpace(in.FixLocation))
	fmt.Fprintf(&b, "## Source excerpt (line numbers on the left)\n\n```\n%s```\n\n", in.Excerpt)
	fmt.Fprintf(&b, "## Explanation A\n\n%s\n\n## Explanation B\n\n%s\n", orEmpty(in.A), orEmpty(in.B))
	return b.String()
}

func orEmpty(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(empty: no explanation was given)"
	}
	return strings.TrimSpace(s)
}

// TraceSection returns the part of a generator prompt before its retrieved
// source: the error, wrapped errors, trace and request.
func TraceSection(user string) string {
	if i := strings.Index(user, "\n## App source"); i >= 0 {
		user = user[:i]
	}
	return strings.TrimSpace(strings.TrimPrefix(user, "A request to my Go web app failed. Explain the failure and how to fix it."))
}

// CitableLines returns the lines of the trace and of an excerpt's source,
// the material the citation gate accepts quotes from.
func CitableLines(trace string, excerptLines []string) []string {
	out := append([]string(nil), excerptLines...)
	return append(out, strings.Split(trace, "\n")...)
}
