package appsource

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A library that calls a method of a value the app gave it says so in
// its error when the method fails: net/http's ServeContent asks the
// content's Seek for its size ("seeker can't seek"), encoding/json calls
// a type's MarshalJSON ("json: error calling MarshalJSON for type
// *model.Money: …"). The method is the app's: the fix is in its
// implementation, which no frame shows, as the library called it and
// returned.

// calledMethod is a library message that names the method the library
// called on the app's value; the type group, when the message has one,
// names the value's type.
type calledMethod struct {
	re     *regexp.Regexp
	method string
}

// calledMethods are the library messages that blame a method of the
// app's, kept as data.
var calledMethods = []calledMethod{
	{regexp.MustCompile(`seeker can't seek`), "Seek"},
	{regexp.MustCompile(`json: error calling MarshalJSON for type \*?(?:[\w/]+\.)?(?P<type>\w+)`), "MarshalJSON"},
	{regexp.MustCompile(`json: error calling MarshalText for type \*?(?:[\w/]+\.)?(?P<type>\w+)`), "MarshalText"},
	{regexp.MustCompile(`error calling (?P<method>[A-Z]\w*) for type \*?(?:[\w/]+\.)?(?P<type>\w+)`), ""},
}

// maxCalledMethods bounds the implementations shown for a method a
// library called: past it, which one ran is not known.
const maxCalledMethods = 2

// CalledMethods returns the module's methods, outside tests, that the
// library message msg says it called (calledMethods): those of the type
// it names when it names one, else all of that name, at most
// maxCalledMethods.
func (m *Module) CalledMethods(msg string) []FuncRef {
	for _, cm := range calledMethods {
		mm := cm.re.FindStringSubmatch(msg)
		if mm == nil {
			continue
		}
		method, typ := cm.method, ""
		if i := cm.re.SubexpIndex("method"); i >= 0 {
			method = mm[i]
		}
		if i := cm.re.SubexpIndex("type"); i >= 0 {
			typ = mm[i]
		}
		var out []FuncRef
		for _, ref := range m.Named(method, typ) {
			if ref.Decl.Recv != nil && !strings.HasSuffix(ref.File.Path, "_test.go") {
				out = append(out, ref)
			}
		}
		if len(out) == 0 || len(out) > maxCalledMethods {
			return nil
		}
		return out
	}
	return nil
}

// calledMethodChunks gives, for a library's error that blames a method
// it called on the app's value, the module's implementations of it
// (CalledMethods), as leads.
func (m *Module) calledMethodChunks(r *report.Report, s *staticSet) []report.Chunk {
	var out []report.Chunk
	for _, msg := range errorMessages(r) {
		refs := m.CalledMethods(report.AnalysedText(msg))
		if refs == nil {
			continue
		}
		for _, ref := range refs {
			if s.seen[ref.Decl] {
				s.markShown(ref.File, ref.Decl, report.ReasonImplementation)
				continue
			}
			s.seen[ref.Decl] = true
			c := s.funcChunk(ref.File, ref.Decl, report.ReasonImplementation)
			s.markLead(c)
			out = append(out, c)
		}
		break
	}
	return out
}
