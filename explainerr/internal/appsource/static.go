package appsource

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Limits of the static context. The prompt's budget cuts it further; these
// keep one long function from crowding out the rest.
const (
	// maxFrameFunc is the longest frame function shown whole, in
	// characters; a longer one is shown around its failing line.
	maxFrameFunc = 1800
	// frameBefore and frameAfter are the lines shown around the failing
	// line of a long frame function.
	frameBefore, frameAfter = 12, 6
	// maxCallee is the longest callee shown whole; a longer one is cut
	// after its head.
	maxCallee = 1500
	// maxStaticFrames is how many app frames, innermost first, give
	// their function and callees.
	maxStaticFrames = 4
	// maxStaticChunks bounds the chunks returned.
	maxStaticChunks = 16
)

// Static returns the app source the static context mode shows the model
// for r, most useful first: the function of each app frame (innermost
// first) and the template the error names at a line, then the module
// functions called on the frames' failing lines (through an interface,
// its module implementations), then where the error's message is made
// and the constructors of a failing receiver, then the declaration of the
// innermost method's receiver type, then the other functions the frames
// call directly, those called before the failing line first, and last the
// queries, schema and settings an SQL or connection error names. It reads the app's files from disk (see Load);
// when they are not on this machine, the frames' source windows held by
// the report stand in. Chunks are relative to the module root; Reason is
// report.ReasonFrame for a frame's function and report.ReasonGraph for a
// callee. A stack with no app frame is read from the places its log
// lines name, else from its route's handler (WithStandInFrames). The
// text is not redacted here: the prompt does it.
func Static(r *report.Report) []report.Chunk {
	r, _ = WithStandInFrames(r)
	frames := r.AppFrames()
	if len(frames) > maxStaticFrames {
		frames = frames[:maxStaticFrames]
	}
	if len(frames) == 0 {
		return nil
	}
	var m *Module
	for _, fr := range frames {
		if m = Load(fr.File); m != nil {
			break
		}
	}
	if m == nil {
		return windows(frames)
	}
	s := staticSet{m: m, r: r, seen: map[*ast.FuncDecl]bool{}}
	var onLine, earlier [][]FuncRef
	var receiver *TypeRef
	// The functions and function literals whose frames were shown.
	shown := map[ast.Node]bool{}
	// The lines of function literals shown, by the function holding them.
	litShown := map[*ast.FuncDecl][][2]int{}
	for i, fr := range frames {
		f, fd := m.FuncAt(fr.File, fr.Line)
		if fd == nil {
			if c, ok := window(fr); ok {
				s.add(c)
			}
			continue
		}
		// A closure's frame ("routes.func3") runs a function literal of
		// fd: its own code and calls are the context, not those of fd
		// and of the literals beside it.
		var lit *ast.FuncLit
		if isClosure(fr.Function) {
			lit = m.FuncLitAt(fd, fr.Line)
		}
		var node ast.Node = fd
		if lit != nil {
			node = lit
		} else {
			if s.seen[fd] && !shown[fd] {
				continue // already shown as a callee
			}
			s.seen[fd] = true
		}
		if shown[node] {
			continue
		}
		shown[node] = true
		c := s.frameChunk(f, fd, lit, fr.Line)
		if lit != nil {
			litShown[fd] = append(litShown[fd], [2]int{c.StartLine, c.EndLine})
		} else {
			c = s.withoutShownLiteral(f, fd, c, litShown[fd])
		}
		s.add(c)
		if i == 0 && fd.Recv != nil {
			r := newResolver(m, f, fd)
			if t := r.moduleType(fd.Recv.List[0].Type, r.dir); t.name != "" {
				if tr, ok := m.Type(t.dir, t.name); ok {
					receiver = &tr
				}
			}
		}
		var line, other []FuncRef
		for _, ref := range m.calleesIn(f, fd, lit, fr.Line) {
			if m.Fset.Position(fd.Pos()).Line <= fr.Line && calledOn(m, fd, ref, fr.Line) {
				line = append(line, ref)
			} else {
				other = append(other, ref)
			}
		}
		onLine, earlier = append(onLine, line), append(earlier, other)
	}
	if c, ok := m.templateWindow(r, filepath.Dir(frames[0].File)); ok {
		s.add(c)
	}
	// The template a generated frame's file was made from (templ's
	// .templ file), where the code that failed is written by hand.
	for _, fr := range frames {
		if c, ok := m.templateSourceChunk(fr); ok {
			s.markLead(c)
			s.add(c)
			break
		}
	}
	if c, ok := s.templateDataType(r); ok {
		s.add(c)
	}
	if c, ok := s.decodedFieldChunk(r); ok {
		s.add(c)
	}
	for _, refs := range onLine {
		s.addCallees(refs)
	}
	// A function a frame reaches through an interface keeps that reason
	// when a lead finds it too (the store's method that also makes the
	// error's message).
	for _, refs := range earlier {
		for _, ref := range refs {
			if ref.Via != "" {
				s.reached(ref.Decl, ref.Via)
			}
		}
	}
	for _, c := range m.leadChunks(r, &s) {
		s.add(c)
	}
	if receiver != nil {
		s.add(s.typeChunk(*receiver))
	}
	for _, refs := range earlier {
		s.addCallees(refs)
	}
	for _, c := range m.trailChunks(r, &s) {
		s.add(c)
	}
	if word := m.sqlErrorWord(r, &s); word != nil {
		// A query of a generated file is fixed in what it was made
		// from: that source follows it, as sure a lead as the query.
		s.chunks = m.withGenerationSources(s.chunks, word, s.markLead)
	}
	// Last, what two interfaces away the frames' calls reach, and the
	// calls whose errors a message's words carry on.
	s.addCallees(m.secondHop(append(append(onLine, earlier...), s.siteRefs...)...))
	// Another program's schema (a client's tables beside a server's, a
	// fixture's) is not the database the query ran on.
	s.chunks = slices.DeleteFunc(s.chunks, func(c report.Chunk) bool {
		return c.Reason == report.ReasonSchema && m.OfOtherProgram(r, c.File)
	})
	out := preciseFirst(r, s.chunks, s.lead)
	if len(out) > maxStaticChunks {
		out = out[:maxStaticChunks]
	}
	return out
}

// staticSet collects the chunks of Static, each function once.
type staticSet struct {
	m *Module
	// r is the failure's report; nil in tests of one finder.
	r      *report.Report
	seen   map[*ast.FuncDecl]bool
	chunks []report.Chunk
	// lead holds the chunks that name the fix as surely as an origin
	// does, which preciseFirst moves after the innermost frame.
	lead map[chunkKey]bool
	// via holds the reason a frame's call reached a function by, when it
	// was not named directly (an interface's implementation).
	via map[*ast.FuncDecl]string
	// siteRefs are the functions the calls at message sites reach
	// (messageSiteChunks), whose own interface calls the second hop
	// follows as it does the frames'.
	siteRefs [][]FuncRef
	// reach is what the request reached (Module.Reach of the report's
	// app frames), computed once by requestReach for every finder.
	reach     []FuncRef
	reachDone bool
}

// requestReach returns Module.Reach of r's app frames, computed on the
// first call only: several finders look in it for one failure.
func (s *staticSet) requestReach(r *report.Report) []FuncRef {
	if !s.reachDone {
		s.reach, s.reachDone = s.m.RequestReach(r), true
	}
	return s.reach
}

// RequestReach returns the module functions the request may have run:
// Reach from the functions its log lines name and its frames, after the
// handler of its route when the stack lost it.
func (m *Module) RequestReach(r *report.Report) []FuncRef { return m.Reach(m.requestFrames(r)) }

// requestFrames are the frames the request ran through: the functions
// its log lines name (loggedPlacesOf) and the report's app frames, after
// the handler of the request's route when the stack lost it (what that
// handler reached is what the request reached).
func (m *Module) requestFrames(r *report.Report) []report.Frame {
	// The functions the request's log lines name ran for it, below the
	// frames most often (a helper that logged the error it met).
	var frames []report.Frame
	for _, p := range m.loggedPlacesOf(r) {
		frames = append(frames, report.Frame{File: p.Ref.File.Path, Line: p.Line})
	}
	frames = append(frames, r.AppFrames()...)
	if rt, ok := m.offStackRoute(r); ok && (rt.Handler != nil || rt.Lit != nil) {
		var at report.Frame
		if rt.Handler != nil {
			at = report.Frame{File: rt.File.Path, Line: m.Fset.Position(rt.Handler.Pos()).Line}
		} else {
			// A function literal registered in place: the lines of its
			// body, as a frame in it would show.
			at = report.Frame{File: rt.File.Path, Line: m.Fset.Position(rt.Lit.Body.Pos()).Line}
		}
		return append([]report.Frame{at}, frames...)
	}
	if ends := m.endpointMethods(r); len(ends) > 0 {
		// A library ran the endpoint whose own route pattern the
		// request matches: its methods ran for it.
		return append(ends, frames...)
	}
	if r.Error.HandedOver {
		// No route says which handler returned the error: the functions
		// that worded its message ran, outermost first.
		// Words written in one function only: which of several ran is
		// what the reach is asked.
		sites := m.MessageSites(siteMessages(r)...)
		count := map[string]int{}
		for _, site := range sites {
			count[site.Phrase]++
		}
		var lead []report.Frame
		for i := len(sites) - 1; i >= 0; i-- {
			if count[sites[i].Phrase] == 1 {
				lead = append(lead, report.Frame{File: sites[i].File.Path, Line: sites[i].Line})
			}
		}
		frames = append(lead, frames...)
	}
	return frames
}

// reached records that a frame's call reached fd by reason.
func (s *staticSet) reached(fd *ast.FuncDecl, reason string) {
	if s.via == nil {
		s.via = map[*ast.FuncDecl]string{}
	}
	s.via[fd] = reason
}

// leadReason is the reason of a lead's chunk of fd: the one a frame's
// call reached it by, else reason.
func (s *staticSet) leadReason(fd *ast.FuncDecl, reason string) string {
	if v := s.via[fd]; v != "" {
		return v
	}
	return reason
}

// leadFuncChunks returns the chunks of those of refs' functions that no
// chunk shows yet, with reason, each marked a lead: at most
// maxPerFinder, in refs' order.
func (s *staticSet) leadFuncChunks(refs []FuncRef, reason string) []report.Chunk {
	var out []report.Chunk
	for _, ref := range refs {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[ref.Decl] {
			continue
		}
		s.seen[ref.Decl] = true
		c := s.funcChunk(ref.File, ref.Decl, reason)
		s.markLead(c)
		out = append(out, c)
	}
	return out
}

// markLead records c as a chunk preciseFirst moves forward.
func (s *staticSet) markLead(c report.Chunk) {
	if s.lead == nil {
		s.lead = map[chunkKey]bool{}
	}
	s.lead[keyOf(c)] = true
}

// add appends c unless a chunk shown holds it. Past maxStaticChunks only
// a precise chunk (preciseRank) or a lead is taken: a long stack's callees
// must not crowd out the query or the schema an SQL error names, which
// preciseFirst moves forward and Static keeps when it cuts the list.
func (s *staticSet) add(c report.Chunk) {
	if covered(s.chunks, c) {
		return // a closure's frame inside a function already shown
	}
	if len(s.chunks) < maxStaticChunks || preciseRank[c.Reason] || s.lead[keyOf(c)] {
		s.chunks = append(s.chunks, c)
	}
}

func (s *staticSet) addCallees(refs []FuncRef) {
	for _, ref := range refs {
		if s.seen[ref.Decl] {
			continue
		}
		s.seen[ref.Decl] = true
		s.add(s.calleeChunk(ref))
	}
}

// calleeChunk is a callee's function, cut after its head when long, with
// the reason it was reached by (report.ReasonGraph for a direct call).
func (s *staticSet) calleeChunk(ref FuncRef) report.Chunk {
	start, end := s.lines(ref.Decl)
	reason := report.ReasonGraph
	if ref.Via != "" {
		reason = ref.Via
	}
	c := s.chunk(ref.File, ref.Decl, start, end, reason)
	if len(c.Text) > maxCallee {
		c = headOf(c, maxCallee)
	}
	return c
}

// typeChunk is a type's declaration.
func (s *staticSet) typeChunk(t TypeRef) report.Chunk {
	node := ast.Node(t.Spec)
	if len(t.Decl.Specs) == 1 {
		node = t.Decl // "type T struct{...}" rather than "T struct{...}"
	}
	start, end := s.m.Fset.Position(node.Pos()).Line, min(s.m.Fset.Position(node.End()).Line, len(t.File.Lines()))
	c := report.Chunk{File: s.m.Rel(t.File.Path), StartLine: start, EndLine: end, Symbol: t.Spec.Name.Name, Kind: "type", Reason: report.ReasonGraph,
		Text: strings.Join(t.File.Lines()[start-1:end], "\n")}
	if len(c.Text) > maxCallee {
		c = headOf(c, maxCallee)
	}
	return c
}

// frameChunk is a frame's function (or the function literal it runs),
// whole or around the failing line when it is long.
func (s *staticSet) frameChunk(f *File, fd *ast.FuncDecl, lit *ast.FuncLit, line int) report.Chunk {
	start, end := s.lines(fd)
	if lit != nil {
		// A function literal's frame: the literal, not the whole
		// function around it (a routes function of many handlers).
		start, end = s.m.Fset.Position(lit.Pos()).Line, s.m.Fset.Position(lit.End()).Line
	}
	c := s.chunk(f, fd, start, end, report.ReasonFrame)
	if len(c.Text) > maxFrameFunc && line >= start && line <= end {
		c = s.chunk(f, fd, max(start, line-frameBefore), min(end, line+frameAfter), report.ReasonFrame)
	}
	return c
}

// withoutShownLiteral returns c, the frame chunk of fd, without the
// function literal a frame further in already showed whole, when that
// literal runs to the end of fd (a handler that hands its body to a
// helper, withPaging(ctx, func(…) {…})): fd's lines up to the literal's
// first, which hold the call that ran it. Else c unchanged.
func (s *staticSet) withoutShownLiteral(f *File, fd *ast.FuncDecl, c report.Chunk, lits [][2]int) report.Chunk {
	for _, l := range lits {
		if l[0] > c.StartLine && l[0] <= c.EndLine && l[1] >= c.EndLine-2 {
			return s.chunk(f, fd, c.StartLine, l[0], report.ReasonFrame)
		}
	}
	return c
}

// lines returns the first and last line of a declaration.
func (s *staticSet) lines(fd *ast.FuncDecl) (start, end int) {
	return s.m.Fset.Position(fd.Pos()).Line, s.m.Fset.Position(fd.End()).Line
}

func (s *staticSet) chunk(f *File, fd *ast.FuncDecl, start, end int, reason string) report.Chunk {
	end = min(end, len(f.Lines()))
	text := ""
	if start >= 1 && start <= end {
		text = strings.Join(f.Lines()[start-1:end], "\n")
	}
	return report.Chunk{File: s.m.Rel(f.Path), StartLine: start, EndLine: end, Symbol: FuncName(fd), Kind: "func", Reason: reason, Text: text}
}

// calledOn reports whether fd calls ref's function on line.
func calledOn(m *Module, fd *ast.FuncDecl, ref FuncRef, line int) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		ce, ok := n.(*ast.CallExpr)
		if !ok || m.Fset.Position(ce.Pos()).Line > line || m.Fset.Position(ce.End()).Line < line {
			return true
		}
		if CalleeName(ce.Fun) == ref.Decl.Name.Name {
			found = true
		}
		return true
	})
	return found
}

// CalleeName returns the name a call's function expression ends in
// ("Prepare" for db.Prepare, "Map" for Map[int]); "" when it has none.
func CalleeName(fun ast.Expr) string {
	switch x := fun.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.ParenExpr:
		return CalleeName(x.X)
	case *ast.IndexExpr:
		return CalleeName(x.X)
	case *ast.IndexListExpr:
		return CalleeName(x.X)
	}
	return ""
}

// headOf keeps the whole lines of c that fit in limit characters and says
// where it stopped.
func headOf(c report.Chunk, limit int) report.Chunk {
	return c.Head(limit, "// … (the rest of the function is left out)")
}

// windows returns the frames' source windows, for when the app's files
// cannot be read.
func windows(frames []report.Frame) []report.Chunk {
	var out []report.Chunk
	for _, fr := range frames {
		if c, ok := window(fr); ok {
			out = append(out, c)
		}
	}
	return out
}

// window is one frame's source window as a chunk. A test file's window is
// left out, as the module's test files are: in a test, the lines around a
// failing handler are the test's own expectations.
func window(fr report.Frame) (report.Chunk, bool) {
	src := fr.Source
	if src == nil || len(src.Lines) == 0 || strings.HasSuffix(fr.File, "_test.go") {
		return report.Chunk{}, false
	}
	fn := fr.Function
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	return report.Chunk{
		File:      filepath.ToSlash(fr.File),
		StartLine: src.StartLine,
		EndLine:   src.StartLine + len(src.Lines) - 1,
		Symbol:    fn,
		Kind:      "window",
		Reason:    report.ReasonFrame,
		Text:      strings.Join(src.Lines, "\n"),
	}, true
}

// closureName matches the name the runtime gives a function literal
// ("app.(*Server).routes.func3", "main.main.func1.2").
var closureName = regexp.MustCompile(`\.func\d+(?:\.\d+)*$`)

// isClosure reports whether a frame's function is a function literal.
func isClosure(fn string) bool { return closureName.MatchString(fn) }
