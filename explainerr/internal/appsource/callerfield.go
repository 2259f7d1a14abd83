package appsource

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A nil value in a method is often not made where it fails: the method's
// receiver was a field of its caller's receiver (`r.db.With(ctx)` fails
// inside With), or a constructor copied the value from its own caller
// (`return service{repo, logger}`). These finders follow the value one
// step further back: to the constructors of the caller's receiver, and
// from a constructor that only passes a parameter through, to the
// functions that call it.

// constructorChunksOf gives the module functions that build the type recv
// (returning T or *T, or building a T literal in its package), those
// named New… first, at most maxPerFinder; when
// one only copies a parameter into field, a function that calls it
// follows it.
func (s *staticSet) constructorChunksOf(recv typeKey, field string) []report.Chunk {
	m := s.m
	ctors := m.constructorsOf(recv)
	var origins []FieldOrigin
	if field != "" && len(ctors) > 0 {
		origins = m.FieldOrigins(recv.dir, recv.name, field)
	}
	var out []report.Chunk
	for _, ref := range ctors {
		if len(out) >= maxPerFinder {
			break
		}
		if s.seen[ref.Decl] {
			continue
		}
		s.seen[ref.Decl] = true
		c := s.funcChunk(ref.File, ref.Decl, report.ReasonConstructor)
		if line, ok := leavesOutAt(origins, ref); ok {
			// Its literal leaves out the field that carried the nil
			// value: where the fix is, ranked with the error's origin,
			// and shown around the literal when the function is long.
			if line > c.EndLine {
				c = s.literalChunk(ref.File, ref.Decl, line, line)
				c.Reason = report.ReasonConstructor
			}
			s.markLead(c)
		}
		out = append(out, c)
		if passesParam(origins, ref) {
			for _, c := range m.CallersOf(ref) {
				if !s.seen[c.Decl] {
					s.seen[c.Decl] = true
					out = append(out, s.funcChunk(c.File, c.Decl, report.ReasonConstructor))
					break
				}
			}
		}
	}
	return out
}

// constructorsOf returns the module functions and methods that build the
// type recv (returning T or *T, or building a T literal, in its package or
// written from another as pkg.T{…}), those named New… first; the answer is kept
// per Module, by type.
func (m *Module) constructorsOf(recv typeKey) []FuncRef {
	if v, ok := m.ctors.Load(recv); ok {
		return v.([]FuncRef)
	}
	var named, other []FuncRef
	for _, ff := range m.Files {
		var rr *resolver
		for _, d := range ff.Syntax().Decls {
			cand, ok := d.(*ast.FuncDecl)
			if !ok || cand.Body == nil {
				continue
			}
			// A constructor returns the type, or builds its literal in its
			// package, returned as an interface or kept (a function that
			// registers the value's methods as the app's routes); a
			// method may be one (a service's NewRepository building the
			// wrapper it hands a REST library).
			if rr == nil {
				rr = &resolver{m: m, f: ff, dir: filepath.Dir(ff.Path), imports: importDirs(m, ff)}
			}
			returns := cand.Type.Results != nil && len(cand.Type.Results.List) > 0 && rr.moduleType(cand.Type.Results.List[0].Type, rr.dir) == recv
			if !returns && !(rr.dir == recv.dir && buildsLiteral(cand, recv.name)) && !(rr.dir != recv.dir && buildsImportedLiteral(cand, rr.imports, recv)) {
				continue
			}
			if strings.HasPrefix(cand.Name.Name, "New") || strings.HasPrefix(cand.Name.Name, "new") {
				named = append(named, FuncRef{File: ff, Decl: cand})
			} else {
				other = append(other, FuncRef{File: ff, Decl: cand})
			}
		}
	}
	out := append(named, other...)
	m.ctors.Store(recv, out)
	return out
}

// buildsLiteral reports whether fd's body holds a composite literal of
// the type called name of its own package: a constructor that returns the
// value as an interface (`return service{repo}` from a func returning
// Service).
func buildsLiteral(fd *ast.FuncDecl, name string) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if cl, ok := n.(*ast.CompositeLit); ok {
			if id, ok := cl.Type.(*ast.Ident); ok && id.Name == name {
				found = true
			}
		}
		return !found
	})
	return found
}

// buildsImportedLiteral reports whether fd's body holds a composite
// literal of the module type recv written from another package
// (api.MessageAPI{DB: db} in the router that wires the handlers), with
// imports its file's package names by directory.
func buildsImportedLiteral(fd *ast.FuncDecl, imports map[string]string, recv typeKey) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if cl, ok := n.(*ast.CompositeLit); ok {
			if sel, ok := cl.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == recv.name {
				if pkg, ok := sel.X.(*ast.Ident); ok && imports[pkg.Name] == recv.dir {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// receiverField returns the field of fd's receiver that the failing line
// goes through ("repo" for `s.repo.Get(ctx)`), "" when it names none.
func receiverField(fd *ast.FuncDecl, f *File, line int) string {
	if len(fd.Recv.List[0].Names) == 0 || line < 1 || line > len(f.Lines()) {
		return ""
	}
	recv := regexp.QuoteMeta(fd.Recv.List[0].Names[0].Name)
	for _, re := range []*regexp.Regexp{regexp.MustCompile(`\b` + recv + `\.(\w+)\s*[.\[(]`), regexp.MustCompile(`\*\s*` + recv + `\.(\w+)\b`)} {
		if mm := re.FindStringSubmatch(f.Lines()[line-1]); mm != nil {
			return mm[1]
		}
	}
	return ""
}

// passesParam reports whether the constructor ctor sets the field, in a
// composite literal of its type (origins), to one of its own parameters
// (by key or by position): the value comes from its caller.
func passesParam(origins []FieldOrigin, ctor FuncRef) bool {
	for _, o := range origins {
		if o.Func.Decl == ctor.Decl && o.Param != "" {
			return true
		}
	}
	return false
}

// leavesOutAt reports whether the constructor ctor builds a literal that
// leaves the field out, among the literals of the field's type, and the
// literal's line.
func leavesOutAt(origins []FieldOrigin, ctor FuncRef) (int, bool) {
	for _, o := range origins {
		if o.Func.Decl == ctor.Decl && o.Left {
			return o.Line, true
		}
	}
	return 0, false
}

// callersOf returns the module functions that call fn by its name (NewX
// in its package, pkg.NewX elsewhere).
func (m *Module) callersOf(fn FuncRef) []FuncRef {
	dir := filepath.Dir(fn.File.Path)
	name := fn.Decl.Name.Name
	imports := map[*File]map[string]string{}
	return m.callersWhere(fn, func(*File) bool { return true }, func(f *File, ce *ast.CallExpr) bool {
		switch x := ce.Fun.(type) {
		case *ast.Ident:
			return x.Name == name && filepath.Dir(f.Path) == dir
		case *ast.SelectorExpr:
			if pkg, ok := x.X.(*ast.Ident); ok && x.Sel.Name == name {
				if imports[f] == nil {
					imports[f] = importDirs(m, f)
				}
				return imports[f][pkg.Name] == dir
			}
		}
		return false
	})
}

// HeldReceiver is where the nil receiver of a failing method was held: a
// field of the receiver of a caller on the stack.
type HeldReceiver struct {
	// Caller is the method that calls the failing method (or one that
	// passed the receiver on) on its field Field, at Line of its file;
	// Self is its receiver's name, Owner its receiver's type name.
	Caller      FuncRef
	Line        int
	Self, Field string
	Owner       string
	// Via are the methods between, innermost first, that called the next
	// one on their own receiver, passing it on.
	Via []FuncRef
}

// HeldReceiver follows, for a nil pointer in a method, the method's
// receiver out through the stack's app frames: a caller that calls the
// method on its own receiver (r.check(…) inside r.Assign) passes it on,
// one frame further; the first that calls it on a field of its own
// receiver (h.repo.Assign(…)) is where it was held. False when no frame
// does.
func (m *Module) HeldReceiver(r *report.Report) (HeldReceiver, bool) {
	frames := r.AppFrames()
	if len(frames) < 2 {
		return HeldReceiver{}, false
	}
	_, inner := m.FuncAt(frames[0].File, frames[0].Line)
	if inner == nil || inner.Recv == nil {
		return HeldReceiver{}, false
	}
	var via []FuncRef
	for _, fr := range frames[1:] {
		f, fd := m.FuncAt(fr.File, fr.Line)
		if fd == nil || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 || fr.Line < 1 || fr.Line > len(f.Lines()) {
			return HeldReceiver{}, false
		}
		self := fd.Recv.List[0].Names[0].Name
		text := f.Lines()[fr.Line-1]
		if mm := regexp.MustCompile(`\b` + regexp.QuoteMeta(self) + `\.(\w+)\.` + regexp.QuoteMeta(inner.Name.Name) + `\(`).FindStringSubmatch(text); mm != nil {
			return HeldReceiver{Caller: FuncRef{File: f, Decl: fd}, Line: fr.Line, Self: self, Field: mm[1], Owner: astutil.TypeName(fd.Recv.List[0].Type), Via: via}, true
		}
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(self) + `\.` + regexp.QuoteMeta(inner.Name.Name) + `\(`).MatchString(text) {
			return HeldReceiver{}, false
		}
		via = append(via, FuncRef{File: f, Decl: fd})
		inner = fd
	}
	return HeldReceiver{}, false
}

// callerFieldChunks gives, for a nil pointer in a method called on a
// field of its caller's receiver (`r.db.With(ctx)`), past the methods
// that passed the receiver on (HeldReceiver), the constructors of the
// caller's receiver type: the value may have been nil before the call.
func (m *Module) callerFieldChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !strings.Contains(r.Error.Message, "nil pointer dereference") {
		return nil
	}
	h, ok := m.HeldReceiver(r)
	if !ok {
		return nil
	}
	res := newResolver(m, h.Caller.File, h.Caller.Decl)
	recv := res.moduleType(h.Caller.Decl.Recv.List[0].Type, res.dir)
	if recv.name == "" {
		return nil
	}
	return s.constructorChunksOf(recv, h.Field)
}
