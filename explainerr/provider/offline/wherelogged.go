package offline

import (
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/report"
)

// whereLogged writes the location section of a failure whose stack holds
// no frame of the app's own code (a status a framework wrote after the
// handler returned, on a stack of its own), from what stands in for the
// site (standIn): the app's code a line of the request's log names or
// whose literal worded it, or
// the handler of the request's route.
func (a *analysis) whereLogged() {
	text := "No frame of the app's own code is on the failing stack"
	for _, f := range a.r.Frames {
		if f.Kind != report.FrameApp {
			text += "; the innermost frame is " + code(qualifiedShort(f.Function)) + " at " + code(a.fileLoc(f.File, f.Line))
			break
		}
	}
	at := sitePlace(a.s)
	if a.standIn == appsource.StandInRoute {
		// No log line names the app's code: the handler of the
		// request's route, which the failure ran through.
		a.d.Where = append(a.d.Where, draft.Item{text + ". The request's route is handled by " + code(a.s.Function) + ", declared at " + code(a.fileLoc(a.s.Frame.File, a.s.Line)) + ": the failure happened on its way, on a line the stack does not show."})
		return
	}
	if a.s.Text != "" {
		at += ":\n" + code(a.s.Text)
	}
	a.d.Where = append(a.d.Where, draft.Item{text + ". What the request logged leads to the app's code that met the error (a place it names, or the literal that worded it), at " + at})
}
