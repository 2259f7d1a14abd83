package appsource

import (
	"cmp"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A failure's message is often put together on its way out, one part per
// function, joined by ": ": a handler's fail(err, "failed to fetch from
// cache"), a middleware's fmt.Sprintf("error loading password token: %v",
// err), errors.Wrap(err, "load user"). Once an error handler holds the
// error, no frame shows those functions, and the calls that made the
// message need not be fmt.Errorf or errors.New (ErrorOrigins). But each
// part is a string literal of the module: finding the literal finds the
// function that added it, and the call whose error it carried on, which
// is where the failure came from.

// phraseFact is a string literal of a function that reads as a message:
// at least two words, on one line.
type phraseFact struct {
	// Value is the literal's text, a trailing ":" and blanks trimmed.
	Value      string
	Line       int
	DeclOffset int
}

// Bounds of a phrase's text, verbs left out: shorter ones ("not found")
// are in too many messages to tell a place, longer ones are prose.
const minPhrase, maxPhrase = 10, 200

// phraseText returns the text of a string literal that reads as a message.
func phraseText(lit *ast.BasicLit) (string, bool) {
	if lit.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false
	}
	v = strings.TrimRight(strings.TrimSpace(v), ": ")
	own := reVerb.ReplaceAllString(v, "")
	if len(own) < minPhrase || len(v) > maxPhrase || strings.ContainsAny(v, "\n<>{}") || wordCount(own) < 2 && !wrapWord(v, own) {
		return "", false
	}
	return v, true
}

// wrapWord reports whether a format is one long word before the error it
// wraps ("namedexeccontext: %w", "querybyid: %v"): a part of the message
// as telling as a phrase, when no more than two literals give it
// (MessageSites).
func wrapWord(v, own string) bool {
	w := strings.TrimSpace(strings.TrimRight(own, ": "))
	wraps := strings.HasSuffix(v, "%w") || strings.HasSuffix(v, "%v")
	return wraps && len(w) >= minPhrase && !strings.ContainsAny(w, " \t")
}

// wordCount counts the words of s that hold a letter: a format of verbs
// and separators alone ("%s: %s: %s") says nothing of a place.
func wordCount(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}

// wrapCalls are the functions of the errors packages that add a message
// to an error: pkg/errors' and cockroachdb/errors' Wrap and WithMessage,
// juju's Annotate.
var wrapCalls = map[string]bool{"Wrap": true, "Wrapf": true, "WithMessage": true, "WithMessagef": true, "Annotate": true, "Annotatef": true}

// wrapName returns the message of a call that wraps an error with one
// word, a Go name as "FindByUsername" (errors.Wrap(err,
// "FindByUsername")): too short for a phrase, but a wrap's words are a
// part of the message it makes. The name has at least two capitalised
// parts or an inner capital, so that it says a place.
func wrapName(call *ast.CallExpr) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !wrapCalls[sel.Sel.Name] || len(call.Args) < 2 {
		return "", false
	}
	lit, ok := call.Args[1].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(lit.Value)
	if err != nil || len(v) < 6 || !token.IsIdentifier(v) || !innerCapital.MatchString(v) {
		return "", false
	}
	return v, true
}

// innerCapital matches a name with a capital after its first letter
// (FindByUsername, loadUser).
var innerCapital = regexp.MustCompile(`^.[a-z0-9]*[A-Z]`)

// comparedLiterals returns the string literals of d that a message is
// compared with rather than made of: an operand of == or !=, a case of a
// switch, an argument of a strings function (Contains, HasPrefix,
// EqualFold, …). err.Error() != "record not found" reads a message.
func comparedLiterals(d ast.Decl) map[*ast.BasicLit]bool {
	out := map[*ast.BasicLit]bool{}
	mark := func(e ast.Expr) {
		if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok {
			out[lit] = true
		}
	}
	ast.Inspect(d, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op == token.EQL || x.Op == token.NEQ {
				mark(x.X)
				mark(x.Y)
			}
		case *ast.CaseClause:
			for _, e := range x.List {
				mark(e)
			}
		case *ast.CallExpr:
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "strings" || pkg.Name == "bytes") {
					for _, a := range x.Args {
						mark(a)
					}
				}
			}
		}
		return true
	})
	return out
}

// MessageSite is a string literal of a module function that is one or
// more of the ": "-separated parts of a failure's message.
type MessageSite struct {
	File *File
	Line int
	// Phrase is the literal's text.
	Phrase string
	// Part is the index of the first part of the message it gives: 0 for
	// the outermost, higher for parts added further in.
	Part int
	// Same is how many literals of the module give the same run.
	Same       int
	declOffset int
}

// Decl returns the function that holds the literal.
func (ms MessageSite) Decl() *ast.FuncDecl { return ms.File.funcAt(ms.declOffset) }

// textMethods are the methods that word a value of their type, whatever
// the failure: their literals are no site of it.
var textMethods = map[string]bool{"Error": true, "String": true, "GoString": true, "Format": true}

// runtimeWords matches the messages of the runtime's panics, as a crash
// dump without the value's type gives them.
var runtimeWords = regexp.MustCompile(`^(?:runtime error: |assignment to entry in nil map|concurrent map |all goroutines are asleep)`)

// maxMessageParts bounds the parts of a message looked for.
const maxMessageParts = 8

// maxSameSites is how many literals may give the same run of a message's
// parts for FailureSites, which keeps the two at most of them that may
// have run for the request; MessageSites gives the runs two literals at
// most give: more say too little of where.
const maxSameSites = 4

// MessageSites returns the literals of the module that give parts of
// msgs (blanks around a message ignored): for each message in turn, for
// each run of its parts that one or two literals give (more say too
// little of where), those literals, the innermost parts first; each
// literal once. A literal with
// formatting verbs gives a run when the run is what the format prints.
// Answers are kept per module version, as ErrorOrigins' are.
func (m *Module) MessageSites(msgs ...string) []MessageSite {
	var out []MessageSite
	for _, site := range m.sitesUpTo(msgs) {
		if site.Same <= 2 {
			out = append(out, site)
		}
	}
	return out
}

// sitesUpTo is MessageSites with the runs up to maxSameSites literals
// give, each with its Same.
func (m *Module) sitesUpTo(msgs []string) []MessageSite {
	return m.sites.answer(msgs, m.findMessageSites)
}

// findMessageSites is MessageSites, read from every phrase of the module.
func (m *Module) findMessageSites(msgs ...string) []MessageSite {
	var all []MessageSite
	found := map[siteKey]bool{}
	for _, msg := range msgs {
		parts := strings.Split(strings.TrimSpace(msg), ": ")
		if len(parts) > maxMessageParts {
			parts = parts[:maxMessageParts]
		}
		// Each run of parts, by its text; the first part it starts at.
		runs := map[string]int{}
		for i := range parts {
			for j := i; j < len(parts); j++ {
				run := strings.Join(parts[i:j+1], ": ")
				if _, seen := runs[run]; !seen {
					runs[run] = i
				}
			}
		}
		byRun := map[string][]MessageSite{}
		for _, f := range m.Files {
			for _, p := range f.facts.Phrases {
				for _, run := range phraseRuns(p.Value, runs) {
					byRun[run] = append(byRun[run], MessageSite{File: f, Line: p.Line, Phrase: p.Value, Part: runs[run], declOffset: p.DeclOffset})
				}
			}
		}
		var out []MessageSite
		for run, sites := range byRun {
			sites = longestPhrases(sites)
			if len(sites) > maxSameSites {
				delete(byRun, run)
				continue
			}
			for _, site := range sites {
				site.Same = len(sites)
				out = append(out, site)
			}
		}
		sortSites(out)
		for _, site := range out {
			if !found[site.key()] {
				found[site.key()] = true
				all = append(all, site)
			}
		}
	}
	return all
}

// siteKey names a site by its file and line.
type siteKey struct {
	path string
	line int
}

func (ms MessageSite) key() siteKey { return siteKey{ms.File.Path, ms.Line} }

// phraseRuns returns the runs a phrase gives: the one equal to it, or,
// for a format, those it prints.
func phraseRuns(phrase string, runs map[string]int) []string {
	if !reVerb.MatchString(phrase) {
		if _, ok := runs[phrase]; ok {
			return []string{phrase}
		}
		return nil
	}
	var out []string
	literal := strconv.Quote(phrase)
	for run := range runs {
		if FormatMatches(literal, run, minPhrase) {
			out = append(out, run)
		}
	}
	return out
}

// sameWords writes a phrase with its verbs made alike: "unable to find
// peer %s: %v" and "… %w" print the same words, whichever verb wraps.
func sameWords(phrase string) string { return reVerb.ReplaceAllString(phrase, "%v") }

// longestPhrases drops, of the sites that give one run of a message,
// those whose phrase another's opens with and goes on past (OpensPast):
// "unable to load user for email %s: %w" gave "unable to load user for
// email a@b: …" more surely than "unable to load user %s: %w".
func longestPhrases(sites []MessageSite) []MessageSite {
	return mostParticular(sites, func(s MessageSite) string { return s.Phrase })
}

// sortSites orders sites innermost part first, then by file and line.
func sortSites(sites []MessageSite) {
	slices.SortStableFunc(sites, func(a, b MessageSite) int {
		return cmp.Or(b.Part-a.Part, strings.Compare(a.File.Path, b.File.Path), a.Line-b.Line)
	})
}

// siteMessages returns the texts a message site is looked for in: the
// error's own (ownMessages), the error fields of the request's
// structured log records, and the line that most likely logged the
// failure (failureclass.LoggedError; a record's message when it has no
// error field), from each place its message may
// start (failureclass.LogTails) and at each error it carries. Other free
// text of the log is not: a startup or access log line would name its
// own literal.
func siteMessages(r *report.Report) []string {
	msgs := ownMessages(r)
	for i := len(r.Logs) - 1; i >= 0; i-- {
		if rec, ok := logrecord.Parse(r.Logs[i].Text); ok && rec.Error != "" {
			msgs = append(msgs, rec.Error)
		}
	}
	if line := failureclass.LoggedError(r); line != "" && !AccessLogLine(r, line) {
		if rec, structured := logrecord.Parse(line); structured {
			// A record whose error field was taken above; or one that
			// carries its error in its message ("failed get user %s: %v").
			line = ""
			if rec.Error == "" {
				line = rec.Message
			}
		}
		if line != "" {
			msgs = append(msgs, line)
			msgs = append(msgs, failureclass.LogTails(line)...)
			msgs = append(msgs, failureclass.ChainTails(failureclass.LogLineMessage(line))...)
		}
	}
	return msgs
}

// FailureSites returns the message sites of r's own error and logged
// errors (MessageSites), less those that cannot be where this failure was
// worded: none for the runtime's own panics, whose words no literal of
// the app made, and none in an Error or String method, which words every
// value of its type.
func (m *Module) FailureSites(r *report.Report) []MessageSite {
	if strings.HasPrefix(r.Error.Type, "runtime.") || runtimeWords.MatchString(r.Error.Message) {
		return nil
	}
	var out []MessageSite
	byWords := map[string][]MessageSite{}
	for _, site := range m.sitesUpTo(siteMessages(r)) {
		if fd := site.Decl(); fd != nil && !(fd.Recv != nil && textMethods[fd.Name.Name]) {
			out = append(out, site)
			byWords[sameWords(site.Phrase)] = append(byWords[sameWords(site.Phrase)], site)
		}
	}
	// The same words written in several functions: those that may have
	// run for this request wrote them (the transaction middleware the
	// routes use, not a helper of the same words that nothing calls).
	var reach map[*ast.FuncDecl]bool
	drop := map[siteKey]bool{}
	for _, same := range byWords {
		if len(same) < 2 {
			// Alone in its words, but its run is given by more than two
			// literals (formats that print the same): too many places.
			drop[same[0].key()] = same[0].Same > 2
			continue
		}
		if reach == nil {
			reach = ReachSet(m.RequestReach(r))
		}
		kept := map[siteKey]bool{}
		run := likelyRun(m, same, reach, func(site MessageSite) FuncRef {
			return FuncRef{File: site.File, Decl: site.Decl()}
		})
		if len(run) > 2 {
			// Words in too many places that may have run to tell one,
			// unless an endpoint's own route pattern tells (a library
			// runs it: no call of the module does).
			run = onEndpoints(m, r, run)
		}
		for _, site := range run {
			kept[site.key()] = true
		}
		for _, site := range same {
			drop[site.key()] = !kept[site.key()]
		}
	}
	kept := out[:0]
	for _, site := range out {
		if !drop[site.key()] {
			kept = append(kept, site)
		}
	}
	return kept
}

// messageSiteChunks gives the functions that put the error's message
// together (FailureSites), innermost part first, each followed by the
// module functions of the call whose error it carried on; not a site a
// frame shows already.
func (m *Module) messageSiteChunks(r *report.Report, s *staticSet) []report.Chunk {
	var out []report.Chunk
	shown := 0
	for _, site := range m.FailureSites(r) {
		if showsLine(s.chunks, s.m.Rel(site.File.Path), site.Line) {
			continue
		}
		fd := site.Decl()
		if !s.seen[fd] {
			s.seen[fd] = true
			c := s.siteChunk(site.File, fd, site.Line)
			s.markLead(c)
			out = append(out, c)
			if refused, ok := refusesParam(m, fd, site.Line); ok {
				out = append(out, m.refusedArgCallers(r, s, FuncRef{File: site.File, Decl: fd}, refused)...)
			}
		}
		at, refs := m.ErrorSource(site.File, fd, site.Line)
		if at == 0 && len(refs) == 0 && takesError(fd) {
			// A helper that words an error it is given
			// (parseUpdateUserError(model, err)): the error came from its
			// caller, on the request's way to it.
			out = append(out, s.wayTo(r, FuncRef{File: site.File, Decl: fd})...)
		}
		s.siteRefs = append(s.siteRefs, refs)
		for _, ref := range refs {
			if s.seen[ref.Decl] {
				continue
			}
			s.seen[ref.Decl] = true
			c := s.calleeChunk(ref)
			s.markLead(c)
			out = append(out, c)
		}
		// The call's error came from one interface further, often: a
		// domain's method carrying on its store's error.
		out = append(out, s.leadRefs(m.secondHop(refs))...)
		if shown++; shown == maxPerFinder {
			break
		}
	}
	return out
}

// siteChunk is the function fd of f, whole when short, else the lines
// around line.
func (s *staticSet) siteChunk(f *File, fd *ast.FuncDecl, line int) report.Chunk {
	start, end := s.lines(fd)
	reason := s.leadReason(fd, report.ReasonOrigin)
	c := s.chunk(f, fd, start, end, reason)
	if len(c.Text) > maxCallee {
		c = s.chunk(f, fd, max(start, line-frameBefore), min(end, line+frameAfter), reason)
	}
	return c
}

// ErrorSource returns the line of the last statement of fd, at or above
// line, that assigns an error variable (err, or a name ending in "err"),
// and the module functions it calls there: the call whose error the code
// at line carries on. 0 and nil when no such statement is found.
func (m *Module) ErrorSource(f *File, fd *ast.FuncDecl, line int) (int, []FuncRef) {
	return m.ErrorSourceRan(f, fd, line, nil)
}

// ErrorSourceRan is ErrorSource among the statements ran reports as run
// for the request (nil: all of them): the cases of a switch on the
// request's path or method that did not run made no error.
func (m *Module) ErrorSourceRan(f *File, fd *ast.FuncDecl, line int, ran func(line int) bool) (int, []FuncRef) {
	at := 0
	for _, l := range errorAssignLines(m, fd) {
		if l <= line && l > at && (ran == nil || ran(l)) {
			at = l
		}
	}
	if at == 0 {
		return 0, nil
	}
	var out []FuncRef
	for _, ref := range m.calleesIn(f, fd, nil, at) {
		if calledOn(m, fd, ref, at) {
			out = append(out, ref)
		}
	}
	return at, out
}

// showsLine reports whether a chunk of cs holds line of file.
func showsLine(cs []report.Chunk, file string, line int) bool {
	for _, c := range cs {
		if report.SameFile(c.File, file) && c.StartLine <= line && line <= c.EndLine {
			return true
		}
	}
	return false
}

// wayTo gives the functions between the request's frames and target
// (ReachPath), innermost first: the caller of target marked as the
// error's origin, the others by how the request reached them; at most
// maxPerFinder of them, none a chunk shows already.
func (s *staticSet) wayTo(r *report.Report, target FuncRef) []report.Chunk {
	path := s.m.ReachPath(s.m.requestFrames(r), target.Decl)
	var out []report.Chunk
	for i := len(path) - 1; i >= 0 && len(out) < maxPerFinder; i-- {
		ref := path[i]
		if s.seen[ref.Decl] || accessor(ref.Decl) {
			continue
		}
		s.seen[ref.Decl] = true
		c := s.calleeChunk(ref)
		if i == len(path)-1 {
			c = s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin)
		}
		s.markLead(c)
		out = append(out, c)
	}
	return out
}

// takesError reports whether fd has a parameter of type error.
func takesError(fd *ast.FuncDecl) bool {
	if fd.Type.Params == nil {
		return false
	}
	for _, fl := range fd.Type.Params.List {
		if id, ok := fl.Type.(*ast.Ident); ok && id.Name == "error" {
			return true
		}
	}
	return false
}

// onEndpoints keeps the sites in methods of the types whose route pattern
// the request matches (Module.EndpointTypes), when one or two are; nil
// otherwise.
func onEndpoints(m *Module, r *report.Report, sites []MessageSite) []MessageSite {
	types := m.EndpointTypes(r)
	var out []MessageSite
	for _, site := range sites {
		if fd := site.Decl(); fd != nil && types[astutil.ReceiverName(fd)] {
			out = append(out, site)
		}
	}
	if len(out) == 0 || len(out) > 2 {
		return nil
	}
	return out
}
