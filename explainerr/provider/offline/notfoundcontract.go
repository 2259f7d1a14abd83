package offline

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"
)

// Many stores answer a lookup that finds nothing with nil and no error,
// and their callers test the result against nil: "create the user unless
// one exists". When one such lookup returns the driver's not-found error
// instead, the caller's nil branch never runs and the request fails. The
// fix is then in the lookup, made to keep the contract its caller and
// its siblings keep, not a sentinel and a 404: the caller wanted "none".

// reResultCall reads "v, err := x.Lookup(" on a line: the result (m[1])
// and the called function's name (m[2]).
var reResultCall = regexp.MustCompile(`\b(\w+)\s*,\s*\w+\s*:?=\s*(?:[\w.]+\.)?(\w+)\(`)

// nilContract is what shows that the call at the failing site was meant
// to answer "none" with nil: the caller's nil test of its result, and a
// sibling of the called function (in its file, or another implementation
// of the same method) that turns the not-found error into nil, when one
// does. suspect is the called function that does not, when others do.
type nilContract struct {
	result, callee         string
	test, sibling, suspect sourceLine
	// lookup is the one function of the called name, when there is one,
	// that passes the not-found error on.
	lookup sourceLine
}

// readNilContract reads call, the statement of the failing function whose
// error was the not-found one, for a result it tests against nil.
func (a *analysis) readNilContract(call string) (nilContract, bool) {
	f, fd := a.failingFunc()
	return a.readNilContractIn(f, fd, call)
}

// readNilContractAtSites reads the nil contract at the functions that
// worded the failure's message (errors.Wrap(err, "FindByUsername")): the
// call whose error each carried on, for a result it tests against nil.
func (a *analysis) readNilContractAtSites() (nilContract, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return nilContract{}, false
	}
	for _, site := range src.mod.FailureSites(a.r) {
		fd := site.Decl()
		f := src.byPath[site.File.Path]
		if fd == nil || f == nil {
			continue
		}
		at, _ := src.mod.ErrorSource(site.File, fd, site.Line)
		if at < 1 || at > len(f.text()) {
			continue
		}
		if nc, ok := a.readNilContractIn(f, fd, f.text()[at-1]); ok {
			return nc, true
		}
	}
	return nilContract{}, false
}

// readNilContractInReach reads the statements of the functions the
// request reached (the store's upsert behind a handler, off the stack)
// for a call whose result the function tests against nil, a lookup whose
// implementations pass the not-found error on: the first it finds.
func (a *analysis) readNilContractInReach() (nilContract, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return nilContract{}, false
	}
	for _, r := range a.reached() {
		f := src.byPath[r.File.Path]
		if f == nil || r.Decl == nil || r.Decl.Body == nil {
			continue
		}
		from, to := src.fset.Position(r.Decl.Body.Pos()).Line, src.fset.Position(r.Decl.Body.End()).Line
		for line := from; line <= to && line <= len(f.text()); line++ {
			if !reResultCall.MatchString(f.text()[line-1]) {
				continue
			}
			if nc, ok := a.readNilContractIn(f, r.Decl, f.text()[line-1]); ok {
				return nc, true
			}
		}
	}
	return nilContract{}, false
}

// lettingNotFound finds an error check that lets a not-found error
// through: err != nil && !errors.Is(err, pkg.ErrNotFound).
var lettingNotFound = regexp.MustCompile(`\berr\s*!=\s*nil\s*&&\s*!\s*errors\.Is\(\s*err\s*,\s*[\w.]*(?:NotFound|NoRows|NotExist)\w*\s*\)`)

// readNilContractIn reads call, a statement of fd in f, for a result fd
// tests against nil, and the functions of the called name: false when
// every one of them already turns the not-found error into nil (then
// something else is wrong).
func (a *analysis) readNilContractIn(f *appFile, fd *ast.FuncDecl, call string) (nilContract, bool) {
	m := reResultCall.FindStringSubmatch(call)
	if m == nil || m[1] == "_" || f == nil || fd == nil || fd.Body == nil {
		return nilContract{}, false
	}
	nc := nilContract{result: m[1], callee: m[2]}
	src := a.app()
	nilTest := compiled(`\b` + regexp.QuoteMeta(nc.result) + `\s*[!=]=\s*nil\b|\bnil\s*[!=]=\s*` + regexp.QuoteMeta(nc.result) + `\b`)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if ok && nc.test.Line == 0 && nilTest.MatchString(src.exprText(f, is.Cond)) {
			nc.test = src.lineOfPos(is.Pos(), funcName(fd))
		}
		return nc.test.Line == 0
	})
	if nc.test.Line == 0 {
		return nilContract{}, false
	}
	if from, to := src.fset.Position(fd.Body.Pos()).Line, src.fset.Position(fd.Body.End()).Line; from >= 1 && to <= len(f.text()) && lettingNotFound.MatchString(strings.Join(f.text()[from-1:to], "\n")) {
		// "err != nil && !errors.Is(err, model.ErrNotFound)": the caller
		// takes the not-found error as an answer; a nil result is not
		// all it expects, and an error that fails here is not that one.
		return nilContract{}, false
	}
	var keeping []*ast.IfStmt
	var breaking []*ast.FuncDecl
	recv := "" // a method of the caller's own receiver (r.Get of (*repo).Upsert): its type's
	if fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 {
		if compiled(`\b` + regexp.QuoteMeta(fd.Recv.List[0].Names[0].Name) + `\.` + regexp.QuoteMeta(nc.callee) + `\(`).MatchString(call) {
			recv = receiverName(fd)
		}
	}
	for _, d := range src.funcs(nc.callee, recv) {
		if strings.HasSuffix(d.f.path, "_test.go") {
			continue
		}
		if is := testsNotFound(d.fd.Body); is != nil {
			keeping = append(keeping, is)
			if nc.sibling.Line == 0 {
				nc.sibling = src.lineOfPos(is.Cond.Pos(), funcName(d.fd))
			}
			continue
		}
		breaking = append(breaking, d.fd)
		for _, decl := range d.f.syntax().Decls {
			sib, ok := decl.(*ast.FuncDecl)
			if !ok || sib == d.fd || sib.Body == nil || nc.sibling.Line != 0 {
				continue
			}
			if is := testsNotFound(sib.Body); is != nil {
				nc.sibling = src.lineOfPos(is.Cond.Pos(), funcName(sib))
			}
		}
	}
	if len(breaking) == 0 {
		return nilContract{}, false // the lookup already turns it to nil: something else is wrong
	}
	if len(breaking) == 1 {
		nc.lookup = src.lineOfPos(breaking[0].Pos(), funcName(breaking[0]))
	}
	if len(keeping) > 0 && len(breaking) == 1 {
		// Implementations of one method disagree: the one that passes
		// the error on is the one that ran.
		nc.suspect = src.lineOfPos(breaking[0].Pos(), funcName(breaking[0]))
	}
	return nc, true
}

// explainNilContract says that the lookup nc reads broke the contract
// its caller relies on, and gives the fix in the lookup.
func (a *analysis) explainNilContract(nc nilContract) {
	a.g.Add(nc.result, nc.callee)
	why := "The caller expects " + code("nil") + " when nothing matches: it tests " + code(nc.result) + " at " + a.cite(nc.test) + ", its branch for a missing row, but " + code(nc.callee) + " returned the not-found error instead, so the request failed before that test."
	switch {
	case nc.sibling.Line != 0 && nc.suspect.Line != 0:
		// Implementations of one method often share a file name in
		// packages per database: they are named by their module paths.
		why += " The other functions called " + code(nc.callee) + " (its other implementations) turn that error into " + code("nil") + ", as at " + code(a.modulePathLoc(nc.sibling)) + ": " + code(nc.sibling.Text) + "; the one at " + code(a.modulePathLoc(nc.suspect)) + " does not."
	case nc.sibling.Line != 0:
		why += " The other lookups beside it turn that error into " + code("nil") + ", as at " + a.cite(nc.sibling) + "."
	}
	a.why(why)
	callee := code(nc.callee)
	switch {
	case nc.suspect.Line != 0:
		callee += " (" + code(a.modulePathLoc(nc.suspect)) + ")"
	case nc.lookup.Line != 0:
		a.g.Add(nc.lookup.Func)
		callee = code(nc.lookup.Func) + " (" + code(a.fileLoc(nc.lookup.Path, nc.lookup.Line)) + ")"
	}
	a.fix("Make " + callee + " answer a missing row with a " + code("nil") + " result and no error, as its caller expects (test the driver's not-found error there and return nil), rather than turning the error into a 404 here: for this request, \"none found\" is the expected answer.")
}

// modulePathLoc names l by its file's path in the module and its line
// ("data/sqlite3/account_store.go:29"), making the path citable.
func (a *analysis) modulePathLoc(l sourceLine) string {
	name := baseName(l.Path)
	if src := a.app(); src != nil && src.mod != nil {
		name = filepath.ToSlash(src.mod.Rel(l.Path))
	}
	a.g.Add(name, l.Text)
	return loc(name, l.Line)
}
