package offline

// maxReachedDeadlines bounds the deadlines cited from code the request
// may have reached through an interface or a function value.
const maxReachedDeadlines = 2

// contextEndedPass explains work stopped by its context.
var contextEndedPass = &pass{
	name:    "context-ended",
	doc:     "A context that ended (deadline exceeded, canceled, a statement canceled): the deadline that was set and the work that outlived it.",
	classes: []Class{ClassDeadline, ClassCanceled, ClassStmtCanceled},
	needs:   []need{needModule},
	explain: always((*analysis).contextEnded),
}

// deadlineCalls are the calls that give a context a deadline, and the
// handler wrappers that give a request's context one.
var deadlineCalls = map[string]bool{
	"context.WithTimeout": true, "context.WithDeadline": true, "context.WithTimeoutCause": true,
	"context.WithDeadlineCause": true, "http.TimeoutHandler": true, "middleware.Timeout": true,
}

// contextEnded explains "context deadline exceeded", "context canceled"
// and a statement the database canceled.
func (a *analysis) contextEnded() {
	switch a.f.Class {
	case ClassStmtCanceled:
		if a.f.Captures["reason"] == "statement timeout" {
			a.headline("SQL statement canceled by the server's statement timeout")
			a.why("PostgreSQL canceled the statement because it ran longer than the server's " + code("statement_timeout") + " setting allows. The query is too slow for that limit: it is a server-side failure, not bad input.")
			a.fix("Make the query faster (an index, less data), or raise " + code("statement_timeout") + " for the role or the session if the query legitimately needs longer.")
			return
		}
		a.headline("SQL statement canceled: its context ended")
		a.why("PostgreSQL reports " + code("canceling statement due to user request") + " when the driver asked it to cancel a running statement. Go's database/sql does that when the context the query was given is done: its deadline passed, or it was canceled. The statement ran longer than its context allowed; it is a server-side failure, not bad input.")
	case ClassDeadline:
		a.headline("Context deadline exceeded")
		a.why("An operation was given a context with a deadline, and the deadline passed before it finished; the call that was waiting (a query, an HTTP call) returned the context's error. It is a server-side failure, not bad input.")
	default:
		a.headline("Context canceled")
		a.why("The operation's context was canceled before it finished. For a request's context that means the client closed the connection (or the server is shutting down); otherwise the code called the context's cancel function before the work was done.")
	}
	if a.f.Class != ClassCanceled && a.poolWhileTx(a.f.Message) {
		return
	}
	cited, unset := false, false
	if src := a.app(); src != nil {
		lines, reach := a.deadlinesNearStack(src)
		if a.f.Class == ClassDeadline && reach != deadlineElsewhere {
			// Of the deadlines the request met, one whose length a
			// setting no configuration gives leaves at 0.
			for _, l := range lines {
				if a.deadlineFromUnsetSetting(l) {
					lines, unset = nil, true
					break
				}
			}
		}
		if reach == deadlineReached && len(lines) > maxReachedDeadlines {
			// Many places the request may have reached set one: naming
			// them would name code that did not run.
			lines = nil
		}
		if len(lines) > 0 {
			cited = true
			switch {
			case a.f.Class == ClassCanceled:
				a.why("The app makes contexts that end at " + a.citeAll(lines) + ".")
			case reach == deadlineOnStack:
				a.why("The failing code sets a deadline at " + a.citeAll(lines) + ", in a function on the failing stack: that is the limit the work ran past.")
			case reach == deadlineCalled:
				a.why("The failing code calls a function that sets a deadline at " + a.citeAll(lines) + ": that is most likely the limit the work ran past.")
			case reach == deadlineReached:
				a.why("Code the request may have run (through an interface or a function value the stack does not show) sets a deadline at " + a.citeAll(lines) + ": most likely the limit the work ran past.")
			default:
				a.why("Elsewhere in the module, in code not on the failing stack, deadlines are set at " + a.citeAll(lines) + ": only if this request ran through one of them (a middleware, say) is that the limit the work ran past.")
			}
			if values := src.durationConstants(lines); len(values) > 0 && a.f.Class != ClassCanceled {
				a.why("The length of a deadline named there is set at " + a.citeAll(values) + ".")
			}
			if a.f.Class != ClassCanceled {
				a.durationFromField(lines)
			}
		}
	}
	nanos := false
	if a.f.Class == ClassDeadline {
		if src := a.app(); src != nil {
			lines, _ := a.deadlinesNearStack(src)
			if ns := bareDurations(lines); len(ns) > 0 {
				nanos = true
				a.why("A deadline above is given as the bare integer " + code(ns[0]) + ": a " + code("time.Duration") + " counts nanoseconds, so that is " + ns[0] + "ns, not milliseconds or seconds, and it passes almost at once.")
				a.fix("Give the duration with its unit, for example "+code(ns[0]+"*time.Millisecond")+".",
					"Give the duration with its unit (a multiple of a "+code("time")+" constant).")
			}
		}
	}
	switch {
	case nanos, unset:
	case a.f.Class == ClassCanceled:
		a.fix("If the client went away, there is nobody to answer: check " + code("errors.Is(err, context.Canceled)") + " and log it quietly instead of as a server error.")
		a.fix("Otherwise, make sure the cancel function is called only after the work that uses the context has finished (" + code("defer cancel()") + " in the function that does the work).")
	case cited:
		a.fix("If the work legitimately takes longer, raise the timeout cited above; otherwise make the slow call faster (for a query: an index, less data).")
	default:
		a.fix("Find where the context gets its deadline (" + code("context.WithTimeout") + ", a timeout middleware, the client's own deadline) and raise it if the work legitimately takes longer; otherwise make the slow call faster.")
	}
	if a.f.Class != ClassCanceled {
		a.fix("If it can happen in normal use, answer it with 503 Service Unavailable (or 504) rather than a bare 500, so clients know to retry.")
	}
}
