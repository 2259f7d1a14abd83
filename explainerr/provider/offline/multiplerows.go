package offline

import "strings"

// multipleRowsPass explains a one-row query that found several.
var multipleRowsPass = &pass{
	name:    "multiple-rows",
	doc:     "A query expected to find one row that found several: the query and the uniqueness it assumes.",
	classes: []Class{ClassMultipleRows},
	explain: always((*analysis).multipleRows),
}

// multipleRows explains an app's "query returned several rows" error.
func (a *analysis) multipleRows() {
	msg := strings.TrimSpace(a.f.Message)
	a.headline("A query meant to find one row found several")
	a.why("The error says " + code(shorten(msg, 140)) + ": the query's condition matches more than one row, and the code that runs it expects exactly one.")
	if call, ok := a.failingCall(compiled(`err\s*:?=`)); ok {
		a.culprit = strings.TrimSpace(call.Text)
		a.why("The query runs inside the call at " + quoteLine(call) + ".")
	}
	a.fix("Make the query pick one row on purpose: order the rows and add LIMIT 1, or add the column that makes the condition unique (such as the id) to the WHERE clause.")
	a.fix("If several rows are legitimate, change the code to read them all.")
}
