package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A missing table is "a schema not applied" only when the app does not
// make its schema itself. Apps that run their migrations, or an ORM's
// synchronisation, when they start have every table their schema gives:
// a table missing there is one the schema no longer gives (a migration
// dropped it) or never gave under that name.

// schemaAtStart matches the calls that make or migrate a schema: an
// ORM's AutoMigrate or Sync2, a migration library's Up, an app's own
// Migrate.
//
// ent's client.Schema.Create counts too; xorm's Sync family only when it
// is given a model (Sync(new(User))).
var schemaAtStart = regexp.MustCompile(`^(?:AutoMigrate|Migrate|MigrateUp|RunMigrations|Sync|Sync2|SyncStructs|CreateTables|CreateSchema)$`)

// loggerRecv matches the receiver of a logger's method, in lower case
// (log, logger, zaplog, s.log, sugar).
var loggerRecv = regexp.MustCompile(`(?:^|\.)(?:\w*log|\w*logger|zap|sugar|l)$`)

// schemaMadeByApp returns the first call of the module, outside tests,
// that makes or migrates the schema (schemaAtStart, or Up of a package
// or value whose name says it migrates).
func (a *analysis) schemaMadeByApp() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	var found sourceLine
	ok := false
	src.eachDecl(func(f *appFile, d ast.Decl, in string) {
		fd, isFunc := d.(*ast.FuncDecl)
		if ok || !isFunc || fd.Body == nil || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, isCall := n.(*ast.CallExpr)
			if ok || !isCall {
				return !ok
			}
			sel, isSel := call.Fun.(*ast.SelectorExpr)
			if !isSel {
				return true
			}
			name := sel.Sel.Name
			recv := strings.ToLower(src.exprText(f, sel.X))
			if loggerRecv.MatchString(recv) {
				return true // a logger's Sync flushes its buffer (zap's log.Sync())
			}
			inner, onSel := sel.X.(*ast.SelectorExpr)
			if syncCall.MatchString(name) && !slices.ContainsFunc(call.Args, modelValue) {
				return true // an app's own Sync (an RSS client's), not xorm's Sync(new(T))
			}
			if schemaAtStart.MatchString(name) || name == "Create" && onSel && inner.Sel.Name == "Schema" || (name == "Up" || name == "UpTo") && (strings.Contains(recv, "migrat") || strings.Contains(recv, "goose")) {
				found, ok = src.lineAt(f, call.Pos(), appsource.FuncName(fd)), true
			}
			return !ok
		})
	})
	return found, ok
}

// droppedTable returns the schema statement that drops table or renames
// it to another name, when the last such statement comes after the last
// one that creates it (by the migrations' numbers, else their paths).
func (a *analysis) droppedTable(table string) (sourceLine, bool) {
	q := "[\"`]?" + regexp.QuoteMeta(table) + "[\"`]?"
	gone := compiled(`(?i)\b(?:DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?` + q + `(?:[\s;]|$)|ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?` + q + `\s+RENAME\s+TO\b)`)
	made := compiled(`(?i)\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?` + q + `[\s(]|\bRENAME\s+TO\s+` + q + `(?:[\s;]|$)`)
	lastGone, okGone := a.lastSchemaLine(gone)
	lastMade, okMade := a.lastSchemaLine(made)
	if !okGone || okMade && !migrationBefore(lastMade.Path, lastGone.Path) {
		return sourceLine{}, false
	}
	return lastGone, true
}

// lastSchemaLine returns the line, in the module's last migration that
// has one (migrationBefore), that matches p: in Go strings holding DDL
// and in the schema files.
func (a *analysis) lastSchemaLine(p *regexp.Regexp) (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	var last sourceLine
	found := false
	take := func(l sourceLine) {
		if !found || migrationBefore(last.Path, l.Path) {
			last, found = l, true
		}
	}
	for _, l := range src.mod.SQLLiteralsIn(a.dialect()) {
		if !l.DDL || !p.MatchString(l.Value) {
			continue
		}
		if lit, ok := stringLitOf(l); ok {
			take(src.litLine(lit, p))
		}
	}
	for _, c := range src.mod.SchemaFileLines(p, a.dialect()) {
		take(sourceLine{Path: filepath.Join(src.root, filepath.FromSlash(c.File)), Line: c.StartLine, Text: strings.TrimSpace(c.Text)})
	}
	return last, found
}

// migrationBefore reports whether the migration file at a comes before
// the one at b: by the number their names start with, else by path.
func migrationBefore(a, b string) bool {
	na, oka := leadingNumber(filepath.Base(a))
	nb, okb := leadingNumber(filepath.Base(b))
	if oka && okb && na != nb {
		return na < nb
	}
	return a < b
}

// leadingNumber returns the number a name starts with.
func leadingNumber(name string) (int, bool) {
	i := 0
	for i < len(name) && name[i] >= '0' && name[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(name[:i])
	return n, err == nil
}

// syncCall matches xorm's calls that make tables from the models they are
// given.
var syncCall = regexp.MustCompile(`^(?:Sync|Sync2|SyncStructs)$`)

// modelValue reports whether e is a value of a model written in place:
// new(T), &T{} or T{}.
func modelValue(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		return ok && id.Name == "new"
	case *ast.UnaryExpr:
		_, lit := x.X.(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.CompositeLit:
		return true
	}
	return false
}
