package explainerr

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// noteBlocked tells, on the report and in the log, which methods of the
// app's values gave no result for this failure (valuecalls.go): the parts
// of the report they would have given are shown as not shown.
func (ex *Explainer) noteBlocked(rep *report.Report, calls *valueCalls) {
	if len(calls.blocked) == 0 {
		return
	}
	var names []string
	for _, b := range calls.blocked {
		names = append(names, fmt.Sprintf("%s() of %s %s", b.method, b.typ, b.why))
		ex.log.LogAttrs(context.Background(), slog.LevelWarn,
			"explainerr: a method of a failure's value gave no result; its part of the report is not shown",
			slog.String("type", b.typ),
			slog.String("method", b.method),
			slog.String("why", b.why))
	}
	rep.Notices = append(rep.Notices, fmt.Sprintf(
		"Methods of the failure's values gave no result, so what they would have given is not shown: %s. "+
			"A call that did not return is left running; while %d calls of one type's methods are running, one of them past its deadline, values of that type are not formatted.",
		strings.Join(names, "; "), maxCallsPerType))
}
