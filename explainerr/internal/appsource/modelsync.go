package appsource

import (
	"go/ast"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// An app on an ORM makes its tables from its models: gorm's
// db.AutoMigrate(&User{}, &Post{}), xorm's engine.Sync(tables...), often
// from a package-level list the installation passes whole, while each
// later migration syncs the models it adds. A table missing from a fresh
// database is then a model the list leaves out, even when a migration
// for older databases makes it.

// modelSyncCalls are the methods that make tables from models.
var modelSyncCalls = map[string]bool{"AutoMigrate": true, "Sync": true, "Sync2": true, "CreateTables": true}

// ModelSync is one call of the module that makes tables from models.
type ModelSync struct {
	// Call is the call's line.
	Call SourceLine
	// List is the package-level variable whose models the call spreads
	// (engine.Sync(tables...)), "" when it names its models itself;
	// ListFile, ListStart and ListEnd are its declaration's file and lines.
	List               string
	ListFile           *File
	ListStart, ListEnd int
	// Caller is the function that names the models itself, at least
	// minInlineModels of them (db.AutoMigrate(&User{}, &Post{}, …), or a
	// wrapper of the app given them: migrate(new(User), …)); "" for a
	// list or fewer models. ListFile, ListStart and ListEnd are then its
	// lines.
	Caller string
	// Models are the type names of the models it passes.
	Models []string
	// In is the function that makes the call.
	In FuncRef
}

// minInlineModels is how many models a call must name itself to be taken
// for the whole list of a fresh database's tables, not a migration's.
const minInlineModels = 3

// Has reports whether the call passes the model named model.
func (s ModelSync) Has(model string) bool { return slices.Contains(s.Models, model) }

// Whole reports whether the call syncs a whole list of models: a list
// variable, or a call that names several models itself.
func (s ModelSync) Whole() bool {
	return s.List != "" && len(s.Models) >= 2 || s.Caller != ""
}

// ListsLeavingOut returns the module's lists of models, synced whole (a
// fresh database's tables, engine.Sync(tables...)), that leave out the
// model named model, and the calls that sync that model (a migration for
// older databases).
func (m *Module) ListsLeavingOut(model string) (lacking, having []ModelSync) {
	for _, s := range m.ModelSyncs() {
		switch {
		case s.Has(model):
			having = append(having, s)
		case s.Whole():
			lacking = append(lacking, s)
		}
	}
	return lacking, having
}

// ModelSyncs returns the module's calls that make tables from models, in
// the files that name such a method (its tests left out), and the calls
// of the app's own functions that hand their models on to one
// (func AutoMigrate(dst ...any) error { return db.AutoMigrate(dst...) });
// they are read once per module version.
func (m *Module) ModelSyncs() []ModelSync {
	if m == nil {
		return nil
	}
	m.modelSyncOnce.Do(func() { m.modelSyncs = m.findModelSyncs() })
	return m.modelSyncs
}

// findModelSyncs does the work of ModelSyncs.
func (m *Module) findModelSyncs() []ModelSync {
	var out []ModelSync
	// The app's functions that spread their variadic parameter into a
	// sync call: their calls sync the models they are given (those named
	// as a sync method is are found with it).
	wrappers := map[string]bool{}
	m.eachModelCall(modelSyncCalls, func(f *File, fd *ast.FuncDecl, call *ast.CallExpr) {
		s := m.modelSync(f, fd, call)
		if call.Ellipsis.IsValid() && fd.Recv == nil && !modelSyncCalls[fd.Name.Name] && variadicParam(fd) == astutil.LastName(call.Args[len(call.Args)-1]) {
			wrappers[fd.Name.Name] = true
		}
		if len(s.Models) > 0 {
			out = append(out, s)
		}
	})
	if len(wrappers) > 0 {
		m.eachModelCall(wrappers, func(f *File, fd *ast.FuncDecl, call *ast.CallExpr) {
			if s := m.modelSync(f, fd, call); len(s.Models) > 0 {
				out = append(out, s)
			}
		})
	}
	return out
}

// eachModelCall calls fn for each call, in a function of the module's
// non-test files, of a function or method named in names.
func (m *Module) eachModelCall(names map[string]bool, fn func(*File, *ast.FuncDecl, *ast.CallExpr)) {
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !strings.HasSuffix(f.Path, ".go") || !holdsAny(f, names) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 0 && names[astutil.LastName(call.Fun)] {
					fn(f, fd, call)
				}
				return true
			})
		}
	}
}

// modelSync reads one sync call in fd: the models it names, and the
// package-level list it spreads.
func (m *Module) modelSync(f *File, fd *ast.FuncDecl, call *ast.CallExpr) ModelSync {
	line := m.Fset.Position(call.Pos()).Line
	s := ModelSync{Call: SourceLine{Path: f.Path, Line: line, Text: strings.TrimSpace(f.Lines()[line-1])}, In: FuncRef{File: f, Decl: fd}}
	for _, arg := range call.Args {
		if name := modelOfArg(arg); name != "" {
			s.Models = append(s.Models, name)
		}
	}
	if len(s.Models) >= minInlineModels {
		s.Caller, s.ListFile = fd.Name.Name, f
		s.ListStart, s.ListEnd = m.Fset.Position(fd.Pos()).Line, m.Fset.Position(fd.End()).Line
		if s.ListEnd-s.ListStart > maxInlineCaller {
			// A long setup function: the call's own lines.
			s.ListStart, s.ListEnd = line, m.Fset.Position(call.End()).Line
		}
	}
	if !call.Ellipsis.IsValid() {
		return s
	}
	name := astutil.LastName(call.Args[len(call.Args)-1])
	if name == "" {
		return s
	}
	if lf, spec, decl, ok := m.listVar(name); ok {
		s.List, s.ListFile = name, lf
		s.ListStart, s.ListEnd = m.Fset.Position(decl.Pos()).Line, m.Fset.Position(decl.End()).Line
		if len(decl.Specs) > 1 {
			// One spec of a var block: its own lines.
			s.ListStart, s.ListEnd = m.Fset.Position(spec.Pos()).Line, m.Fset.Position(spec.End()).Line
		}
		for _, v := range spec.Values {
			if lit, ok := v.(*ast.CompositeLit); ok {
				for _, e := range lit.Elts {
					if name := modelOfArg(e); name != "" {
						s.Models = append(s.Models, name)
					}
				}
			}
		}
	}
	return s
}

// maxInlineCaller is the longest function shown whole as the place that
// names a list of models; a longer one is shown by its call's lines.
const maxInlineCaller = 40

// variadicParam returns the name of fd's variadic parameter, "" when it
// has none.
func variadicParam(fd *ast.FuncDecl) string {
	ps := fd.Type.Params.List
	if len(ps) == 0 || len(ps[len(ps)-1].Names) == 0 {
		return ""
	}
	if _, ok := ps[len(ps)-1].Type.(*ast.Ellipsis); !ok {
		return ""
	}
	return ps[len(ps)-1].Names[0].Name
}

// modelOfArg returns the type name of a model value: &X{}, X{},
// new(X), with or without a package.
func modelOfArg(e ast.Expr) string {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return astutil.LastName(e.Type)
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "new" && len(e.Args) == 1 {
			return astutil.LastName(e.Args[0])
		}
	}
	return ""
}

// listVar finds the module's package-level variable named name whose
// value is a composite literal (a list of models).
func (m *Module) listVar(name string) (*File, *ast.ValueSpec, *ast.GenDecl, bool) {
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !strings.HasSuffix(f.Path, ".go") || !f.holds(name) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if n.Name == name && i < len(vs.Values) {
						if _, ok := vs.Values[i].(*ast.CompositeLit); ok {
							return f, vs, gd, true
						}
					}
				}
			}
		}
	}
	return nil, nil, nil, false
}

// modelSyncChunks gives, for a table no database has, the lists of
// models synced whole that leave its model (its type) out
// (ListsLeavingOut), as its schema: where a fresh database's tables come
// from. A list a function names itself is given as that function.
func (m *Module) modelSyncChunks(model string) []report.Chunk {
	lacking, _ := m.ListsLeavingOut(model)
	var out []report.Chunk
	for _, s := range lacking {
		lines := s.ListFile.Lines()
		if s.ListStart < 1 || s.ListEnd > len(lines) {
			continue
		}
		symbol, kind := s.List, "var"
		if s.List == "" {
			symbol, kind = s.Caller, "func"
		}
		out = append(out, report.Chunk{
			File: m.Rel(s.ListFile.Path), StartLine: s.ListStart, EndLine: s.ListEnd, Symbol: symbol, Kind: kind,
			Reason: report.ReasonSchema, Text: strings.Join(lines[s.ListStart-1:s.ListEnd], "\n"),
		})
	}
	return out
}

// SyncsOfTable returns the module's calls that make a table of the name
// table from a model of one of its names (ModelNames, after a prefix the
// module sets when it sets one), however many structs share the name.
func (m *Module) SyncsOfTable(table string) []ModelSync {
	names := ModelNames(table)
	if rest, ok := m.unprefixed(table); ok {
		names = append(names, ModelNames(rest)...)
	}
	var out []ModelSync
	for _, s := range m.ModelSyncs() {
		if slices.ContainsFunc(names, func(model string) bool { return s.Has(model) && m.gormMakes(s, model, table) }) {
			out = append(out, s)
		}
	}
	return out
}

// gormMakes reports whether the sync s, when it is gorm's AutoMigrate,
// makes the table called table (or that table less the module's prefix)
// of model: gorm names a model's table in plural snake_case (User:
// users) unless the module turns plurals off or the model names its
// table itself (a TableName method). Other ORMs' calls, which name tables
// their own ways, are taken to make it.
func (m *Module) gormMakes(s ModelSync, model, table string) bool {
	if !strings.Contains(s.Call.Text, "AutoMigrate(") || len(m.Named("TableName", model)) > 0 {
		return true
	}
	made := GormTable(model)
	if m.gormSingular() {
		made = SnakeCase(model)
	}
	rest, _ := m.unprefixed(table)
	return made == table || made == rest
}

// singularTables matches gorm's switch to singular table names.
var singularTables = regexp.MustCompile(`SingularTable(?:\(\s*true\s*\)|:\s*true)`)

// gormSingular reports whether a file of the module turns gorm's plural
// table names off: SingularTable(true) (gorm v1) or a naming strategy
// with SingularTable: true.
func (m *Module) gormSingular() bool {
	m.singularOnce.Do(func() {
		for _, f := range m.Files {
			if data, err := os.ReadFile(f.Path); err == nil && singularTables.Match(data) {
				m.singular = true
				return
			}
		}
	})
	return m.singular
}

// tableSyncChunks gives, for a table no database has, the functions that
// make it from its model (SyncsOfTable) and the first caller of each, which
// hands it the database it migrates: a table made on another database
// than the one the query ran on is fixed where that database is chosen.
func (m *Module) tableSyncChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, noSuchTable) {
		return nil
	}
	name, table := sqlErrorNames(r)
	if table == "" {
		table = name
	}
	var out []report.Chunk
	for _, sync := range m.SyncsOfTable(table) {
		if len(out) >= maxPerFinder {
			break
		}
		if sync.In.Decl == nil || s.seen[sync.In.Decl] {
			continue
		}
		s.seen[sync.In.Decl] = true
		out = append(out, s.funcChunk(sync.In.File, sync.In.Decl, report.ReasonSchema))
		for _, c := range m.CallersOf(sync.In) {
			if !s.seen[c.Decl] {
				s.seen[c.Decl] = true
				out = append(out, s.funcChunk(c.File, c.Decl, report.ReasonSchema))
				break
			}
		}
	}
	return out
}
