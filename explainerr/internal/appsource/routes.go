package appsource

import (
	"cmp"
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An error a handler returns to a framework (echo's HTTPErrorHandler,
// gin's c.Error collected by a middleware) reaches explainerr after the
// handler has returned: the stack shows the error handler, not the
// function that failed. The request's route names it all the same: the
// module registers the handler for that path, and the registration's
// next argument is the handler.

// Route is a route registration of the module: its method (when the call
// names one), its path as written, and the handler expression's target.
type Route struct {
	Method, Path string
	File         *File
	// Handler is the function or method the registration names, nil
	// for a function literal (Lit is then set).
	Handler *ast.FuncDecl
	Lit     *ast.FuncLit
	Holder  *ast.FuncDecl // the function holding the registration
}

// routeCalls are the names of the calls that register a route, and
// whether the name is itself the HTTP method.
var routeCalls = map[string]bool{
	"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "HEAD": true, "OPTIONS": true,
	"Get": true, "Post": true, "Put": true, "Patch": true, "Delete": true, "Head": true, "Options": true,
	"Handle": false, "HandleFunc": false, "Any": false, "Method": false, "MethodFunc": false, "Add": false,
	"Register": false,
}

// reRouteParam matches a path parameter in any router's syntax: {id},
// {id:[0-9]+}, :id, *rest.
var reRouteParam = regexp.MustCompile(`\{[^}]*\}|:[A-Za-z_]\w*|\*\w*`)

// Routes returns the module's route registrations, read once per module
// version.
func (m *Module) Routes() []Route {
	m.routeOnce.Do(func() { m.routes = m.findRoutes() })
	return m.routes
}

// findRoutes does the work of Routes.
func (m *Module) findRoutes() []Route {
	var out []Route
	// A path literal starts with "/", or with a method and a space as
	// ServeMux's patterns do ("GET /books").
	m.eachFuncDecl(func(f *File) bool { return f.holds("\"/") || f.holds(" /") }, func(f *File, fd *ast.FuncDecl) {
		var res *resolver // the registering function's, made once when needed
		resolverOf := func() *resolver {
			if res == nil {
				res = newResolver(m, f, fd)
			}
			return res
		}
		groups := groupPrefixes(fd)
		chained := map[*ast.CallExpr]string{} // registrations with .Methods(…) after them
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ce.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if reg, method, ok := chainedMethod(ce, sel); ok {
				chained[reg] = method
			}
			isMethod, known := routeCalls[sel.Sel.Name]
			if !known {
				return true
			}
			rt, ok := routeOf(ce, sel.Sel.Name, isMethod)
			if !ok {
				return true
			}
			rt.File, rt.Holder = f, fd
			if method, ok := chained[ce]; ok && rt.Method == "" {
				rt.Method = method
			}
			if id, ok := sel.X.(*ast.Ident); ok && groups[id.Name] != "" {
				rt.Path = groups[id.Name] + rt.Path // ur.GET("/:id", …) of ur := r.Group("/users")
			}
			m.resolveHandler(&rt, f, ce.Args[rt.handlerArg], resolverOf)
			if rt.Handler != nil || rt.Lit != nil {
				out = append(out, rt.Route)
			}
			return true
		})
	})
	return out
}

// chainedMethod reads a method set on a registration after it
// (gorilla/mux's r.Handle("/sites/{id}", h).Methods(http.MethodDelete)):
// the registration's call and the one method named ("GET" or
// http.MethodGet); several methods leave the route open to any.
func chainedMethod(ce *ast.CallExpr, sel *ast.SelectorExpr) (*ast.CallExpr, string, bool) {
	reg, ok := sel.X.(*ast.CallExpr)
	if !ok || sel.Sel.Name != "Methods" || len(ce.Args) != 1 {
		return nil, "", false
	}
	switch a := ce.Args[0].(type) {
	case *ast.BasicLit:
		if v, err := strconv.Unquote(a.Value); err == nil && a.Kind == token.STRING {
			return reg, strings.ToUpper(v), true
		}
	case *ast.SelectorExpr:
		if m, ok := httpMethodConst(a); ok {
			return reg, m, true
		}
	}
	return nil, "", false
}

// httpMethodConst reads net/http's method constant x names
// (http.MethodGet is "GET").
func httpMethodConst(x *ast.SelectorExpr) (string, bool) {
	if pkg, ok := x.X.(*ast.Ident); !ok || pkg.Name != "http" || !strings.HasPrefix(x.Sel.Name, "Method") {
		return "", false
	}
	return strings.ToUpper(strings.TrimPrefix(x.Sel.Name, "Method")), true
}

// groupPrefixes returns the route groups fd makes (ur := r.Group("/users"),
// also of a group it made before), by variable, with their path prefix.
func groupPrefixes(fd *ast.FuncDecl) map[string]string {
	out := map[string]string{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		ce, isCall := as.Rhs[0].(*ast.CallExpr)
		if !ok || !isCall || len(ce.Args) == 0 {
			return true
		}
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		lit, isLit := ce.Args[0].(*ast.BasicLit)
		if !ok || sel.Sel.Name != "Group" || !isLit || lit.Kind != token.STRING {
			return true
		}
		p, err := strconv.Unquote(lit.Value)
		if err != nil || !strings.HasPrefix(p, "/") {
			return true
		}
		if parent, ok := sel.X.(*ast.Ident); ok {
			p = out[parent.Name] + p
		}
		out[id.Name] = p
		return true
	})
	return out
}

// routeArgs is a registration read from a call: the route and which
// argument is its handler.
type routeArgs struct {
	Route
	handlerArg int
}

// routeOf reads a registration call: its path (a string literal, with
// ServeMux's "GET /path" method prefix split off) and its handler, the
// argument after the path.
func routeOf(ce *ast.CallExpr, name string, isMethod bool) (routeArgs, bool) {
	if name == "Register" {
		return operationRoute(ce)
	}
	pathArg := 0
	method := ""
	if isMethod {
		method = strings.ToUpper(name)
	}
	if (name == "Method" || name == "MethodFunc" || name == "Add") && len(ce.Args) >= 3 {
		if lit, ok := ce.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			method, _ = strconv.Unquote(lit.Value)
			method = strings.ToUpper(method)
		}
		pathArg = 1
	}
	if len(ce.Args) < pathArg+2 {
		return routeArgs{}, false
	}
	lit, ok := ce.Args[pathArg].(*ast.BasicLit)
	if prefixed, isCall := ce.Args[pathArg].(*ast.CallExpr); !ok && isCall && len(prefixed.Args) == 1 {
		// A path given through a function that adds the API's prefix
		// (v1Base("/locations")): its literal is the route's ending.
		lit, ok = prefixed.Args[0].(*ast.BasicLit)
	}
	if !ok || lit.Kind != token.STRING {
		// A framework's own Handle(method, group, path, handler, …)
		// (app.Handle(http.MethodGet, version, "/users/:id", h.QueryByID)):
		// the first path literal after a method.
		i, l, m, found := laterPath(ce)
		if !found || isMethod {
			return routeArgs{}, false
		}
		pathArg, lit, method = i, l, m
	}
	path, err := strconv.Unquote(lit.Value)
	if err != nil {
		return routeArgs{}, false
	}
	if m, p, ok := strings.Cut(path, " "); ok && strings.ToUpper(m) == m {
		method, path = m, strings.TrimSpace(p)
	}
	if !strings.HasPrefix(path, "/") && path != "" {
		return routeArgs{}, false
	}
	return routeArgs{Route: Route{Method: method, Path: path}, handlerArg: handlerArgAfter(ce, pathArg)}, true
}

// operationRoute reads a registration that describes its operation in a
// literal, the handler after it (huma's Register(api,
// huma.Operation{Method: http.MethodDelete, Path: "/keys"}, handler)).
func operationRoute(ce *ast.CallExpr) (routeArgs, bool) {
	if len(ce.Args) != 3 {
		return routeArgs{}, false
	}
	lit, ok := ast.Unparen(ce.Args[1]).(*ast.CompositeLit)
	if !ok {
		return routeArgs{}, false
	}
	var rt Route
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		switch {
		case key == nil:
		case key.Name == "Method":
			if sel, ok := kv.Value.(*ast.SelectorExpr); ok {
				rt.Method, _ = httpMethodConst(sel)
			} else if bl, ok := kv.Value.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				m, _ := strconv.Unquote(bl.Value)
				rt.Method = strings.ToUpper(m)
			}
		case key.Name == "Path":
			if bl, ok := kv.Value.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				rt.Path, _ = strconv.Unquote(bl.Value)
			}
		}
	}
	if !strings.HasPrefix(rt.Path, "/") {
		return routeArgs{}, false
	}
	return routeArgs{Route: rt, handlerArg: 2}, true
}

// handlerArgAfter returns the index of a registration's handler after
// the path at pathArg: the next argument, but for gin's and fiber's
// handlers listed after middleware made by calls (route.Post("/book",
// middleware.JWTProtected(), controllers.CreateBook)), whose last
// argument, named rather than made, is the handler. echo lists its
// middleware after the handler, which is then the named one.
func handlerArgAfter(ce *ast.CallExpr, pathArg int) int {
	next, last := pathArg+1, len(ce.Args)-1
	if last <= next || ce.Ellipsis.IsValid() {
		return next
	}
	if _, made := ce.Args[next].(*ast.CallExpr); !made {
		return next
	}
	switch ce.Args[last].(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.FuncLit:
		return last
	}
	return next
}

// laterPath finds, in a registration call's arguments after the first,
// the first string literal that is a path, with a handler argument after
// it, and the method an earlier argument names (http.MethodGet, "GET").
func laterPath(ce *ast.CallExpr) (int, *ast.BasicLit, string, bool) {
	method := ""
	for i, a := range ce.Args {
		switch x := a.(type) {
		case *ast.SelectorExpr:
			if m, ok := httpMethodConst(x); ok {
				method = m
			}
		case *ast.BasicLit:
			v, err := strconv.Unquote(x.Value)
			if x.Kind != token.STRING || err != nil {
				continue
			}
			if routeCalls[v] && strings.ToUpper(v) == v {
				method = v
				continue
			}
			if i > 0 && strings.HasPrefix(v, "/") && i+1 < len(ce.Args) && method != "" {
				return i, x, method, true
			}
		}
	}
	return 0, nil, "", false
}

// resolveHandler sets the handler a registration's argument names: a
// function literal, a function of the file's package, or a method or
// function of the module by its selected name (h.Page, handlers.Page,
// also wrapped once: http.HandlerFunc(h.Page)), or the factory a call
// that wraps no function names (s.handleAuthor()); res gives the
// registering function's resolver.
func (m *Module) resolveHandler(rt *routeArgs, f *File, arg ast.Expr, res func() *resolver) {
	if ce, ok := arg.(*ast.CallExpr); ok {
		// A call given none is a factory that returns the handler
		// (s.handleAuthor()): the handler is in it.
		arg = ce.Fun
		if a, ok := m.wrappedHandler(f, res(), ce); ok {
			arg = a
		}
	}
	switch x := arg.(type) {
	case *ast.FuncLit:
		rt.Lit = x
	case *ast.Ident:
		rt.Handler = m.funcNamedIn(x.Name, filepath.Dir(f.Path))
	case *ast.SelectorExpr:
		// A method value of a typed receiver (h.Page in (h *Cache)
		// Routes), else the module's one function of that name.
		refs := res().resolve(x)
		if len(refs) != 1 {
			refs = m.Named(x.Sel.Name, "")
		}
		if len(refs) == 1 {
			rt.Handler = refs[0].Decl
			rt.File = refs[0].File
		}
	}
}

// wrappedHandler finds the handler a wrapper's call is given
// (http.HandlerFunc(h.Page), toHandler(deps, handlers.Show, auth)): the
// first argument that is a function literal or names a module function,
// looked for inside a wrapper given to the wrapper too
// (api.Authorize(HandlerFunc(api.DeleteSite))); else the factory whose
// call the wrapper is given (chain.ToHandlerFunc(ctrl.HandleCreate(),
// mw...)): the handler is in the factory.
func (m *Module) wrappedHandler(f *File, res *resolver, ce *ast.CallExpr) (ast.Expr, bool) {
	for _, a := range ce.Args {
		if _, lit := a.(*ast.FuncLit); lit || m.namesFunc(f, res, a) {
			return a, true
		}
		inner, isCall := a.(*ast.CallExpr)
		if !isCall {
			continue
		}
		if h, ok := m.wrappedHandler(f, res, inner); ok {
			return h, true
		}
		if m.namesFunc(f, res, inner.Fun) {
			return inner.Fun, true
		}
	}
	return nil, false
}

// namesFunc reports whether e, an argument in the function res resolves
// for (of f), names a module function or method value: an identifier or
// selector that resolves to exactly one declaration and is not a local
// variable.
func (m *Module) namesFunc(f *File, res *resolver, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		if _, local := res.locals[x.Name]; local {
			return false
		}
		return m.funcNamedIn(x.Name, filepath.Dir(f.Path)) != nil
	case *ast.SelectorExpr:
		return len(res.resolve(x)) == 1
	}
	return false
}

// funcNamedIn returns the function called name declared in dir.
func (m *Module) funcNamedIn(name, dir string) *ast.FuncDecl {
	for _, ref := range m.Named(name, "") {
		if filepath.Dir(ref.File.Path) == dir && ref.Decl.Recv == nil {
			return ref.Decl
		}
	}
	return nil
}

// routeKey writes a route path with its parameters made alike.
func routeKey(path string) string {
	return reRouteParam.ReplaceAllString(strings.TrimSuffix(path, "/"), "{}")
}

// RouteHandler returns the registration whose path is the longest ending
// of the request's route, of its method when the call names one.
func (m *Module) RouteHandler(method, route string) (Route, bool) {
	key := routeKey(route)
	best, bestLen := Route{}, 0
	for _, rt := range m.Routes() {
		if rt.Method != "" && method != "" && rt.Method != strings.ToUpper(method) {
			continue
		}
		p := routeKey(rt.Path)
		if p == "" || !strings.HasSuffix(key, p) || len(p) <= bestLen {
			continue
		}
		best, bestLen = rt, len(p)
	}
	return best, bestLen > 1
}

// URLRouteHandler returns the registration whose path pattern matches
// the longest ending of the request's URL path, of its method when the
// call names one: for a router that does not say which route it took. A
// pattern of parameters alone ("/:id") says too little to be taken.
func (m *Module) URLRouteHandler(method, urlPath string) (Route, bool) {
	urlPath, _, _ = strings.Cut(urlPath, "?")
	urlPath = strings.TrimSuffix(urlPath, "/")
	best, bestLen := Route{}, 0
	for _, rt := range m.Routes() {
		if rt.Method != "" && method != "" && rt.Method != strings.ToUpper(method) {
			continue
		}
		p := routeKey(rt.Path)
		if len(p) <= bestLen || strings.Trim(strings.ReplaceAll(p, "{}", ""), "/") == "" {
			continue
		}
		var parts []string
		for _, seg := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
			if seg == "{}" {
				parts = append(parts, `[^/]+`)
			} else {
				parts = append(parts, regexp.QuoteMeta(seg))
			}
		}
		if !regexp.MustCompile(`(?:^|/)` + strings.Join(parts, "/") + `$`).MatchString(urlPath) {
			continue
		}
		best, bestLen = rt, len(p)
	}
	return best, bestLen > 1
}

// routeHandlerChunks gives, when the failing stack cannot show the
// handler (handlerOffStack), or a status or an error came with a stack
// that does not hold it (an error middleware wrote the 500 after the
// handler returned), the handler the request's route registers, as a
// lead; and, beside it, the template it renders when the failure says
// nothing more (renderedTemplate).
func (m *Module) routeHandlerChunks(r *report.Report, s *staticSet) []report.Chunk {
	rt, ok := m.offStackRoute(r)
	if !ok {
		return m.endpointChunks(r, s)
	}
	var c report.Chunk
	switch {
	case rt.Handler != nil:
		if s.seen[rt.Handler] {
			return nil // a frame already shows it
		}
		s.seen[rt.Handler] = true
		c = s.funcChunk(rt.File, rt.Handler, report.ReasonRoute)
	default:
		start, end := m.Fset.Position(rt.Lit.Pos()).Line, m.Fset.Position(rt.Lit.End()).Line
		for _, ch := range s.chunks {
			if ch.File == m.Rel(rt.File.Path) && ch.StartLine <= start && ch.EndLine >= end {
				return nil
			}
		}
		c = s.chunk(rt.File, rt.Holder, start, end, report.ReasonRoute)
		if len(c.Text) > maxCallee {
			c = headOf(c, maxCallee)
		}
	}
	s.markLead(c)
	out := []report.Chunk{c}
	if t, ok := m.renderedTemplate(r, rt); ok {
		out = append(out, t)
	}
	if rt.Handler != nil && RaisedOutsideApp(r) && strings.Contains(r.Error.Message, "nil pointer dereference") {
		// A nil the handler's receiver holds for every request: the
		// constructor that leaves the first such field out is where the
		// fix is.
		if us := m.UnsetFields(FuncRef{File: rt.File, Decl: rt.Handler}); len(us) > 0 && !s.seen[us[0].Ctor.Func.Decl] {
			ctor := us[0].Ctor.Func
			s.seen[ctor.Decl] = true
			c := s.funcChunk(ctor.File, ctor.Decl, report.ReasonConstructor)
			s.markLead(c)
			out = append(out, c)
		}
	}
	if rt.Handler != nil {
		// What the handler reached in other packages (through an
		// interface, or a method of a field of another package's type),
		// and one interface further: the stack that would have shown the
		// way there is gone.
		var hop []FuncRef
		dir := filepath.Dir(rt.File.Path)
		for _, ref := range m.Callees(rt.File, rt.Handler, 0) {
			if ref.Via != "" || filepath.Dir(ref.File.Path) != dir {
				hop = append(hop, ref)
			}
		}
		// The calls whose error the handler takes come first: the
		// failure was an error, and a lookup of the user or a
		// permission test that returns none made no error.
		errLines := errorAssignLines(m, rt.Handler)
		slices.SortStableFunc(hop, func(a, b FuncRef) int {
			return cmp.Compare(rankByError(m, rt.Handler, a, errLines), rankByError(m, rt.Handler, b, errLines))
		})
		out = append(out, s.leadRefs(append(hop, m.secondHop(hop)...))...)
	}
	return out
}

// offStackRoute returns the registration of the request's route when
// the stack no longer shows its handler: an error a framework's error
// handler passed on after the handler returned, or a panic raised again
// from another goroutine.
func (m *Module) offStackRoute(r *report.Report) (Route, bool) {
	rt, ok := m.RequestRoute(r)
	if !ok || !handlerOffStack(r) && (r.Error.Kind == report.KindPanic || m.anyRouteOnStack(r)) {
		return Route{}, false
	}
	return rt, true
}

// RequestRoute returns the registration of the request's route: by the
// route the router reported, or, for an error handed over by a router
// that reported none or a status written after the handler returned
// (HandlerReturned), by matching its patterns with the URL's path.
func (m *Module) RequestRoute(r *report.Report) (Route, bool) {
	switch {
	case r.Request.Route != "":
		if strings.HasSuffix(r.Request.Route, "*") && r.Request.URL != "" {
			// A router mounted under a wildcard ("/api/v1/*", a huma
			// or gRPC gateway mux): its own routes match the URL.
			if rt, ok := m.URLRouteHandler(r.Request.Method, r.Request.URL); ok && !strings.HasSuffix(rt.Path, "*") {
				return rt, true
			}
		}
		return m.RouteHandler(r.Request.Method, r.Request.Route)
	case (r.Error.HandedOver || m.HandlerReturned(r)) && r.Request.URL != "":
		return m.URLRouteHandler(r.Request.Method, r.Request.URL)
	}
	return Route{}, false
}

// leadRefs gives the chunks of refs not shown yet, marked as leads, at
// most maxPerFinder.
func (s *staticSet) leadRefs(refs []FuncRef) []report.Chunk {
	var out []report.Chunk
	for _, ref := range refs {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[ref.Decl] || accessor(ref.Decl) {
			continue
		}
		s.seen[ref.Decl] = true
		c := s.calleeChunk(ref)
		s.markLead(c)
		out = append(out, c)
	}
	return out
}

// anyRouteOnStack reports whether an app frame of the report is inside a
// handler some route registers: a status an error middleware wrote after
// the handler returned has a stack without any, and when one is there,
// the stack shows the handler that ran, whichever route matched.
func (m *Module) anyRouteOnStack(r *report.Report) bool {
	for _, rt := range m.Routes() {
		if strings.HasSuffix(rt.Path, "*") {
			continue // a router mounted under a wildcard, whose routes handle the request
		}
		var node ast.Node = rt.Handler
		if rt.Handler == nil {
			node = rt.Lit
		}
		if node == nil {
			continue
		}
		from, to := m.Fset.Position(node.Pos()).Line, m.Fset.Position(node.End()).Line
		for _, fr := range r.AppFrames() {
			if filepath.Clean(fr.File) == filepath.Clean(rt.File.Path) && from <= fr.Line && fr.Line <= to {
				return true
			}
		}
	}
	return false
}

// handlerOffStack reports whether the failing stack cannot hold the
// request's handler: an error an error handler passed on after its
// handler had returned (report.Error.HandedOver), or a panic raised again
// by code that is not the app's, whose stack starts there: a timeout
// middleware (net/http's TimeoutHandler, echo's Timeout) recovers the
// handler's panic on the handler's goroutine and panics with its value on
// its own, so the trace of the handler is lost.
func handlerOffStack(r *report.Report) bool {
	return r.Error.HandedOver || RaisedOutsideApp(r)
}

// RaisedOutsideApp reports whether r is a panic with a value of the
// runtime's own (a nil dereference, an index out of range) whose stack
// starts in a library's code, not the app's nor the runtime's: which no
// library's own panic call makes, so it was most likely recovered on
// another goroutine and raised again there.
func RaisedOutsideApp(r *report.Report) bool {
	if r.Error.Kind != report.KindPanic || len(r.Frames) == 0 || !strings.HasPrefix(r.Error.Type, "runtime.") {
		return false
	}
	f := r.Frames[0]
	return f.Kind != report.FrameApp && f.Kind != report.FrameRuntime && !strings.HasPrefix(f.Function, "runtime.")
}

// errorAssignLines returns the lines of fd that assign an error variable
// (err, or a name ending in "err"), an assertion of its type aside.
func errorAssignLines(m *Module, fd *ast.FuncDecl) []int {
	var out []int
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || assertsOnly(as) || readsAssignedError(as) {
			return true
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && strings.HasSuffix(strings.ToLower(id.Name), "err") {
				out = append(out, m.Fset.Position(as.Pos()).Line)
				break
			}
		}
		return true
	})
	return out
}

// assertsOnly reports whether an assignment only asserts a type (err,
// ok := err.(T)): it reads an error made above, and makes none.
func assertsOnly(as *ast.AssignStmt) bool {
	if len(as.Rhs) != 1 {
		return false
	}
	_, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	return ok
}

// readsAssignedError reports whether an assignment's right side reads an
// error variable it assigns (err = fmt.Errorf("…: %w", err), or code,
// err := writeError(w, err)): the error it carries on was made above, and
// the call only wraps or reports it.
func readsAssignedError(as *ast.AssignStmt) bool {
	assigned := map[string]bool{}
	for _, lhs := range as.Lhs {
		if id, ok := lhs.(*ast.Ident); ok && strings.HasSuffix(strings.ToLower(id.Name), "err") {
			assigned[id.Name] = true
		}
	}
	if len(assigned) == 0 {
		return false
	}
	reads := false
	for _, rhs := range as.Rhs {
		ast.Inspect(rhs, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && assigned[id.Name] {
				reads = true
			}
			return !reads
		})
	}
	return reads
}

// rankByError is 0 for a callee fd calls on one of lines, else 1.
func rankByError(m *Module, fd *ast.FuncDecl, ref FuncRef, lines []int) int {
	for _, l := range lines {
		if calledOn(m, fd, ref, l) {
			return 0
		}
	}
	return 1
}
