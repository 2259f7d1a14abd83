package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// Some libraries run an endpoint that declares its own route in a string
// ("PATCH /api/queues/{name}", returned by its Meta method) rather than
// one the app registers with a router: no call in the module ties the
// request to the endpoint's methods, but the pattern does.

// patternParamRe finds a parameter of a route pattern: "{name}",
// "{path...}".
var patternParamRe = regexp.MustCompile(`\\\{[^/]*\\\}`)

// EndpointTypes returns the names of the module's types (outside tests)
// that have a method whose string literals hold a route pattern, method
// and path, that the request matches: the endpoint a library ran for it.
// The answer is kept per Module, by method and path.
func (m *Module) EndpointTypes(r *report.Report) map[string]bool {
	method := r.Request.Method
	path, _, _ := strings.Cut(r.Request.URL, "?")
	if method == "" || path == "" {
		return nil
	}
	key := method + " " + path
	if v, ok := m.endpoints.Load(key); ok {
		return v.(map[string]bool)
	}
	out := map[string]bool{}
	defer m.endpoints.Store(key, out)
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds(`"`+method+` /`) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				if v, err := strconv.Unquote(lit.Value); err == nil && patternMatches(v, method, path) {
					out[astutil.ReceiverName(fd)] = true
				}
				return true
			})
		}
	}
	return out
}

// patternMatches reports whether a route pattern ("PATCH
// /api/queues/{name}") matches a request's method and path.
func patternMatches(pattern, method, path string) bool {
	p, ok := strings.CutPrefix(pattern, method+" ")
	if !ok || !strings.HasPrefix(p, "/") {
		return false
	}
	re := "^" + patternParamRe.ReplaceAllString(regexp.QuoteMeta(p), `[^/]+`) + "/?$"
	ok, err := regexp.MatchString(re, path)
	return err == nil && ok
}

// maxEndpointTypes bounds the endpoint types whose methods stand in for a
// route's handler: past it, the patterns do not tell the request's.
const maxEndpointTypes = 2

// endpointMethods returns, as frames at their declarations, the methods
// of the types whose route pattern the request matches (EndpointTypes),
// when one or two types do.
func (m *Module) endpointMethods(r *report.Report) []report.Frame {
	types := m.EndpointTypes(r)
	if len(types) == 0 || len(types) > maxEndpointTypes {
		return nil
	}
	var out []report.Frame
	for _, ref := range m.methodsOf(types) {
		out = append(out, report.Frame{File: ref.File.Path, Line: m.Fset.Position(ref.Decl.Pos()).Line})
	}
	return out
}

// methodsOf returns the methods with a body, outside tests, of the types
// named in types; only the files whose text names one are parsed.
func (m *Module) methodsOf(types map[string]bool) []FuncRef {
	var out []FuncRef
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !holdsAny(f, types) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && types[astutil.ReceiverName(fd)] {
				out = append(out, FuncRef{File: f, Decl: fd})
			}
		}
	}
	return out
}

// endpointChunks gives, when a library ran the endpoint whose own route
// pattern the request matches (no route of the module's says which
// handler ran), that endpoint's methods but the one that declares the
// pattern, as the route's handler.
func (m *Module) endpointChunks(r *report.Report, s *staticSet) []report.Chunk {
	types := m.EndpointTypes(r)
	if len(types) == 0 || len(types) > maxEndpointTypes {
		return nil
	}
	method := `"` + r.Request.Method + ` /`
	var out []report.Chunk
	for _, ref := range m.methodsOf(types) {
		if len(out) == maxPerFinder || s.seen[ref.Decl] || strings.Contains(m.declText(ref), method) {
			continue
		}
		s.seen[ref.Decl] = true
		c := s.funcChunk(ref.File, ref.Decl, report.ReasonRoute)
		s.markLead(c)
		out = append(out, c)
	}
	return out
}

// holdsAny reports whether the text of f holds one of names.
func holdsAny(f *File, names map[string]bool) bool {
	for n := range names {
		if f.holds(n) {
			return true
		}
	}
	return false
}
