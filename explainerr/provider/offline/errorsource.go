package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
)

// When the stack does not show where an error was made (an error handler
// passed it on after its handler returned), the message often does: the
// app's own fmt.Errorf or errors.New whose format the message matches,
// with its verbs standing for any text.

// minFormatText is how much literal text a format must hold to identify an
// error: "%w" or "failed: %v" would match anything.
const minFormatText = 10

// errorMadeAt returns the app's one call to fmt.Errorf or errors.New whose
// format the message msg matches whole; false when none does, or more
// than one place does. The module is searched once per analysis.
func (a *analysis) errorMadeAt(msg string) (sourceLine, bool) {
	m := &a.errMade
	if m.done && m.msg == msg {
		return m.at, m.ok
	}
	found := a.errorMakersOf(msg)
	m.done, m.msg, m.ok = true, msg, len(found) == 1
	if m.ok {
		m.at = found[0]
	}
	return m.at, m.ok
}

// errorMakersOf returns every line of the module whose format makes msg:
// its own, else the part of it a format of the module made.
func (a *analysis) errorMakersOf(msg string) []sourceLine {
	src := a.app()
	if src == nil || msg == "" {
		return nil
	}
	var found []sourceLine
	for _, em := range src.mod.ErrorMakers() {
		if formatMatches(em.Format, msg) {
			found = append(found, src.lineIn(em.File, em.Line, em.Func))
		}
	}
	if len(found) == 0 {
		// A message wrapped by a caller ("failed to render: render:
		// template x does not exist"): the part a format of the module
		// made.
		for _, em := range src.mod.ErrorOrigins(msg) {
			found = append(found, src.lineIn(em.File, em.Line, em.Func))
		}
	}
	return found
}

// formatMatches reports whether msg is what the quoted format literal
// gives (appsource.FormatMatches), the format holding at least
// minFormatText bytes of its own.
func formatMatches(literal, msg string) bool { return formatMatchesMin(literal, msg, minFormatText) }

// formatMatchesMin is formatMatches with the format's own text at least
// min bytes long: less is enough where other evidence ties the format to
// the message.
func formatMatchesMin(literal, msg string, min int) bool {
	return appsource.FormatMatches(literal, msg, min)
}

// errorSearch remembers errorMadeAt's answer for one message.
type errorSearch struct {
	done, ok bool
	msg      string
	at       sourceLine
}

// whereHandedOver writes the location of an error an error handler passed
// on (handler.Fail) after the handler that returned it had returned: the
// route says which handler, the stack only who passed it on (at).
func (a *analysis) whereHandedOver(at string) {
	route := a.r.Request.Route
	if route == "" {
		route = a.r.Request.URL
	}
	handlerOf := "the handler of this request"
	if route != "" {
		handlerOf = "the handler of " + code(strings.TrimSpace(a.r.Request.Method+" "+route))
	}
	a.d.Where = append(a.d.Where, draft.Item{"The error was returned by " + handlerOf + ", which had returned by the time the app's error handler passed it on at " + at + ": the stack does not show where the error was made."})
	if ref, ok := a.routeHandler(); ok {
		a.d.Where = append(a.d.Where, draft.Item{"The module registers " + a.namedDecl(ref) + " for that route."})
	}
	if l, ok := a.errorMadeAt(strings.TrimSpace(a.r.Error.Message)); ok {
		a.d.Where = append(a.d.Where, draft.Item{"Its message matches the error made at " + a.cite(l) + "."})
	}
	a.whereWorded()
}

// maxWordedSites bounds the places whereWorded names.
const maxWordedSites = 2

// whereWorded writes where the words of the error's message are written
// in the module (appsource.Module.FailureSites), innermost first, and the
// call above each whose error those words carry on, with the module
// functions it reaches: no frame shows them once an error handler holds
// the error.
func (a *analysis) whereWorded() {
	src := a.app()
	if src == nil || src.mod == nil {
		return
	}
	n := 0
	for _, site := range src.mod.FailureSites(a.r) {
		fd := site.Decl()
		fn := appsource.FuncName(fd)
		text := "Its words " + code(site.Phrase) + " are written at " + a.cite(src.lineIn(site.File, site.Line, fn))
		if at, refs := src.mod.ErrorSource(site.File, fd, site.Line); at > 0 && at < site.Line {
			text += ", about the error of " + code(a.fileLoc(site.File.Path, at)) + ": " + code(src.lineIn(site.File, at, fn).Text)
			a.g.Add(src.lineIn(site.File, at, fn).Text)
			var names []string
			for _, ref := range refs {
				names = append(names, a.namedDecl(ref))
			}
			if len(names) > 0 {
				text += ", which reaches " + strings.Join(names, " and ")
			}
		}
		a.d.Where = append(a.d.Where, draft.Item{text + "."})
		if n++; n == maxWordedSites {
			break
		}
	}
}

// innermostWords returns where the module writes the innermost words of
// the error's message (appsource.Module.FailureSites' first), when an
// error handler passed the error on.
func (a *analysis) innermostWords() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	for _, site := range src.mod.FailureSites(a.r) {
		return src.lineIn(site.File, site.Line, appsource.FuncName(site.Decl())), true
	}
	return sourceLine{}, false
}

// routeHandler returns the function the module registers as the handler
// of the request's route (appsource.Module.RequestRoute); false when the
// request has no route or the module registers no function for it.
func (a *analysis) routeHandler() (appsource.FuncRef, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return appsource.FuncRef{}, false
	}
	rt, ok := src.mod.RequestRoute(a.r)
	if !ok || rt.Handler == nil {
		return appsource.FuncRef{}, false
	}
	return appsource.FuncRef{File: rt.File, Decl: rt.Handler}, true
}

// namedDecl writes a module function as `name` (`file:line`), its name
// made citable.
func (a *analysis) namedDecl(ref appsource.FuncRef) string {
	name := appsource.FuncName(ref.Decl)
	a.g.Add(name)
	return code(name) + " (" + code(a.fileLoc(ref.File.Path, a.app().mod.Fset.Position(ref.Decl.Pos()).Line)) + ")"
}
