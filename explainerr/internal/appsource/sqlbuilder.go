package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Query builders and ORMs (ozzo-dbx, squirrel, sqlx helpers, gorm) write
// no SQL text in the app: the table is a short literal handed to a
// builder's From, Table, Into or Update, or returned by a model's
// TableName method, and a column is a literal handed to its OrderBy,
// Select, Where or GroupBy. An SQL error naming the table or the column
// leads there.

// tableCalls are the builder methods whose first argument names a table.
var tableCalls = map[string]bool{"From": true, "Table": true, "Into": true, "InsertInto": true, "Update": true,
	"Delete": true, "DeleteFrom": true, "Join": true, "LeftJoin": true, "InnerJoin": true, "RightJoin": true, "Insert": true}

// columnCalls are the builder methods whose string arguments name
// columns.
var columnCalls = map[string]bool{"OrderBy": true, "AndOrderBy": true, "Order": true, "Select": true, "GroupBy": true,
	"Group": true, "Where": true, "AndWhere": true, "OrWhere": true, "Having": true, "Column": true, "Columns": true,
	"Pluck": true, "Distinct": true, "Omit": true,
	// gorm's conditions: Or, Not, Joins, the inline conditions of Find,
	// First, Take and Last, and Statement.BuildCondition.
	"Or": true, "Not": true, "Joins": true, "Find": true, "First": true, "Take": true, "Last": true,
	"BuildCondition": true, "UpdateColumn": true,
	// go-sqlbuilder's and similar builders' conditions, whose first
	// argument is the column: sb.Like("t.name", …), sb.Equal("id", …).
	"Like": true, "NotLike": true, "ILike": true, "NotILike": true, "Equal": true, "NotEqual": true,
	"GreaterThan": true, "GreaterEqualThan": true, "LessThan": true, "LessEqualThan": true,
	"In": true, "NotIn": true, "IsNull": true, "IsNotNull": true, "Between": true, "NotBetween": true}

// TableLiteral is a string literal that names a table (or, among
// ColumnLiterals, columns) for a query builder.
type TableLiteral struct {
	File *File
	// Decl is the top-level declaration that holds the literal.
	Decl  ast.Decl
	Lit   *ast.BasicLit
	Value string
	// StartLine and EndLine are the literal's lines.
	StartLine, EndLine int
}

// TableLiterals returns the module's string literals that name a table
// for a query builder: the first argument of a call to one of tableCalls
// and the results of TableName methods, read once per Module.
func (m *Module) TableLiterals() []TableLiteral {
	m.tableOnce.Do(func() { m.tableLits, m.columnLits = m.findBuilderLiterals() })
	return m.tableLits
}

// ColumnLiterals returns the module's string literals handed to a query
// builder's column methods (columnCalls), read once per Module.
func (m *Module) ColumnLiterals() []TableLiteral {
	m.tableOnce.Do(func() { m.tableLits, m.columnLits = m.findBuilderLiterals() })
	return m.columnLits
}

// findBuilderLiterals does the work of TableLiterals and ColumnLiterals.
func (m *Module) findBuilderLiterals() (tables, columns []TableLiteral) {
	literal := func(f *File, d ast.Decl, e ast.Expr) (TableLiteral, bool) {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return TableLiteral{}, false
		}
		v, err := strconv.Unquote(lit.Value)
		return TableLiteral{File: f, Decl: d, Lit: lit, Value: v,
			StartLine: f.fset.Position(lit.Pos()).Line, EndLine: f.fset.Position(lit.End()).Line}, err == nil
	}
	add := func(f *File, d ast.Decl, e ast.Expr) {
		if l, ok := literal(f, d, e); ok && isTableName(l.Value) {
			tables = append(tables, l)
		}
	}
	for _, f := range m.Files {
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.Name == "TableName" && fd.Body != nil {
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
						add(f, d, ret.Results[0])
					}
					return true
				})
			}
			ast.Inspect(d, func(n ast.Node) bool {
				if ce, ok := n.(*ast.CallExpr); ok && len(ce.Args) > 0 {
					if sel, ok := ce.Fun.(*ast.SelectorExpr); ok && tableCalls[sel.Sel.Name] {
						add(f, d, ce.Args[0])
					} else if ok && columnCalls[sel.Sel.Name] {
						for _, a := range ce.Args {
							if l, ok := literal(f, d, a); ok {
								columns = append(columns, l)
							}
						}
					}
				}
				return true
			})
		}
	}
	return tables, columns
}

// isTableName reports whether v is a bare (possibly schema-qualified or
// aliased) table name: "albums", "public.albums", "albums a".
func isTableName(v string) bool {
	f := strings.Fields(v)
	if len(f) == 0 || len(f) > 2 {
		return false
	}
	for _, r := range f[0] {
		if !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// builderColumnChunks gives the function (at most one) whose query
// builder names column among a column method's arguments ("title DESC",
// "a.title"), for an SQL error about it.
func (m *Module) builderColumnChunks(s *staticSet, column, table, dialect string) []report.Chunk {
	if column == "" {
		return nil
	}
	lits := m.builderLiteralsFor("columns", m.ColumnLiterals(), dialect)
	// The column as the error qualifies it ("t.title") names the query
	// more surely than the bare name, which other tables' queries share.
	if table != "" {
		qualified := regexp.MustCompile(`(?i)(?:^|[^\w.])` + regexp.QuoteMeta(table+"."+column) + `(?:$|[^\w])`)
		if out := s.firstBuilderChunk(lits, qualified.MatchString); len(out) > 0 {
			return out
		}
	}
	word := regexp.MustCompile(`(?i)(?:^|[^\w])` + regexp.QuoteMeta(column) + `(?:$|[^\w])`)
	return s.firstBuilderChunk(lits, word.MatchString)
}

// firstBuilderChunk returns the chunk of the first function that holds
// one of lits whose value matches, marking it shown; when a chunk shown
// already (a frame's callee) holds such a function, that chunk is marked
// as the query instead and nothing is added; when more than
// maxGuessedQueries functions hold one and none is called by a chunk
// shown, nothing is given.
func (s *staticSet) firstBuilderChunk(lits []TableLiteral, matches func(string) bool) []report.Chunk {
	for _, l := range lits {
		if fd, ok := l.Decl.(*ast.FuncDecl); ok && s.seen[fd] && matches(l.Value) && s.marksQuery(l.File, fd) {
			return nil
		}
	}
	var pick *TableLiteral
	var pickDecl *ast.FuncDecl
	candidates := 0
	for i, l := range lits {
		if !matches(l.Value) {
			continue
		}
		candidates++
		fd, ok := l.Decl.(*ast.FuncDecl)
		if !ok || s.seen[fd] || pickDecl != nil && !(s.calledByShown(fd) && !s.calledByShown(pickDecl)) {
			continue
		}
		pick, pickDecl = &lits[i], fd
	}
	if pick != nil && candidates > maxGuessedQueries && !s.calledByShown(pickDecl) {
		// Many builder calls name it and none is tied to the request:
		// the first would be a guess.
		return nil
	}
	if pick != nil {
		l, fd := *pick, pickDecl
		s.seen[fd] = true
		return []report.Chunk{s.literalChunk(l.File, fd, l.StartLine, l.EndLine)}
	}
	return nil
}

// builderQueryChunks gives the function (at most one) whose query builder
// names table, for an SQL error about it.
func (m *Module) builderQueryChunks(s *staticSet, table, dialect string) []report.Chunk {
	if table == "" {
		return nil
	}
	return s.firstBuilderChunk(m.builderLiteralsFor("tables", m.TableLiterals(), dialect), func(v string) bool {
		name := strings.Fields(v)[0]
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		return strings.EqualFold(name, table)
	})
}

// builderLiteralsFor orders a query builder's literals (kind "tables" or
// "columns") for dialect d (SQLDialect) by their files, once per kind and
// dialect.
func (m *Module) builderLiteralsFor(kind string, lits []TableLiteral, d string) []TableLiteral {
	if d == "" {
		return lits
	}
	if v, ok := m.dialectLits.Load(kind + "/" + d); ok {
		return v.([]TableLiteral)
	}
	out := ByDialect(lits, d, m.HasDialectFiles(d), func(l TableLiteral) string { return m.Rel(l.File.Path) })
	m.dialectLits.Store(kind+"/"+d, out)
	return out
}
