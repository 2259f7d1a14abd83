package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A handler that answers a fixed text ("Internal server error") for any
// error, and logs none, hides the error's own words: the analysis sees
// only that the call above the status line failed. What that call runs
// can still be read against the schema: a query that names a table no
// migration creates, or a column its tables do not have (or had before a
// migration renamed it), fails on every request. Such a query, in the
// functions the failing call reaches, is the likely cause.

// maxUnseenDepth bounds how many calls below the failing call the
// queries are read.
const maxUnseenDepth = 2

// unseenQueryFault is a query, in a function the failing call reaches,
// that the schema rules out.
type unseenQueryFault struct {
	fn    string
	at    sourceLine
	why   string
	fix   string
	names []string
	// test says the fault is not a query: a test of the error, or (tx) a
	// transaction used after it ended.
	test, tx bool
	// what names the fault in the headline when no kind above does.
	what string
}

// unseenCauses explains an error whose text was neither shown nor
// logged by the queries the call that returned it reaches: it reports
// whether it found one the schema rules out, and then says so.
func (a *analysis) unseenCauses() bool {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return false
	}
	f, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return false
	}
	at, refs := src.mod.ErrorSourceFor(a.r, f, fd, a.s.Line)
	if at == 0 || len(refs) == 0 || len(a.schemaTables()) == 0 {
		return false
	}
	reach := a.reachBelow(refs)
	faults := a.queryFaults(reach)
	if len(faults) == 0 {
		faults = a.renamedConstraintTests(reach)
	}
	if len(faults) == 0 {
		faults = a.transactionsEndedEarly(reach)
	}
	if len(faults) == 0 {
		faults = a.scansOfValues(reach)
	}
	if len(faults) == 0 {
		return false
	}
	q := faults[0]
	a.g.Add(q.names...)
	a.g.Add(q.fn)
	call := src.lineIn(f, at, appsource.FuncName(fd))
	a.g.Add(call.Text)
	what := "a query in " + code(q.fn) + " that the schema rules out"
	switch {
	case q.what != "":
		what = q.what
	case q.tx:
		what = "a transaction " + code(q.fn) + " uses after it ended"
	case q.test:
		what = "a test in " + code(q.fn) + " that the schema rules out"
	}
	a.headline("The app answered " + a.statusWords() + " without the error; the failed call reaches " + what)
	if q.test {
		a.why("The error's own words were neither shown nor logged: only the call at " + a.cite(call) + " is known to have failed. It reaches " + code(q.fn) + ", which " + q.why + ".")
	} else {
		a.why("The error's own words were neither shown nor logged: only the call at " + a.cite(call) + " is known to have failed. It reaches " + code(q.fn) + ", whose query at " + a.cite(q.at) + " " + q.why + ": that query fails on every request that runs it.")
	}
	a.fix(q.fix)
	a.fix("Log the error before answering with the fixed text (for example " + code(`log.Printf("...: %v", err)`) + "), so that its words are seen next time.")
	return true
}

// unseenLeads names, for an error whose words were neither shown nor
// logged and whose cause no query explains (unseenCauses), the call that
// failed and the functions below it that run statements, where the error
// was most likely made (appsource's UnseenErrorOrigins); with logAdvice,
// it also advises logging the error. It reports whether it found the
// call.
func (a *analysis) unseenLeads(logAdvice bool) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	f, fd, at, calls, runners := src.mod.UnseenErrorOrigins(a.r)
	if at == 0 {
		return false
	}
	call := src.lineIn(f, at, appsource.FuncName(fd))
	a.g.Add(call.Text)
	var names []string
	for _, ref := range runners {
		if len(names) == maxUnseenLeads {
			break
		}
		name := appsource.FuncName(ref.Decl)
		at := a.fileLoc(ref.File.Path, src.mod.Fset.Position(ref.Decl.Pos()).Line)
		a.g.Add(name)
		a.g.AddScanned(at)
		names = append(names, code(name)+" ("+code(at)+")")
	}
	a.g.Add(appsource.FuncName(calls[0].Decl))
	first := code(appsource.FuncName(calls[0].Decl))
	logIt := "Log the error before answering with the fixed text (for example " + code(`log.Printf("...: %v", err)`) + ")"
	if len(names) == 0 {
		a.why("Only the call at " + a.cite(call) + " is known to have failed: the error was made in " + first + " or below it.")
		if logAdvice {
			a.fix(logIt + ", or step into " + first + " for this request, to see which of its calls fails.")
		}
		return true
	}
	verb := " runs statements or ends a transaction: the likeliest place"
	if len(names) > 1 {
		verb = " run statements or end transactions: the likeliest places"
	}
	a.why("Only the call at " + a.cite(call) + " is known to have failed. Below it, " + joinAnd(names) + verb + " for an error that was made and passed up unchanged.")
	if logAdvice {
		a.fix(logIt + " to see its words, then read " + joinAnd(names) + " for the statement that fails.")
	} else {
		a.fix("Until the error's words are seen, read " + joinAnd(names) + " for the statement that fails.")
	}
	return true
}

// maxUnseenLeads bounds the functions unseenLeads names.
const maxUnseenLeads = 3

// reachBelow returns refs and the module functions they call, up to
// maxUnseenDepth calls deep, each once (appsource.Module.ReachFrom).
func (a *analysis) reachBelow(refs []appsource.FuncRef) []appsource.FuncRef {
	return a.app().mod.ReachFrom(refs, maxUnseenDepth)
}

// sqlTableRef matches a table a statement reads or writes.
var sqlTableRef = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE)\s+["` + "`" + `]?([A-Za-z_][\w.]*)`)

// queryFaults returns the queries of the functions reach holds (written
// in them, or in a constant they name) that name a table no schema
// creates while one of a close name exists, or a column the tables they
// name do not have while one of them has it under a close name or had it
// before a migration renamed it.
func (a *analysis) queryFaults(reach []appsource.FuncRef) []unseenQueryFault {
	src := a.app()
	in := map[*ast.FuncDecl]bool{}
	for _, ref := range reach {
		in[ref.Decl] = true
	}
	var out []unseenQueryFault
	for _, l := range src.mod.SQLLiteralsIn(a.dialect()) {
		if l.DDL {
			continue
		}
		var runner *appsource.FuncRef
		for _, r := range src.mod.QueryRunners(l) {
			if in[r.Decl] {
				runner = &r
				break
			}
		}
		if runner == nil {
			continue
		}
		fn := appsource.FuncName(runner.Decl)
		line := src.lineIn(l.File, l.StartLine, fn)
		if q, ok := a.queryFault(l.Value, fn, line); ok {
			out = append(out, q)
		}
	}
	return out
}

// queryFault judges one query's tables and columns against the schema.
func (a *analysis) queryFault(sql, fn string, at sourceLine) (unseenQueryFault, bool) {
	var known []tableSchema
	for _, m := range sqlTableRef.FindAllStringSubmatch(sql, -1) {
		name := m[1]
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:] // public.items
		}
		if sqlKeywords[strings.ToLower(name)] {
			continue
		}
		if a.app().mod.SchemaCreatesTable(name, a.dialect()) {
			if s := a.schemaOf(name); s.found {
				known = append(known, s)
			}
			continue
		}
		if t, ok := a.similarSchemaTable(name); ok {
			a.g.AddScanned(a.fileLoc(t.at.Path, t.at.Line))
			return unseenQueryFault{
				fn: fn, at: at, names: []string{name, t.name},
				why: "names the table " + code(name) + ", which no migration creates; the schema creates " + code(t.name) + " at " + a.cite(t.at),
				fix: "In " + code(fn) + ", name " + code(t.name) + " instead of " + code(name) + " in the query.",
			}, true
		}
		return unseenQueryFault{}, false // a table out of sight: its columns cannot be read
	}
	if len(known) == 0 {
		return unseenQueryFault{}, false
	}
	words, aliases := queryColumnWords(sql)
	for _, col := range words {
		if anyHasColumn(known, col) {
			continue
		}
		for _, t := range known {
			for to, rn := range t.renamed {
				if rn.from == col && contains(t.columns, to) {
					a.g.AddScanned(a.fileLoc(rn.at.Path, rn.at.Line))
					return unseenQueryFault{
						fn: fn, at: at, names: []string{col, to, t.name},
						why: "names " + code(col) + ", which a migration renamed: " + a.cite(rn.at) + " renames " + code(col) + " of " + code(t.name) + " to " + code(to),
						fix: "In " + code(fn) + ", name " + code(to) + " instead of " + code(col) + " in the query.",
					}, true
				}
			}
		}
		if len(col) < minColumnWord || aliases[col] {
			continue // a short word or an alias the query gives: too weak to propose a column for
		}
		if s, t, ok := closestColumn(col, known, nil); ok {
			a.g.AddScanned(a.fileLoc(t.created.Path, t.created.Line))
			return unseenQueryFault{
				fn: fn, at: at, names: []string{col, s, t.name},
				why: "names " + code(col) + ", a column none of its tables has; " + code(t.name) + " has " + code(s) + " (created at " + a.cite(t.created) + ")",
				fix: "In " + code(fn) + ", name " + code(s) + " instead of " + code(col) + " in the query, or add " + code(col) + " to " + code(t.name) + " in a new migration if it is new.",
			}, true
		}
	}
	return unseenQueryFault{}, false
}

// anyHasColumn reports whether one of tables has col.
func anyHasColumn(tables []tableSchema, col string) bool {
	for _, t := range tables {
		if contains(t.columns, col) {
			return true
		}
	}
	return false
}

var (
	// sqlWord is a word of a statement, qualified or not (t.col), and
	// what follows it.
	sqlWord = regexp.MustCompile(`(?i)\b(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)\b(\s*\()?`)
	// sqlQuoted is a string or a placeholder, dropped before reading.
	sqlQuoted = regexp.MustCompile(`'[^']*'|\$\d+|::\s*\w+`)
	// sqlNamed is a name a statement gives (an alias after AS, a table
	// after FROM, JOIN, INTO or UPDATE, and the alias after it).
	sqlNamed = regexp.MustCompile(`(?i)\b(?:AS\s+([A-Za-z_]\w*)|(?:FROM|JOIN|INTO|UPDATE)\s+["` + "`" + `]?[\w.]+["` + "`" + `]?(?:\s+(?:AS\s+)?([A-Za-z_]\w*))?)`)
)

// minColumnWord is the shortest word of a query proposed a close column
// for.
const minColumnWord = 5

// queryColumnWords returns the words of a statement that may name
// columns: none a keyword, a function or a table; and the aliases it
// gives (after AS, or after a table or a subquery), which may be words
// of it too (ORDER BY an alias).
func queryColumnWords(sql string) (words []string, aliases map[string]bool) {
	sql = sqlQuoted.ReplaceAllString(sql, " ")
	aliases = map[string]bool{}
	for _, m := range sqlNamed.FindAllStringSubmatch(sql, -1) {
		aliases[strings.ToLower(m[1])], aliases[strings.ToLower(m[2])] = true, true
	}
	for _, m := range subqueryAlias.FindAllStringSubmatch(sql, -1) {
		aliases[strings.ToLower(m[1])] = true
	}
	skip := map[string]bool{}
	for _, m := range sqlTableRef.FindAllStringSubmatch(sql, -1) {
		for _, part := range strings.Split(strings.ToLower(m[1]), ".") {
			skip[part] = true
		}
	}
	seen := map[string]bool{}
	for _, m := range sqlWord.FindAllStringSubmatch(sql, -1) {
		w := strings.ToLower(m[2])
		if m[3] != "" || sqlKeywords[w] || skip[w] || seen[w] || m[1] != "" && aliases[w] {
			continue
		}
		seen[w] = true
		words = append(words, w)
	}
	return words, aliases
}

// subqueryAlias is the name a subquery is given: ") t", ") AS t".
var subqueryAlias = regexp.MustCompile(`(?i)\)\s*(?:AS\s+)?([A-Za-z_]\w*)`)

// sqlKeywords are SQL's words that name no column.
var sqlKeywords = func() map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(`select from where and or not in is null as join left right inner outer full cross on
		using group by order having limit offset insert into values update set delete returning distinct case when then
		else end asc desc nulls first last true false exists between like ilike any all some union intersect except
		with recursive default conflict do nothing for share of lateral interval current_date current_timestamp now
		count sum min max avg coalesce cast array row rows only fetch next natural primary key references table`) {
		out[w] = true
	}
	return out
}()

// unseenLostWrap finds, for an error whose words were neither shown nor
// logged, a test of the failing function (errors.Is(err, T)) that the
// error failed although the call that returned err reaches a wrap of an
// error with %v (not %w): the wrap hides T from the test. It is found in
// the functions that call reaches only (reachBelow), the first there.
func (a *analysis) unseenLostWrap(src *appSource, f *appFile, fd *ast.FuncDecl) (lostSentinel, bool) {
	_, mfd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	mf, _ := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if mfd == nil || mf == nil {
		return lostSentinel{}, false
	}
	_, refs := src.mod.ErrorSourceFor(a.r, mf, mfd, a.s.Line)
	if len(refs) == 0 {
		return lostSentinel{}, false
	}
	var test *ast.CallExpr
	target := ""
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && test == nil {
			if t, ok := src.errorsIsTarget(f, call); ok && src.mod.Fset.Position(call.Pos()).Line < a.s.Line {
				test, target = call, t
			}
		}
		return test == nil
	})
	if test == nil {
		return lostSentinel{}, false
	}
	for _, ref := range a.reachBelow(refs) {
		start, end := src.mod.Fset.Position(ref.Decl.Pos()), src.mod.Fset.Position(ref.Decl.End())
		for _, w := range src.textWraps() {
			if w.Verb == "w" || w.Line.Path != ref.File.Path || w.Line.Line < start.Line || w.Line.Line > end.Line {
				continue
			}
			return lostSentinel{Check: src.lineAt(f, test.Pos(), funcName(fd)), Target: target, Wrap: w}, true
		}
	}
	return lostSentinel{}, false
}

// transactionsEndedEarly returns the functions reach holds that commit or
// roll back a transaction and then run a statement on it
// (appsource.Module.TxEndedEarly): that statement fails on every request
// that gets there, with sql.ErrTxDone.
func (a *analysis) transactionsEndedEarly(reach []appsource.FuncRef) []unseenQueryFault {
	src := a.app()
	var out []unseenQueryFault
	for _, ref := range reach {
		e, ok := src.mod.TxEndedEarly(ref)
		if !ok || e.InHelper {
			continue
		}
		f, fn := src.viewOf(ref.File), funcName(ref.Decl)
		end, use := src.lineAt(f, e.End, fn), src.lineAt(f, e.After, fn)
		a.g.Add(e.Method)
		out = append(out, unseenQueryFault{
			fn: fn, at: end, names: []string{fn}, test: true, tx: true,
			why: "calls " + code(e.Method) + " at " + a.cite(end) + " and runs a statement on the same transaction afterwards, at " + a.cite(use) + ": that statement fails with " + code("sql.ErrTxDone") + " on every request that gets there",
			fix: "In " + code(fn) + ", end the transaction only after its last statement: move the " + code(e.Method) + " at " + code(a.fileLoc(end.Path, end.Line)) + " below " + code(a.fileLoc(use.Path, use.Line)) + ".",
		})
	}
	return out
}

// renamedConstraintTests returns the tests, in the functions reach holds,
// of a constraint's name (constraintTestsIn) that a migration renamed
// (ALTER INDEX … RENAME TO, RENAME CONSTRAINT … TO): the test never
// matches, and the violation it meant to answer falls through.
func (a *analysis) renamedConstraintTests(reach []appsource.FuncRef) []unseenQueryFault {
	src := a.app()
	seen := map[*ast.FuncDecl]bool{}
	var out []unseenQueryFault
	for _, ref := range reach {
		for _, t := range a.constraintTestsIn(src.viewOf(ref.File), ref.Decl, seen) {
			rename := compiled(`(?i)\b(?:ALTER\s+INDEX\s+(?:IF\s+EXISTS\s+)?["` + "`" + `]?` + regexp.QuoteMeta(t.Name) + `["` + "`" + `]?\s+RENAME\s+TO|RENAME\s+CONSTRAINT\s+["` + "`" + `]?` + regexp.QuoteMeta(t.Name) + `["` + "`" + `]?\s+TO)\s+["` + "`" + `]?(\w+)`)
			l, ok := a.schemaLine(rename)
			if !ok {
				continue
			}
			m := rename.FindStringSubmatch(l.Text)
			if m == nil {
				continue
			}
			out = append(out, unseenQueryFault{
				fn: t.Line.Func, at: t.Line, names: []string{t.Name, m[1]}, test: true,
				why: "tells the violation it answers by the name " + code(t.Name) + " at " + a.cite(t.Line) + ", and a migration renamed it: " + a.cite(l) + " renames " + code(t.Name) + " to " + code(m[1]) + ". The test never matches, so that violation falls through to the fixed answer",
				fix: "In " + code(t.Line.Func) + ", test for " + code(m[1]) + " instead of " + code(t.Name) + ", or test the error's code (SQLSTATE 23505 for a unique violation) instead of its text.",
			})
		}
	}
	return out
}
