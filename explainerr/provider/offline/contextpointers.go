package offline

import (
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/report"
)

// The source context given with a failure (static or rag) holds, besides
// the frames, the code the module understanding reached from the
// failure's own words: where its message is made, the query and schema an
// SQL error names, the code that reads the settings. When a pass's
// explanation does not name one of them, the location section points at
// it, saying why it was picked and nothing more: a lead, not a claim
// about the fault. The constructors of a nil value are left to the
// passes that follow the value, which name the one that matters.

// contextLeads are the reasons of the chunks pointed at, with what each
// says of its chunk.
var contextLeads = map[string]string{
	report.ReasonOrigin:  "where the error's message is made",
	report.ReasonQuery:   "the query the SQL error is about",
	report.ReasonSchema:  "the schema statement of the table it uses",
	report.ReasonSetting: "code that reads the app's settings",
}

// maxContextLeads bounds the chunks pointed at.
const maxContextLeads = 3

// pointToContext adds to the location section the chunks of the report's
// context that contextLeads names and the explanation does not mention
// yet, in the context's order.
func (a *analysis) pointToContext() {
	n := 0
	for _, c := range a.r.Context {
		what, ok := contextLeads[c.Reason]
		name := c.Symbol
		if !ok || n >= maxContextLeads || name == "" || a.d.Mentions(name) {
			continue
		}
		n++
		if c.Kind == "sql" || name == baseName(c.File) {
			// A schema file: its name is no Go name, and a code span
			// would not be grounded.
			a.d.Where = append(a.d.Where, draft.Item{"The source given with this failure also holds " + what + ", at line " + strconv.Itoa(c.StartLine) + " of " + name + "."})
			continue
		}
		a.g.Add(name, baseName(c.File))
		at := code(baseName(c.File))
		if line, ok := declLine(c); ok {
			at = code(baseName(c.File) + ":" + strconv.Itoa(line))
		}
		a.d.Where = append(a.d.Where, draft.Item{"The source given with this failure also holds " + what + ": " + code(name) + " (" + at + ")."})
	}
}

// declLine returns the line of c's text that declares its function (the
// line that starts with "func"), when c shows it.
func declLine(c report.Chunk) (int, bool) {
	for i, l := range strings.Split(c.Text, "\n") {
		if strings.HasPrefix(l, "func ") {
			return c.StartLine + i, true
		}
	}
	return 0, false
}
